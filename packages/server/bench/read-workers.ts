/**
 * The read pool at work (issue 21): what reads cost and gain on worker threads, in one run.
 * Each configuration is a fresh node (compiled) with one collection of generated documents
 * (written into its SQLite file in one statement, `fillSqliteCollection`; `{seq: 1}` and `{tag: 1}`
 * indexed over HTTP), then rounds of health and the measures back to back at 10 connections,
 * each as req/s ÷ the health req/s of the same round (medians; "by CPU": health's CPU per request
 * ÷ the measure's, the ratio of a machine where the node has its cores to itself; and the CPU
 * per request of the node's main thread alone, the measure's and health's):
 * - sorted page after a cursor: `{seq: {$gt: r}}` sorted by `seq`, limit 10, r random;
 * - indexed find: `{tag: t}` (10 documents), t random;
 * - insert one document (both indexes maintained; at 20,000 documents only).
 * Configurations: the default pool (cores − 1 workers) at 1,000, 20,000 and 1,000,000 documents;
 * at 20,000 also CELLA_DB_WORKERS=1 (when the default differs) and CELLA_DB_WORKERS=0 (reads on
 * the node's thread, as before the pool).
 * Targets (not asserted): sorted page ÷ health ≥ 0.30 at every size; insert with the pool ≥ 0.95
 * of insert without it (each as its ratio to health).
 * CELLA_BENCH_ROUNDS (3), CELLA_BENCH_SECONDS (3), CELLA_BENCH_READ_SIZES (1000,20000,1000000).
 */
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fillSqliteCollection } from '@cella/document-store/testing';
import { vaultDatabaseName } from '../src/vault/names.js';
import { fmt, median, printTable, ratio, ratioByCpu, rounds } from './lib.js';
import type { Measure, Sample } from './lib.js';
import { startBenchNode } from './node-under-test.js';

const ROUNDS = Math.max(1, Number(process.env.CELLA_BENCH_ROUNDS ?? 3));
const SECONDS = Number(process.env.CELLA_BENCH_SECONDS ?? 3);
const SIZES = (process.env.CELLA_BENCH_READ_SIZES ?? '1000,20000,1000000').split(',').map(Number);
/** The size the worker counts are compared at. */
const COMPARED = 20_000;
const PAYLOAD = 'lorem ipsum dolor sit amet';

type Name = 'page' | 'find' | 'insert';

interface Run {
  label: string;
  workers: string;
  size: number;
  all: Array<Record<string, Sample>>;
}

const rand = (n: number) => Math.floor(Math.random() * n);

async function measure(size: number, workers: string | null, withInsert: boolean): Promise<Run> {
  const bench = await startBenchNode(workers === null ? {} : { CELLA_DB_WORKERS: workers });
  try {
    const { url } = bench.node;
    const c = await bench.vault.db.createCollection('reads');
    const file = join(bench.node.dataDir, 'db', `${vaultDatabaseName(bench.vault.did)}.sqlite`);
    const tags = Math.max(1, size / 10);
    fillSqliteCollection({ file, collection: 'reads', count: size, tags, payload: PAYLOAD });
    await c.createIndex({ seq: 1 });
    await c.createIndex({ tag: 1 });
    const page = await c.find({ seq: { $gt: size - 15 } }, { sort: { seq: 1 }, limit: 10 }).toArray();
    if (page.length !== 10 || page[0]?.seq !== size - 14) throw new Error('unexpected sorted page');
    if ((await c.find({ tag: 't1' }).toArray()).length !== size / tags) throw new Error('unexpected find');

    const auth = { authorization: `Bearer ${bench.token}`, 'content-type': 'application/json' };
    const find = (filter: unknown, extra = '') =>
      `/api/v2/vault/db/reads?filter=${encodeURIComponent(JSON.stringify(filter))}${extra}`;
    const sorted = `&sort=${encodeURIComponent('{"seq":1}')}&limit=10`;
    const measures: Partial<Record<Name, Measure>> = {
      page: {
        url,
        headers: auth,
        setupRequest: (req) => ({
          ...req,
          method: 'GET',
          path: find({ seq: { $gt: rand(size - 10) } }, sorted),
        }),
      },
      find: {
        url,
        headers: auth,
        setupRequest: (req) => ({ ...req, method: 'GET', path: find({ tag: `t${rand(tags)}` }) }),
      },
    };
    if (withInsert)
      measures.insert = {
        url: `${url}/api/v2/vault/db/reads`,
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ document: { seq: size + 1, tag: 'fresh', payload: PAYLOAD } }),
      };
    const all = await rounds(
      `${url}/api/v2/health`,
      measures as Record<Name, Measure>,
      ROUNDS,
      SECONDS,
      bench.node.process.pid,
    );
    const label = workers === null ? `default (${Math.max(1, availableParallelism() - 1)})` : workers;
    return { label: `${fmt(size)} documents, workers ${label}`, workers: label, size, all };
  } finally {
    await bench.stop();
  }
}

