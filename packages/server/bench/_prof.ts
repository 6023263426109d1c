// scratch (not committed): profile / quick ratio of inserts with N streams
import { request, type ClientRequest } from 'node:http';
import { cpuMs, load, median } from './lib.js';
import { startBenchNode } from './node-under-test.js';
const mode = process.env.MODE ?? 'ratio';
const N = Number(process.env.N ?? 100);
const SECS = Number(process.env.SECS ?? 2);
const ROUNDS = Number(process.env.R ?? 4);
const nodeArgs = mode === 'prof' ? ['--cpu-prof', '--cpu-prof-dir=/work/wt/events3-scratch/prof'] : [];
const bench = await startBenchNode({ CELLA_EVENTS_MAX_STREAMS_PER_DID: '2000', CELLA_EVENTS_MAX_PER_VAULT: '1000000', CELLA_MAX_CONNECTIONS_PER_IP: '5000' }, nodeArgs);
const url = bench.node.url, token = bench.token, pid = bench.node.process.pid!;
await bench.vault.db.createCollection('chat');
const insert = { url: `${url}/api/v2/vault/db/chat`, method: 'POST' as const, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ document: { from: 'alice', text: 'lorem ipsum dolor sit amet '.repeat(4) } }) };
const open = () => new Promise<{ r: ClientRequest; bytes: number }>((res, rej) => { const s = { r: undefined as unknown as ClientRequest, bytes: 0 }; s.r = request(`${url}/api/v2/vault/events?collections=chat`, { headers: { authorization: `Bearer ${token}` }, agent: false }, (m) => { m.on('data', (c: Buffer) => (s.bytes += c.length)); m.on('error', () => undefined); res(s); }); s.r.on('error', rej); s.r.end(); });
const streams: Array<{ r: ClientRequest; bytes: number }> = [];
const hold = async (n: number) => { while (streams.length < n) streams.push(...(await Promise.all(Array.from({ length: Math.min(50, n - streams.length) }, open)))); for (const s of streams.splice(n)) s.r.destroy(); await new Promise((r) => setTimeout(r, 800)); };
const sample = async () => { const b = cpuMs(pid); const r = await load({ ...insert, durationSeconds: SECS }); return { rps: r.requestsPerSecond, cpu: ((cpuMs(pid) - b) * 1000) / r.total }; };
await load({ ...insert, durationSeconds: 2 });
if (mode === 'prof') { await hold(N); await load({ ...insert, durationSeconds: 2 }); await sample().then(console.log); }
else {
  const res: Record<number, Array<{ rps: number; cpu: number }>> = { 0: [], [N]: [] };
  await hold(N); await load({ ...insert, durationSeconds: 1 });
  for (let i = 0; i < ROUNDS; i++) for (const c of i % 2 ? [N, 0] : [0, N]) { await hold(c); res[c]!.push(await sample()); }
  const m = (c: number, k: 'rps' | 'cpu') => median(res[c]!.map((x) => x[k]));
  console.log(JSON.stringify(res));
  console.log(`N=${N} rps ratio ${(m(N, 'rps') / m(0, 'rps')).toFixed(2)}  cpu ratio ${(m(0, 'cpu') / m(N, 'cpu')).toFixed(2)}  rps0 ${m(0,'rps')} rpsN ${m(N,'rps')} cpu0 ${m(0,'cpu').toFixed(0)}us cpuN ${m(N,'cpu').toFixed(0)}us`);
}
for (const s of streams) s.r.destroy();
if (process.env.DEBUG_FEED) console.log(bench.node.output().split("\n").filter((l) => l.includes("pagesPerS")).join("\n"));
await bench.stop();
