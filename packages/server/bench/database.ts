/**
 * Database endpoints under load, against the same node's health endpoint, in one run:
 * authenticated find-by-filter (10 of 10,000 documents), single insert, bulk insert, count.
 * Targets (issue 4, 2-core machine): find ≥ 30% and insert ≥ 20% of health; bulk ≥ 20,000 docs/s.
 * CELLA_BENCH_ROUNDS (3) rounds of CELLA_BENCH_SECONDS (3) per measure; medians reported.
 */
import { startBenchNode } from './node-under-test.js';
import { fmt, median, pct, printTable, ratio, rounds } from './lib.js';

const ROUNDS = Math.max(1, Number(process.env.CELLA_BENCH_ROUNDS ?? 3));
const SECONDS = Number(process.env.CELLA_BENCH_SECONDS ?? 3);

async function benchEngine(label: string, env: Record<string, string>): Promise<void> {
  const bench = await startBenchNode(env);
  try {
    const url = bench.node.url;
    const auth = { authorization: `Bearer ${bench.token}`, 'content-type': 'application/json' };
    const docs = await bench.vault.db.createCollection('bench');
    const payload = 'lorem ipsum dolor sit amet '.repeat(4);
    const batches = 10;
    const started = performance.now();
    for (let b = 0; b < batches; b++) {
      await docs.insert(
        Array.from({ length: 1000 }, (_, i) => ({ n: b * 1000 + i, group: (b * 1000 + i) % 1000, payload })),
        { timestamp: false },
      );
    }
    const bulkDocsPerSecond = (batches * 1000) / ((performance.now() - started) / 1000);
    const check = await docs.find({ group: 42 }).toArray();
    if (check.length !== 10) throw new Error(`expected 10 documents, got ${check.length}`);

    // Rounds of health, find, count, insert back to back: each ratio compares windows seconds
    // apart, so the machine's load drifting between measures moves it less; the median round of
    // each is reported and every round printed.
    const measures = {
      find: {
        url: `${url}/api/v2/vault/db/bench?filter=${encodeURIComponent('{"group":42}')}`,
        headers: auth,
      },
      count: {
        url: `${url}/api/v2/vault/db/bench/count`,
        method: 'POST' as const,
        headers: auth,
        body: JSON.stringify({ filter: { group: 42 } }),
      },
      insert: {
        url: `${url}/api/v2/vault/db/bench`,
        method: 'POST' as const,
        headers: auth,
        body: JSON.stringify({ document: { single: true, payload } }),
      },
    };
    type Name = keyof typeof measures;
    const all = await rounds(`${url}/api/v2/health`, measures, ROUNDS, SECONDS);
    const row = (measure: string, name: Name, target: string) => ({
      measure,
      rate: `${fmt(median(all.map((r) => r[name].rps)))} req/s`,
      'vs health': `${fmt(100 * ratio(all, name), 1)}%`,
      rounds: all.map((r) => pct(r[name].rps, r.health.rps)).join(' · '),
      target,
    });
    printTable(`Database over HTTP — ${label} (one node, ${ROUNDS} rounds of ${SECONDS} s, medians)`, [
      {
        measure: 'GET /api/v2/health (unauthenticated)',
        rate: `${fmt(median(all.map((r) => r.health.rps)))} req/s`,
        'vs health': '100%',
        rounds: all.map((r) => fmt(r.health.rps)).join(' · '),
        target: '',
      },
      row('find 10 of 10,000 by filter', 'find', '≥ 30%'),
      row('single insert', 'insert', '≥ 20%'),
      row('count by filter', 'count', ''),
      {
        measure: 'bulk insert (batches of 1,000)',
        rate: `${fmt(bulkDocsPerSecond)} docs/s`,
        'vs health': '',
        rounds: '',
        target: '≥ 20,000 docs/s',
      },
    ]);
  } finally {
    await bench.stop();
  }
}

export async function benchDatabase(): Promise<void> {
  await benchEngine('SQLite (embedded)', {});
  if (process.env.MONGODB_URI) await benchEngine('MongoDB', { MONGODB_URI: process.env.MONGODB_URI });
  else console.log('\n(MongoDB engine not measured: set MONGODB_URI to include it)');
}

if (import.meta.url === `file://${process.argv[1]}`) await benchDatabase();