export async function benchReadWorkers(): Promise<void> {
  const cores = availableParallelism();
  const runs: Run[] = [];
  for (const size of SIZES) runs.push(await measure(size, null, size === COMPARED));
  // At the compared size: one worker (when the default is more), and reads on the node's thread.
  if (cores - 1 > 1) runs.push(await measure(COMPARED, '1', true));
  runs.push(await measure(COMPARED, '0', true));

  const rows: Array<Record<string, string>> = [];
  for (const run of runs)
    for (const name of ['page', 'find', 'insert'] as const) {
      if (!run.all[0]?.[name]) continue;
      rows.push({
        documents: fmt(run.size),
        CELLA_DB_WORKERS: run.workers,
        measure: {
          page: 'sorted page after a cursor (10)',
          find: 'indexed find (10 docs)',
          insert: 'insert one',
        }[name],
        'vs health': fmt(ratio(run.all, name), 3),
        'vs health, by CPU': fmt(ratioByCpu(run.all, name), 3),
        // The node's main thread alone: what the pool cannot take off it (issue 21's page figure).
        'node thread µs/req (health)': `${fmt(median(run.all.map((r) => r[name]!.threadUs)))} (${fmt(median(run.all.map((r) => r.health!.threadUs)))})`,
        rate: `${fmt(median(run.all.map((r) => r[name]!.rps)))} req/s`,
        health: `${fmt(median(run.all.map((r) => r.health!.rps)))} req/s`,
        rounds: run.all.map((r) => fmt(r[name]!.rps / r.health!.rps, 3)).join(' · '),
      });
    }
  printTable(
    `Read workers (${cores} cores; ${ROUNDS} rounds of ${SECONDS} s at 10 connections, medians; health in the same round)`,
    rows,
  );

  // The comparisons, each of two ratios to health (node runs minutes apart compare by their health).
  const at = (workers: string) => runs.find((r) => r.size === COMPARED && r.workers.startsWith(workers));
  const pool = runs.find((r) => r.size === COMPARED && r.workers.startsWith('default'));
  const one = at('1') ?? pool;
  const inline = at('0');
  const versus = (a: Run | undefined, b: Run | undefined, name: Name) =>
    a && b
      ? `${fmt(ratio(a.all, name) / ratio(b.all, name), 3)} (by CPU ${fmt(ratioByCpu(a.all, name) / ratioByCpu(b.all, name), 3)})`
      : '';
  printTable(
    `Read workers at ${fmt(COMPARED)} documents: one configuration ÷ another (their ratios to health)`,
    [
      {
        comparison: `cores − 1 (${cores - 1}) ÷ 1 worker${cores - 1 === 1 ? ' (the same on this machine)' : ''}`,
        'sorted page': versus(pool, one, 'page'),
        'indexed find': versus(pool, one, 'find'),
        insert: versus(pool, one, 'insert'),
      },
      {
        comparison: '1 worker ÷ 0 (reads on the node thread)',
        'sorted page': versus(one, inline, 'page'),
        'indexed find': versus(one, inline, 'find'),
        insert: versus(one, inline, 'insert'),
      },
      {
        comparison: 'default pool ÷ 0 (reads on the node thread)',
        'sorted page': versus(pool, inline, 'page'),
        'indexed find': versus(pool, inline, 'find'),
        insert: versus(pool, inline, 'insert'),
      },
    ],
  );
  console.log('\nTargets: sorted page ÷ health ≥ 0.30 at every size; insert with the pool ÷ without ≥ 0.95.');
}

if (import.meta.url === `file://${process.argv[1]}`) await benchReadWorkers();
