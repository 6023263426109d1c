/**
 * Fair sharing (issue 21) on the MongoDB engine, against a real node process over HTTP with a
 * MongoDB-compatible server behind it (MONGODB_URI, else FerretDB from the cached binary): one
 * user's 20 concurrent full scans take only their caller's turns (CELLA_QUERIES_PER_CALLER), so
 * another user's indexed find is answered while they run, and the 21st is refused with 429. The
 * per-caller turns sit above the DocumentStore port, so they hold on either engine; this shows it.
 * The time bound here tells an answer from a stall with a wide margin; it measures nothing.
 */
import type { Vault } from '@cella/sdk';
import {
  ferretBinary,
  mongoTargetAvailable,
  startMongoTarget,
  type MongoTarget,
} from '@cella/document-store/testing';
import { spawnNode, type SpawnedNode } from '@cella/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawCall, signedInUser } from '../helpers/users.js';

/** A filter no index decides: every document is read and tested. */
const SCAN = { $nor: [{ payload: { $regex: 'a$' } }, { tag: { $regex: 'zz' } }] };
const DOCUMENTS = 4000;

const metricsOf = async (node: SpawnedNode) => (await fetch(`${node.url}/metrics`)).text();

if (!mongoTargetAvailable()) {
  const why = `fair sharing on MongoDB SKIPPED: MONGODB_URI is not set and no FerretDB binary at ${ferretBinary()}`;
  console.warn(why);
  describe.skip('fair sharing on MongoDB', () => it(why, () => undefined));
} else {
  describe('fair sharing on MongoDB, two users, one scanning', () => {
    let target: MongoTarget | null = null;
    let node: SpawnedNode;
    let alice: Vault;
    let bob: Vault;

    beforeAll(async () => {
      target = await startMongoTarget();
      if (!target) throw new Error('could not start a MongoDB-compatible server');
      node = await spawnNode({
        env: {
          MONGODB_URI: target.uri,
          CELLA_QUERIES_PER_CALLER: '2',
          CELLA_QUERY_QUEUE: '18',
          CELLA_QUERY_TIMEOUT: '60',
        },
      });
      [alice, bob] = await Promise.all([signedInUser(node.url), signedInUser(node.url)]);
      const big = await alice.db.createCollection('big');
      const payload = 'lorem ipsum dolor sit amet';
      for (let from = 0; from < DOCUMENTS; from += 2000)
        await big.insert(
          Array.from({ length: 2000 }, (_, i) => ({ seq: from + i, tag: `t${(from + i) % 1000}`, payload })),
          { timestamp: false },
        );
      await bob.db.createCollection('notes');
      await bob.db.collection('notes').insert(
        Array.from({ length: 200 }, (_, i) => ({ tag: `t${i % 20}`, i })),
        { timestamp: false },
      );
      await bob.db.collection('notes').createIndex({ tag: 1 });
    }, 180_000);
    afterAll(async () => {
      await node?.stop();
      await target?.stop();
    });

    it("answers one user's indexed find while the other runs 20 full scans, and refuses the other's 21st with 429", async () => {
      const scan = () =>
        rawCall(alice, 'POST', '/api/v2/vault/db/big/count', { filter: SCAN }).then((answer) => {
          scansDone++;
          return answer;
        });
      let scansDone = 0;
      const scans = Array.from({ length: 20 }, scan);
      // Two run, eighteen wait in line (once every request has arrived): a 21st is refused at once.
      const started = performance.now();
      while (!/cella_db_queries_waiting 18\b/.test(await metricsOf(node))) {
        if (performance.now() - started > 30_000) throw new Error('the scans never queued');
        await new Promise((r) => setTimeout(r, 50));
      }
      const refused = await rawCall(alice, 'POST', '/api/v2/vault/db/big/count', { filter: SCAN });
      expect(refused.status).toBe(429);
      expect(refused.body.error.message).toMatch(/too many database queries of yours/);
      const findStarted = performance.now();
      const found = await bob.db.collection('notes').find({ tag: 't7' }).toArray();
      const bobMs = performance.now() - findStarted;
      expect(found).toHaveLength(10);
      // Answered while alice's scans were still running: none of them held bob's turn.
      expect(scansDone).toBeLessThan(20);
      expect(bobMs).toBeLessThan(10_000);
      const answers = await Promise.all(scans);
      expect(answers.map((a) => [a.status, a.body])).toEqual(
        Array.from({ length: 20 }, () => [201, { count: DOCUMENTS }]),
      );
    }, 180_000);
  });
}
