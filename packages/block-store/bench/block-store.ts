/**
 * BlockStore engine throughput: add and cat MiB/s of a streamed file (default 256 MiB; set
 * BENCH_MIB) for each engine, next to node:crypto sha256 of the same bytes in the same process
 * (the practical ceiling the HTTP targets are stated against), with peak RSS.
 *
 *   npm run bench:blocks                 both engines (kubo if its cached binary or KUBO_API_URL exists)
 *   BENCH_MIB=1024 npm run bench:blocks  the 1 GiB memory check
 *   BENCH_ENGINES=helia npm run bench:blocks
 *
 * Each engine runs in its own child process, so one engine's heap does not inflate the other's RSS.
 */
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BlockStore } from '../src/block-store.js';
import { createHeliaBlockStore } from '../src/helia/index.js';
import { createKuboBlockStore } from '../src/kubo/index.js';
import { kuboBinary, startKubo, type KuboDaemon } from '../src/testing/kubo-daemon.js';

const MiB = 1024 * 1024;
const PIECE = 64 * 1024; // what an HTTP request body delivers per chunk, roughly
const totalMiB = Number(process.env.BENCH_MIB ?? 256);
const total = totalMiB * MiB;

type Engine = 'helia' | 'kubo';

interface Result {
  engine: Engine;
  mib: number;
  sha256: number;
  add: number;
  cat: number;
  rangeMs: number;
  rssBase: number;
  rssAdd: number;
  rssCat: number;
  daemonPeak?: number;
  ok: boolean;
}

/** Unique, incompressible bytes without paying for randomBytes per piece: a random base, stamped. */
const base = randomBytes(16 * MiB);
async function* bytes(): AsyncGenerator<Uint8Array> {
  for (let off = 0, i = 0; off < total; off += PIECE, i++) {
    const piece = Buffer.allocUnsafe(Math.min(PIECE, total - off));
    base.copy(piece, 0, off % base.length);
    piece.writeUInt32BE(i, 0); // every 1 MiB chunk differs: no dedupe flatters the store
    yield piece;
  }
}

/** Samples RSS every 10 ms; `peak()` gives the largest since `reset()`, in MiB. */
function rssSampler(): { reset(): void; peak(): number; stop(): void } {
  let max = 0;
  const sample = (): void => {
    max = Math.max(max, process.memoryUsage.rss());
  };
  const timer = setInterval(sample, 10);
  return {
    reset: () => {
      // Start each phase from live memory only, not the previous phase's garbage.
      (globalThis as { gc?: () => void }).gc?.();
      max = 0;
      sample();
    },
    peak: () => (sample(), max / MiB),
    stop: () => clearInterval(timer),
  };
}

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t0 = process.hrtime.bigint();
  const value = await fn();
  return [value, Number(process.hrtime.bigint() - t0) / 1e9];
}

function daemonPeakMiB(daemon: KuboDaemon): number | undefined {
  try {
    const pid = readFileSync(join(daemon.repo, 'daemon.pid'), 'utf8').trim();
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m === null ? undefined : Number(m[1]) / 1024;
  } catch {
    return undefined;
  }
}

