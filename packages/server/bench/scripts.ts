/**
 * Script runs under load, next to a plain find of the same data and the health endpoint, in one
 * run against one child-process node: 10 of 10,000 documents by filter, (a) through
 * GET /vault/db/{collection}, (b) through an authenticated run of a `find` script with the filter
 * value as a `$params`, (c) the same behind a `queryHasResults` condition, (d) anonymously.
 * Target (issue 6): the authenticated script run ≥ 70% of the plain find rate.
 */
import { fileURLToPath } from 'node:url';
import { connect, createDevIdentity } from '@cella/sdk';
import { startBenchNode } from './node-under-test.js';
import { fmt, load, pct, printTable } from './lib.js';

async function benchEngine(label: string, env: Record<string, string>): Promise<void> {
  // Anonymous runs are rate-limited per IP; the load generator is one IP, so lift the limit here.
  const bench = await startBenchNode({ CELLA_ANONYMOUS_RUNS_PER_MINUTE: '1000000', ...env });
  try {
    const url = bench.node.url;
    const vault = bench.vault;
    const auth = { authorization: `Bearer ${bench.token}`, 'content-type': 'application/json' };
    const docs = await vault.db.createCollection('bench');
    const payload = 'lorem ipsum dolor sit amet '.repeat(4);
    for (let b = 0; b < 10; b++) {
      await docs.insert(
        Array.from({ length: 1000 }, (_, i) => ({ n: b * 1000 + i, group: (b * 1000 + i) % 1000, payload })),
        { timestamp: false },
      );
    }
    const friend = await connect({ url, signer: createDevIdentity().signer });
    const friendToken = await friend.session.token();
    await (await vault.db.createCollection('friends')).insert({ did: friend.did });

    const executable = { type: 'find', collection: 'bench', filter: { group: '$params.group' } } as const;
    await vault.scripts.register('by_group', { executable });
    await vault.scripts.register('by_group_friends', {
      condition: { type: 'queryHasResults', collection: 'friends', filter: { did: '$caller_did' } },
      executable,
    });
    await vault.scripts.register('by_group_public', { executable, allowAnonymous: true });
    const check = await vault.scripts.run<{ by_group: { total: number; items: unknown[] } }>('by_group', {
      params: { group: 42 },
    });
    if (check.by_group.items.length !== 10 || check.by_group.total !== 10)
      throw new Error(`expected 10 documents, got ${check.by_group.items.length}`);

    const runBody = JSON.stringify({ params: { group: 42 } });
    const ownerBody = JSON.stringify({ context: { target_did: vault.did }, params: { group: 42 } });
    const health = await load({ url: `${url}/api/v2/health` });
    const find = await load({
      url: `${url}/api/v2/vault/db/bench?filter=${encodeURIComponent('{"group":42}')}`,
      headers: auth,
    });
    const run = await load({
      url: `${url}/api/v2/vault/scripting/by_group/run`,
      method: 'POST',
      headers: auth,
      body: runBody,
    });
    const guarded = await load({
      url: `${url}/api/v2/vault/scripting/by_group_friends/run`,
      method: 'POST',
      headers: { authorization: `Bearer ${friendToken}`, 'content-type': 'application/json' },
      body: ownerBody,
    });
    const anonymous = await load({
      url: `${url}/api/v2/vault/scripting/by_group_public/run`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: ownerBody,
    });
    for (const [name, r] of Object.entries({ health, find, run, guarded, anonymous })) {
      if (r.errors + r.non2xx > 0) console.log(`WARNING: ${name}: ${r.errors} errors, ${r.non2xx} non-2xx`);
    }
    const row = (measure: string, r: { requestsPerSecond: number; p99Ms: number }, target = '') => ({
      measure,
      rate: `${fmt(r.requestsPerSecond)} req/s`,
      'p99 ms': fmt(r.p99Ms),
      'vs plain find': pct(r.requestsPerSecond, find.requestsPerSecond),
      'vs health': pct(r.requestsPerSecond, health.requestsPerSecond),
      target,
    });
    printTable(`Scripts over HTTP — ${label} (one node, one run; 10 of 10,000 documents)`, [
      row('GET /api/v2/health (unauthenticated)', health),
      row('plain find (GET /vault/db/bench?filter=…)', find),
      row('run of a find script (owner, $params)', run, '≥ 70% of plain find'),
      row('run behind a friends condition (friend → owner)', guarded),
      row('anonymous run (rate limit lifted)', anonymous),
    ]);
  } finally {
    await bench.stop();
  }
}

export async function benchScripts(): Promise<void> {
  await benchEngine('SQLite (embedded)', {});
  if (process.env.MONGODB_URI) await benchEngine('MongoDB', { MONGODB_URI: process.env.MONGODB_URI });
  else console.log('\n(MongoDB engine not measured: set MONGODB_URI to include it)');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await benchScripts();
