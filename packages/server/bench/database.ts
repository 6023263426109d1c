/**
 * Database endpoints under load, against the same node's health endpoint, in one run:
 * authenticated find-by-filter (10 of 10,000 documents), single insert, bulk insert, count.
 * Targets (issue 4, 2-core machine): find ≥ 30% and insert ≥ 20% of health; bulk ≥ 20,000 docs/s.
 */
import { startBenchNode } from './node-under-test.js';
import { fmt, load, pct, printTable } from './lib.js';

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
    const check = await docs.find({ group: 42 });
    if (check.length !== 10) throw new Error(`expected 10 documents, got ${check.length}`);

    const health = await load({ url: `${url}/api/v2/health` });
    const find = await load({
      url: `${url}/api/v2/vault/db/bench?filter=${encodeURIComponent('{"group":42}')}`,
      headers: auth,
    });
    const count = await load({
      url: `${url}/api/v2/vault/db/bench/count`,
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ filter: { group: 42 } }),
    });
    const insert = await load({
      url: `${url}/api/v2/vault/db/bench`,
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ document: { single: true, payload } }),
    });
    for (const [name, r] of Object.entries({ health, find, count, insert })) {
      if (r.errors + r.non2xx > 0) console.log(`WARNING: ${name}: ${r.errors} errors, ${r.non2xx} non-2xx`);
    }
    printTable(`Database over HTTP — ${label} (one node, one run)`, [
      {
        measure: 'GET /api/v2/health (unauthenticated)',
        rate: `${fmt(health.requestsPerSecond)} req/s`,
        'vs health': '100%',
        target: '',
      },
      {
        measure: 'find 10 of 10,000 by filter',
        rate: `${fmt(find.requestsPerSecond)} req/s`,
        'vs health': pct(find.requestsPerSecond, health.requestsPerSecond),
        target: '≥ 30%',
      },
      {
        measure: 'single insert',
        rate: `${fmt(insert.requestsPerSecond)} req/s`,
        'vs health': pct(insert.requestsPerSecond, health.requestsPerSecond),
        target: '≥ 20%',
      },
      {
        measure: 'count by filter',
        rate: `${fmt(count.requestsPerSecond)} req/s`,
        'vs health': pct(count.requestsPerSecond, health.requestsPerSecond),
        target: '',
      },
      {
        measure: 'bulk insert (batches of 1,000)',
        rate: `${fmt(bulkDocsPerSecond)} docs/s`,
        'vs health': '',
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