async function runChild(engine: Engine): Promise<Result> {
  const rss = rssSampler();
  let store: BlockStore;
  let cleanup: () => Promise<void>;
  let daemon: KuboDaemon | undefined;
  if (engine === 'helia') {
    const dir = await mkdtemp(join(tmpdir(), 'cella-bench-helia-'));
    store = await createHeliaBlockStore({ dir });
    cleanup = () => rm(dir, { recursive: true, force: true });
  } else {
    const external = process.env.KUBO_API_URL;
    if (external === undefined || external === '') daemon = await startKubo();
    store = await createKuboBlockStore({ apiUrl: daemon?.apiUrl ?? external! });
    cleanup = async () => daemon?.stop();
  }
  try {
    // sha256 of the same byte stream, same process: the reference rate.
    const hash = createHash('sha256');
    const [, tHash] = await timed(async () => {
      for await (const piece of bytes()) hash.update(piece);
    });
    const digest = hash.digest('hex');

    rss.reset();
    const rssBase = rss.peak();
    const [{ cid, size }, tAdd] = await timed(() => store.add(bytes(), { pin: true }));
    const rssAdd = rss.peak();
    if (size !== total) throw new Error(`add reported ${size} bytes`);

    rss.reset();
    const [read, tCat] = await timed(async () => {
      let n = 0;
      for await (const chunk of store.cat(cid)) n += chunk.length;
      return n;
    });
    const rssCat = rss.peak();

    // Correctness, untimed: the bytes read back hash to the bytes sent.
    const check = createHash('sha256');
    for await (const chunk of store.cat(cid)) check.update(chunk);
    const ok = read === total && check.digest('hex') === digest;

    const [, tRange] = await timed(async () => {
      for await (const _ of store.cat(cid, { offset: Math.floor(total / 2), length: MiB }));
    });

    await store.unpin(cid);
    await store.gc();
    const result: Result = {
      engine,
      mib: totalMiB,
      sha256: totalMiB / tHash,
      add: totalMiB / tAdd,
      cat: totalMiB / tCat,
      rangeMs: tRange * 1000,
      rssBase,
      rssAdd,
      rssCat,
      ok,
    };
    if (daemon !== undefined) result.daemonPeak = daemonPeakMiB(daemon);
    return result;
  } finally {
    rss.stop();
    await store.close();
    await cleanup();
  }
}

function pct(part: number, whole: number): string {
  return `${Math.round((100 * part) / whole)}%`;
}

function main(): void {
  const wanted = (process.env.BENCH_ENGINES ?? 'helia,kubo').split(',').map((s) => s.trim()) as Engine[];
  const engines = wanted.filter((e) => {
    if (e !== 'kubo') return true;
    const available = (process.env.KUBO_API_URL ?? '') !== '' || kuboBinary() !== undefined;
    if (!available)
      console.warn('kubo: skipped (no KUBO_API_URL and no binary; run scripts/services/kubo.sh install)');
    return available;
  });
  console.log(
    `BlockStore bench: ${totalMiB} MiB streamed in ${PIECE / 1024} KiB pieces, Node ${process.version}\n`,
  );
  const rows: Result[] = [];
  for (const engine of engines) {
    const child = spawnSync(
      process.execPath,
      [...process.execArgv, '--expose-gc', fileURLToPath(import.meta.url)],
      {
        env: { ...process.env, BENCH_CHILD: engine },
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
        maxBuffer: 1 << 20,
      },
    );
    const line = child.stdout.trim().split('\n').pop() ?? '';
    if (child.status !== 0 || !line.startsWith('{')) {
      console.error(`${engine}: failed (exit ${child.status})\n${child.stdout}`);
      process.exitCode = 1;
      continue;
    }
    rows.push(JSON.parse(line) as Result);
  }
  const f = (n: number): string => n.toFixed(0).padStart(6);
  console.log(
    'engine | sha256 MiB/s | add MiB/s (of sha256) | cat MiB/s (of sha256) | 1 MiB range | RSS MiB base/add/cat | daemon peak | bytes ok',
  );
  for (const r of rows) {
    console.log(
      `${r.engine.padEnd(6)} | ${f(r.sha256)}       | ${f(r.add)} (${pct(r.add, r.sha256).padStart(4)})        | ` +
        `${f(r.cat)} (${pct(r.cat, r.sha256).padStart(4)})        | ${r.rangeMs.toFixed(1).padStart(6)} ms | ` +
        `${r.rssBase.toFixed(0)}/${r.rssAdd.toFixed(0)}/${r.rssCat.toFixed(0)}${' '.repeat(10)} | ` +
        `${r.daemonPeak === undefined ? '-' : `${r.daemonPeak.toFixed(0)} MiB`} | ${r.ok ? 'yes' : 'NO'}`,
    );
  }
  if (rows.some((r) => !r.ok)) process.exitCode = 1;
}

const child = process.env.BENCH_CHILD as Engine | undefined;
if (child !== undefined) {
  runChild(child).then(
    (r) => console.log(JSON.stringify(r)),
    (err: unknown) => {
      console.error(err);
      process.exitCode = 1;
    },
  );
} else {
  main();
}
