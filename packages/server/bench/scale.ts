/**
 * The database at scale (issue 15): one collection of 1,000, 100,000 and 1,000,000 documents, each
 * in a fresh node (compiled, as `npm start` runs it). Per size: load through the bulk insert path
 * (`insert` of 10,000 documents per request), create the indexes `{seq: 1}` and `{tag: 1}`, then
 * rounds of health and five measures back to back, each as its req/s ÷ the health req/s of the same
 * round (medians over rounds; every round printed):
 * - sorted page after a cursor: `{seq: {$gt: r}}` sorted by `seq`, limit 10, r random;
 * - equality on an indexed field: `{tag: t}` (10 documents whatever the size), t random;
 * - count with a filter: `{seq: {$gte: r, $lt: r + 1000}}` (1,000 documents), r random;
 * - get by `_id`, random;
 * - insert one document (both indexes maintained).
 * Then the node's RSS and the size of the vault's database file on disk (with its WAL).
 * Each phase also records the node's CPU time per request; health's ÷ the measure's ("by CPU") is
 * the req/s ratio of a machine where the node has a core to itself, steady however busy the machine
 * is (the wall-clock ratio moves with whatever else runs; both are printed).
 * Targets (not asserted): sorted page and equality ≥ 0.3 of health at 1k and at 1M within 20% of
 * their 1k figure; insert ≥ 0.25 of health at 1M.
 * CELLA_BENCH_SCALE_SIZES (default 1000,100000,1000000), CELLA_BENCH_ROUNDS (3),
 * CELLA_BENCH_SECONDS (3).
 */
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fmt, median, pct, printTable, ratio, ratioByCpu, rounds } from './lib.js';
import type { Measure, Sample } from './lib.js';
import { rssMiB, startBenchNode } from './node-under-test.js';

const ROUNDS = Math.max(1, Number(process.env.CELLA_BENCH_ROUNDS ?? 3));
const SECONDS = Number(process.env.CELLA_BENCH_SECONDS ?? 3);
const SIZES = (process.env.CELLA_BENCH_SCALE_SIZES ?? '1000,100000,1000000').split(',').map(Number);
const BATCH = 10_000;
const PAYLOAD = 'lorem ipsum dolor sit amet '.repeat(4);

type Name = 'page' | 'equality' | 'count' | 'get' | 'insert';

interface SizeResult {
  size: number;
  loadDocsPerSecond: number;
  indexSeconds: number;
  all: Array<Record<Name | 'health', Sample>>;
  rssMiB: number;
  diskMiB: number;
}

const rand = (n: number) => Math.floor(Math.random() * n);

function doc(i: number, size: number): Record<string, unknown> {
  return { _id: `k${i}`, seq: i, tag: `t${i % Math.max(1, size / 10)}`, payload: PAYLOAD };
}

/** Bytes of the vault database (the node's own database is the other file). */
function vaultDiskMiB(dataDir: string): number {
  const dir = join(dataDir, 'db');
  let bytes = 0;
  for (const f of readdirSync(dir)) if (f.startsWith('node_user_')) bytes += statSync(join(dir, f)).size;
  return bytes / 1024 / 1024;
}

