/**
 * Scripts on the MongoDB engine (MONGODB_URI, else a FerretDB started from the cached binary):
 * stored `$`-prefixed and dotted keys round-trip, conditions and every database executable run,
 * injection is refused, rate-limit and transaction state live in the shared store; a query past its
 * `maxTimeMS` is answered 400 / internal_code 50 (MaxTimeMSExpired) and the next one answers.
 */
import { createClient, type ScriptCondition, type ScriptExecutable, type Vault } from '@cella/sdk';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ferretBinary,
  mongoTargetAvailable,
  startMongoTarget,
  type MongoTarget,
} from '@cella/document-store/testing';
import { startTempNode, type TempNode } from '../helpers/temp-node.js';
import { rawCall, signedInUser } from '../helpers/users.js';
import { refused, refusedWithoutChange } from './helpers.js';

if (!mongoTargetAvailable()) {
  const why = `scripts on MongoDB SKIPPED: MONGODB_URI is not set and no FerretDB binary at ${ferretBinary()}`;
  console.warn(why);
  describe.skip('scripts on MongoDB', () => test(why, () => undefined));
} else {
  describe('scripts on MongoDB', () => {
    let target: MongoTarget | null = null;
    let node: TempNode;
    let owner: Vault;
    let friend: Vault;

    beforeAll(async () => {
      target = await startMongoTarget();
      if (!target) throw new Error('could not start a MongoDB-compatible server');
      node = await startTempNode({ mongodbUri: target.uri, anonymousRunsPerMinute: 2 });
      owner = await signedInUser(node.url);
      friend = await signedInUser(node.url, 'elastos');
      await (await owner.db.createCollection('friends')).insert({ did: friend.did });
      await (
        await owner.db.createCollection('notes')
      ).insert(Array.from({ length: 6 }, (_, n) => ({ n, tag: n % 2 ? 'odd' : 'even' })));
    }, 60_000);
    afterAll(async () => {
      await node?.stop();
      await target?.stop();
    });

    test('a query past its maxTimeMS answers 400 with internal_code 50, and the next query answers', async () => {
      const payload = 'lorem ipsum dolor sit amet '.repeat(4);
      const bounded = await owner.db.createCollection('bounded');
      for (let b = 0; b < 5; b++)
        await bounded.insert(
          Array.from({ length: 1000 }, (_, i) => ({ n: b * 1000 + i, payload })),
          { timestamp: false },
        );
      const scan = { payload: { $regex: 'never-there' } };
      const stopped = await rawCall(owner, 'POST', '/api/v2/vault/db/bounded/count', {
        filter: scan,
        options: { maxTimeMS: 1 },
      });
      expect(stopped.status).toBe(400);
      expect(stopped.body.error.internal_code).toBe(50);
      expect(stopped.body.error.message).toMatch(/MaxTimeMSExpired/);
      const next = await rawCall(owner, 'POST', '/api/v2/vault/db/bounded/count', { filter: scan });
      expect(next.body).toEqual({ count: 0 });
    }, 60_000);

    test('$-operators and dotted keys in stored filters and updates round-trip', async () => {
      const condition: ScriptCondition = {
        type: 'and',
        conditions: [
          { type: 'queryHasResults', collection: 'friends', filter: { did: '$caller_did' } },
          {
            type: 'queryHasResults',
            collection: 'notes',
            filter: { $or: [{ 'meta.x': { $exists: true } }, { n: { $gte: 0 } }] },
          },
        ],
      };
      const executable: ScriptExecutable = {
        type: 'update',
        collection: 'notes',
        filter: { n: { $in: ['$params.n'] } },
        update: { $set: { 'meta.by': '$caller_did' }, $inc: { hits: 1 } },
      };
      await owner.scripts.register('touch', { condition, executable });
      expect((await owner.scripts.list({ name: 'touch' }))[0]).toMatchObject({ condition, executable });
      expect(await friend.scripts.run('touch', { owner: owner.did, params: { n: 3 } })).toEqual({
        touch: { acknowledged: true, matched_count: 1, modified_count: 1, upserted_id: null },
      });
      expect((await owner.db.collection('notes').find({ n: 3 }).toArray())[0]).toMatchObject({
        meta: { by: friend.did },
        hits: 1,
      });
      expect((await refused(owner.scripts.run('touch', { params: { n: 3 } }))).status).toBe(400);
    });

    test('every database executable, with the reference result shapes', async () => {
      await owner.scripts.register('all', {
        executable: {
          type: 'aggregated',
          executables: [
            { type: 'insert', name: 'ins', collection: 'notes', document: { n: 100, by: '$caller_did' } },
            {
              type: 'update',
              name: 'upd',
              collection: 'notes',
              filter: { n: 100 },
              update: { $set: { done: true } },
            },
            { type: 'count', name: 'cnt', collection: 'notes', filter: { tag: '$params.tag' } },
            {
              type: 'find',
              name: 'fnd',
              collection: 'notes',
              filter: { tag: '$params.tag' },
              options: { sort: { n: -1 }, limit: 2, projection: { _id: 0, n: 1 } },
            },
            { type: 'delete', name: 'del', collection: 'notes', filter: { n: 100 } },
          ],
        },
      });
      const result = await friend.scripts.run<Record<string, unknown>>('all', {
        owner: owner.did,
        params: { tag: 'odd' },
      });
      expect(result).toEqual({
        ins: { acknowledged: true, inserted_id: expect.stringMatching(/^[0-9a-f]{24}$/) },
        upd: { acknowledged: true, matched_count: 1, modified_count: 1, upserted_id: null },
        cnt: { count: 3 },
        fnd: { total: 3, items: [{ n: 5 }, { n: 3 }] },
        del: { acknowledged: true, deleted_count: 1 },
      });
    });

    test('operator injection is refused and changes nothing', async () => {
      await owner.scripts.register('wipe_one', {
        executable: { type: 'delete', collection: 'notes', filter: { tag: '$params.tag' } },
        allowAnonymous: true,
      });
      await refusedWithoutChange(
        owner,
        () => friend.scripts.run('wipe_one', { owner: owner.did, params: { tag: { $ne: null } } }),
        400,
      );
    });

    test('the anonymous rate limit is kept in the shared store', async () => {
      await owner.scripts.register('open', {
        executable: { type: 'count', collection: 'notes', filter: {} },
        allowAnonymous: true,
      });
      const anonymous = createClient({ url: node.url, retry: false });
      await anonymous.scripts.run('open', { owner: owner.did });
      await anonymous.scripts.run('open', { owner: owner.did });
      expect((await refused(anonymous.scripts.run('open', { owner: owner.did }))).status).toBe(429);
    });

    test('file transactions work on this engine too', async () => {
      await owner.scripts.register('drop', { executable: { type: 'fileUpload', path: 'drop/$params.name' } });
      const { drop } = await friend.scripts.run<{ drop: { transaction_id: string } }>('drop', {
        owner: owner.did,
        params: { name: 'x.txt' },
      });
      await friend.scripts.uploadByTransaction(drop.transaction_id, 'on mongo');
      expect(new TextDecoder().decode(await owner.files.bytes('drop/x.txt'))).toBe('on mongo');
      expect((await refused(friend.scripts.uploadByTransaction(drop.transaction_id, 'again'))).status).toBe(
        400,
      );
    });
  });
}
