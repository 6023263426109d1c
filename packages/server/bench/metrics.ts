/**
 * What metrics cost, in one run:
 * 1. Throughput with metrics on vs. off (`CELLA_METRICS=false`: no route, no request hook, engines
 *    not wrapped, i.e. the node as it was before metrics), for unauthenticated health, an
 *    authenticated no-op (node info) and a single-document insert. Three node processes side by
 *    side: on, off, and a control that is off too (its ratio to `off` is the noise of the machine).
 *    Load phases of CELLA_BENCH_SECONDS (default 1) go round the three, CELLA_BENCH_ROUNDS (default
 *    9) times in rotating order; the median of the per-round ratios is printed, and the CPU time
 *    each node process used per request (from /proc: unlike throughput, it hardly moves when other
 *    work on the machine takes the cores).
 * 2. The scrape-time count of the node-wide figures on the embedded SQLite engine, for 10,000 and
 *    100,000 vault records and reference counts: the time of one count, in the node process, and
 *    the longest the event loop waited meanwhile (it is read in pages, the loop free between them).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createSqliteDocumentStore } from '@cella/document-store/sqlite';
import { NODE_DATABASE } from '../src/auth/node-stores.js';
import { createLogger } from '../src/logger.js';
import { NodeWideFigures } from '../src/metrics/node-wide.js';
import { fmt, load, printTable, type LoadOptions } from './lib.js';
import { startBenchNode, type BenchNode } from './node-under-test.js';

/** CPU time (user + system) a process has used, in ms (Linux: /proc/<pid>/stat, in clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const ROUNDS = Math.max(1, Number(process.env.CELLA_BENCH_ROUNDS ?? 9));
const SECONDS = Number(process.env.CELLA_BENCH_SECONDS ?? 1);

async function throughput(): Promise<void> {
  // A second node without metrics measures the noise: its ratio to the first is what chance gives.
  // Started together, so that none is systematically the first process on the machine.
  const [on, off, control] = await Promise.all([
    startBenchNode(),
    startBenchNode({ CELLA_METRICS: 'false' }),
    startBenchNode({ CELLA_METRICS: 'false' }),
  ]);
  const benches = { on, off, control };
  type Which = keyof typeof benches;
  try {
    for (const bench of [on, off, control]) await bench.vault.db.createCollection('bench');
    const measures = (bench: BenchNode): Record<string, LoadOptions> => {
      const auth = { authorization: `Bearer ${bench.token}` };
      return {
        'GET /api/v2/health': { url: `${bench.node.url}/api/v2/health` },
        'GET /api/v2/node/info (authenticated)': { url: `${bench.node.url}/api/v2/node/info`, headers: auth },
        'POST /api/v2/vault/db/bench (one document)': {
          url: `${bench.node.url}/api/v2/vault/db/bench`,
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ document: { payload: 'lorem ipsum dolor sit amet' } }),
        },
      };
    };
    const loads = { on: measures(on), off: measures(off), control: measures(control) };
    const median = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      const mid = sorted.length >> 1;
      return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
    };
    const rows: Array<Record<string, string>> = [];
    let failed = 0;
    for (const name of Object.keys(loads.on)) {
      for (const which of Object.keys(benches) as Which[])
        await load({ ...loads[which][name]!, durationSeconds: 1 });
      const rates: Record<Which, number[]> = { on: [], off: [], control: [] };
      const spent: Record<Which, { cpuMs: number; requests: number }> = {
        on: { cpuMs: 0, requests: 0 },
        off: { cpuMs: 0, requests: 0 },
        control: { cpuMs: 0, requests: 0 },
      };
      for (let round = 0; round < ROUNDS; round++) {
        // Each round visits the three nodes in a different order.
        const orders: Which[][] = [
          ['on', 'off', 'control'],
          ['off', 'control', 'on'],
          ['control', 'on', 'off'],
        ];
        for (const which of orders[round % 3]!) {
          const pid = benches[which].node.process.pid!;
          const cpuBefore = cpuMs(pid);
          const result = await load({ ...loads[which][name]!, durationSeconds: SECONDS });
          spent[which].cpuMs += cpuMs(pid) - cpuBefore;
          spent[which].requests += result.requestsPerSecond * SECONDS;
          rates[which].push(result.requestsPerSecond);
          failed += result.errors + result.non2xx;
        }
      }
      const ratios = (a: Which, b: Which) => rates[a].map((rate, i) => rate / rates[b][i]!);
      const perRequest = (which: Which) => spent[which].cpuMs / spent[which].requests;
      rows.push({
        measure: name,
        'off, per second (median)': fmt(median(rates.off)),
        'on, per second (median)': fmt(median(rates.on)),
        'on ÷ off (median of rounds)': fmt(median(ratios('on', 'off')), 3),
        'control ÷ off: noise (median of rounds)': fmt(median(ratios('control', 'off')), 3),
        'CPU per request, off (µs)': fmt(1000 * perRequest('off'), 1),
        'CPU per request, on ÷ off': fmt(perRequest('on') / perRequest('off'), 3),
        'CPU per request, control ÷ off': fmt(perRequest('control') / perRequest('off'), 3),
      });
    }
    printTable(
      `Metrics on vs. off (three nodes, ${ROUNDS} rounds of ${SECONDS} s per node and measure; the control runs without metrics too)`,
      rows,
    );
    if (failed > 0) console.log('WARNING: some requests failed');
  } finally {
    await Promise.all([on.stop(), off.stop(), control.stop()]);
  }
}

async function nodeWideCount(): Promise<void> {
  const rows: Array<Record<string, string>> = [];
  for (const size of [10_000, 100_000]) {
    const dir = mkdtempSync(path.join(tmpdir(), 'cella-bench-figures-'));
    const store = createSqliteDocumentStore({ dir });
    try {
      const nodeDb = store.database(NODE_DATABASE);
      const states = ['running', 'running', 'running', 'frozen', 'removed'];
      for (let start = 0; start < size; start += 5000) {
        const batch = Array.from({ length: Math.min(5000, size - start) }, (_, i) => start + i);
        await nodeDb.collection('vaults').insertMany(
          batch.map((n) => ({
            _id: `did:elastos:user${n}`,
            database: `node_user_${n}`,
            plan: 'Basic',
            quota: 500_000_000,
            dbUsed: n % 1000,
            filesUsed: n * 10,
            start: 1,
            end: -1,
            created: 1,
            updated: 1,
            state: states[n % states.length],
            planAmount: 0,
          })),
        );
        await nodeDb.collection('cid_refs').insertMany(
          batch.map((n) => ({
            _id: `bafkrei${String(n).padStart(52, 'a')}`,
            count: 1 + (n % 3),
            updated: 1,
          })),
        );
      }
      const figures = new NodeWideFigures(nodeDb, 0, Date.now, createLogger('silent'), false);
      await figures.snapshot(); // warm-up
      const times: number[] = [];
      const pauses: number[] = [];
      for (let i = 0; i < 3; i++) {
        const delay = monitorEventLoopDelay({ resolution: 1 });
        delay.enable();
        const started = performance.now();
        const snapshot = await figures.snapshot();
        times.push(performance.now() - started);
        delay.disable();
        pauses.push(delay.max / 1e6);
        if (snapshot?.users !== size) throw new Error(`counted ${snapshot?.users} users of ${size}`);
      }
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[1]!;
      rows.push({
        'vault records and CID counts': fmt(size),
        'one count, ms (median of 3)': fmt(median(times), 1),
        'longest event-loop pause, ms (median of 3)': fmt(median(pauses), 1),
      });
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  printTable('Node-wide figures on SQLite, counted at most once per CELLA_METRICS_SCAN_INTERVAL', rows);
}

export async function benchMetrics(): Promise<void> {
  await throughput();
  await nodeWideCount();
}

if (import.meta.url === `file://${process.argv[1]}`) await benchMetrics();