async function benchSize(size: number, plansFile: string): Promise<SizeResult> {
  const bench = await startBenchNode({ CELLA_PLANS_FILE: plansFile });
  try {
    const { url } = bench.node;
    const c = await bench.vault.db.createCollection('scale');
    const started = performance.now();
    for (let from = 0; from < size; from += BATCH) {
      const n = Math.min(BATCH, size - from);
      await c.insert(
        Array.from({ length: n }, (_, k) => doc(from + k, size)),
        { timestamp: false },
      );
    }
    const loadDocsPerSecond = size / ((performance.now() - started) / 1000);
    const indexStarted = performance.now();
    await c.createIndex({ seq: 1 });
    await c.createIndex({ tag: 1 });
    const indexSeconds = (performance.now() - indexStarted) / 1000;
    const page = await c.find({ seq: { $gt: size - 15 } }, { sort: { seq: 1 }, limit: 10 }).toArray();
    if (page.length !== 10 || page[0]?.seq !== size - 14) throw new Error('unexpected sorted page');
    if ((await c.find({ tag: 't1' }).toArray()).length !== 10) throw new Error('unexpected equality answer');

    const auth = { authorization: `Bearer ${bench.token}`, 'content-type': 'application/json' };
    const find = (filter: unknown, extra = '') =>
      `/api/v2/vault/db/scale?filter=${encodeURIComponent(JSON.stringify(filter))}${extra}`;
    const sorted = `&sort=${encodeURIComponent('{"seq":1}')}&limit=10`;
    const span = Math.min(1000, size);
    const measures: Record<Name, Measure> = {
      page: {
        url,
        headers: auth,
        setupRequest: (req) => ({
          ...req,
          method: 'GET',
          path: find({ seq: { $gt: rand(size - 10) } }, sorted),
        }),
      },
      equality: {
        url,
        headers: auth,
        setupRequest: (req) => ({ ...req, method: 'GET', path: find({ tag: `t${rand(size / 10)}` }) }),
      },
      count: {
        url,
        headers: auth,
        setupRequest: (req) => {
          const r = rand(size - span + 1);
          return {
            ...req,
            method: 'POST',
            path: '/api/v2/vault/db/scale/count',
            body: JSON.stringify({ filter: { seq: { $gte: r, $lt: r + span } } }),
          };
        },
      },
      get: {
        url,
        headers: auth,
        setupRequest: (req) => ({ ...req, method: 'GET', path: find({ _id: `k${rand(size)}` }) }),
      },
      insert: {
        url: `${url}/api/v2/vault/db/scale`,
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ document: { seq: size + 1, tag: 'fresh', payload: PAYLOAD } }),
      },
    };
    const all = await rounds(`${url}/api/v2/health`, measures, ROUNDS, SECONDS, bench.node.process.pid);
    return {
      size,
      loadDocsPerSecond,
      indexSeconds,
      all,
      rssMiB: rssMiB(bench.node.process.pid as number),
      diskMiB: vaultDiskMiB(bench.node.dataDir),
    };
  } finally {
    await bench.stop();
    rmSync(bench.node.dataDir, { recursive: true, force: true });
  }
}

export async function benchScale(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'cella-bench-scale-'));
  const plansFile = join(dir, 'plans.json');
  // A free plan large enough for a million documents: the quota is still checked on every write.
  const big = { name: 'Basic', maxStorage: 8192, serviceDays: -1, amount: 0, currency: 'ELA' };
  writeFileSync(plansFile, JSON.stringify({ version: '1.0', pricingPlans: [big], backupPlans: [big] }));
  const results: SizeResult[] = [];
  try {
    for (const size of SIZES) results.push(await benchSize(size, plansFile));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const measures: Array<[Name, string]> = [
    ['page', 'sorted page after a cursor (limit 10)'],
    ['equality', 'equality on an indexed field (10 docs)'],
    ['count', 'count with a filter (1,000 docs)'],
    ['get', 'get by _id'],
    ['insert', 'insert one'],
  ];
  const base = results[0];
  const rows: Array<Record<string, string | number>> = [];
  for (const [name, label] of measures) {
    for (const r of results) {
      const value = ratio(r.all, name);
      const byCpu = ratioByCpu(r.all, name);
      rows.push({
        measure: label,
        documents: fmt(r.size),
        'vs health': fmt(value, 3),
        [`vs ${fmt(base?.size ?? 0)}`]: base ? pct(value, ratio(base.all, name)) : '',
        'vs health, by CPU': fmt(byCpu, 3),
        [`by CPU vs ${fmt(base?.size ?? 0)}`]: base ? pct(byCpu, ratioByCpu(base.all, name)) : '',
        'CPU/request': `${fmt(median(r.all.map((x) => x[name].cpuUs)))} µs`,
        rate: `${fmt(median(r.all.map((x) => x[name].rps)))} req/s`,
        rounds: r.all.map((x) => fmt(x[name].rps / x.health.rps, 3)).join(' · '),
      });
    }
  }
  printTable(`Database at scale (${ROUNDS} rounds of ${SECONDS} s, medians; health in the same round)`, rows);
  printTable(
    'Database at scale: load, memory, disk',
    results.map((r) => ({
      documents: fmt(r.size),
      'bulk load': `${fmt(r.loadDocsPerSecond)} docs/s`,
      'two indexes built in': `${fmt(r.indexSeconds, 2)} s`,
      health: `${fmt(median(r.all.map((x) => x.health.rps)))} req/s, ${fmt(median(r.all.map((x) => x.health.cpuUs)))} µs CPU`,
      'node RSS': `${fmt(r.rssMiB)} MiB`,
      'vault database on disk': `${fmt(r.diskMiB, 1)} MiB`,
    })),
  );
  console.log(
    '\nTargets: sorted page and equality ≥ 0.3 of health at 1k and, at 1M, within 20% of the 1k figure; insert ≥ 0.25 of health at 1M.',
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await benchScale();
