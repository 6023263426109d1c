/**
 * Injection through `$params` and isolation between vaults: parameters are data, never operators,
 * field references or path escapes; a script reaches only its own vault, and only through its own
 * executable.
 */
import { createClient, type Vault } from '@cella/sdk';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTempNode, type TempNode } from '../helpers/temp-node.js';
import { rawCall, signedInUser } from '../helpers/users.js';
import { refused, refusedWithoutChange, snapshot } from './helpers.js';

let node: TempNode;
let owner: Vault;
let caller: Vault;

beforeAll(async () => {
  node = await startTempNode();
  owner = await signedInUser(node.url);
  caller = await signedInUser(node.url, 'elastos');
  const secrets = await owner.db.createCollection('secrets');
  await secrets.insert([
    { key: 'k-alpha', pin: '1111', value: 'alpha' },
    { key: 'k-beta', pin: '2222', value: 'beta' },
  ]);
  const shares = await owner.db.createCollection('shares');
  await shares.insert([{ code: 'open-sesame' }]);
  // Look up one secret by its key; an anonymous caller knowing a key sees that one value.
  await owner.scripts.register('by_key', {
    executable: {
      type: 'find',
      collection: 'secrets',
      filter: { key: '$params.key' },
      options: { projection: { _id: 0, value: 1 } },
    },
    allowAnonymous: true,
  });
  // Guarded by a share code in the condition.
  await owner.scripts.register('guarded', {
    condition: { type: 'queryHasResults', collection: 'shares', filter: { code: '$params.code' } },
    executable: { type: 'count', collection: 'secrets', filter: {} },
    allowAnonymous: true,
  });
  // A PIN check written with $expr, where a string beginning with `$` would be a field path.
  await owner.scripts.register('pin_check', {
    condition: {
      type: 'queryHasResults',
      collection: 'secrets',
      filter: { key: '$params.key', $expr: { $eq: ['$pin', '$params.pin'] } },
    },
    executable: {
      type: 'find',
      collection: 'secrets',
      filter: { key: '$params.key' },
      options: { projection: { _id: 0, value: 1 } },
    },
    allowAnonymous: true,
  });
  // Deletes the caller's own entry only.
  await owner.scripts.register('delete_mine', {
    executable: {
      type: 'delete',
      collection: 'secrets',
      filter: { key: '$params.key', owner: '$caller_did' },
    },
  });
});
afterAll(async () => node?.stop());

describe('parameters are data', () => {
  const anonymous = () => createClient({ url: node.url });

  test('a legitimate key finds its one value', async () => {
    expect(await anonymous().scripts.run('by_key', { owner: owner.did, params: { key: 'k-beta' } })).toEqual({
      by_key: { total: 1, items: [{ value: 'beta' }] },
    });
  });

  test('operator objects in a filter parameter are refused with 400 ($ne, $gt, $regex, $in, $exists, $where, $expr, nested)', async () => {
    const attempts: unknown[] = [
      { $ne: null },
      { $gt: '' },
      { $regex: '.*' },
      { $in: ['k-alpha', 'k-beta'] },
      { $exists: true },
      { $where: 'return true' },
      { $expr: { $eq: [1, 1] } },
      { $regularExpression: { pattern: '.*', options: '' } },
      { $not: { $eq: 'x' } },
      [{ $ne: null }],
      { nested: { $ne: null } },
      { $oid: 'not-an-object-id' },
    ];
    for (const key of attempts) {
      const error = await refused(anonymous().scripts.run('by_key', { owner: owner.did, params: { key } }));
      expect(error.status, JSON.stringify(key)).toBe(400);
      expect(error.message).toMatch(/parameter "key"/);
    }
  });

  test('operator injection cannot satisfy a condition', async () => {
    for (const code of [{ $ne: null }, { $exists: true }, { $regex: '' }, { $gte: '' }]) {
      expect(
        (await refused(anonymous().scripts.run('guarded', { owner: owner.did, params: { code } }))).status,
      ).toBe(400);
    }
    expect(
      await anonymous().scripts.run('guarded', { owner: owner.did, params: { code: 'open-sesame' } }),
    ).toEqual({ guarded: { count: 2 } });
  });

  test('inside $expr a "$field" parameter stays a string: it cannot compare a field with itself', async () => {
    const run = (pin: unknown) =>
      anonymous().scripts.run('pin_check', { owner: owner.did, params: { key: 'k-alpha', pin } });
    for (const pin of ['$pin', '$$ROOT.pin', '0000']) {
      const error = await refused(run(pin));
      expect(error.status, pin).toBe(400);
      expect(error.message, pin).toMatch(/condition/);
    }
    expect(await run('1111')).toEqual({ pin_check: { total: 1, items: [{ value: 'alpha' }] } });
  });

  test('Extended JSON values ($oid, $date) are accepted as parameter values', async () => {
    const [doc] = await owner.db.collection('secrets').find({ key: 'k-alpha' }).toArray();
    const id = doc!._id;
    await owner.scripts.register('by_id', {
      executable: { type: 'count', collection: 'secrets', filter: { _id: '$params.id' } },
    });
    expect(await owner.scripts.run('by_id', { params: { id: { $oid: id } } })).toEqual({
      by_id: { count: 1 },
    });
  });

  test('substitution happens once: a parameter whose text is a variable stays text', async () => {
    await owner.db.createCollection('echo');
    await owner.scripts.register('echo', {
      executable: { type: 'insert', collection: 'echo', document: { a: '$params.a', b: '$params.b' } },
    });
    await caller.scripts.run('echo', { owner: owner.did, params: { a: '$caller_did', b: '$params.a' } });
    const [stored] = await owner.db.collection('echo').find({}).toArray();
    expect(stored).toMatchObject({ a: '$caller_did', b: '$params.a' });
  });

  test('parameters cannot add operators to an update or a document', async () => {
    await owner.db.createCollection('counters');
    await owner.db.collection('counters').insert({ name: 'c', value: 1 });
    await owner.scripts.register('set_value', {
      executable: {
        type: 'update',
        collection: 'counters',
        filter: { name: 'c' },
        update: { $set: { value: '$params.value' } },
      },
    });
    await refusedWithoutChange(
      owner,
      () => caller.scripts.run('set_value', { owner: owner.did, params: { value: { $inc: 1000 } } }),
      400,
    );
    await refusedWithoutChange(
      owner,
      () => caller.scripts.run('echo', { owner: owner.did, params: { a: { $set: 1 }, b: 1 } }),
      400,
    );
    await caller.scripts.run('set_value', { owner: owner.did, params: { value: { plain: 'object' } } });
    expect((await owner.db.collection('counters').find({}).toArray())[0]).toMatchObject({
      value: { plain: 'object' },
    });
  });

  test('keys are never substituted: a parameter cannot pick another field', async () => {
    await owner.db.createCollection('keyed');
    await owner.scripts.register('keyed', {
      executable: { type: 'insert', collection: 'keyed', document: { $params: 'x', '$params.k': 'v' } },
    });
    const result = await rawCall(owner, 'POST', '/api/v2/vault/scripting/keyed/run', {
      params: { k: 'owner' },
    });
    // `$`-keys are not storable; the key is taken literally, so the insert is refused as a document.
    expect(result.status).toBe(400);
  });

  test("delete_mine: another caller's entry cannot be reached by an injected filter", async () => {
    await refusedWithoutChange(
      owner,
      () => caller.scripts.run('delete_mine', { owner: owner.did, params: { key: { $ne: null } } }),
      400,
    );
    expect(await caller.scripts.run('delete_mine', { owner: owner.did, params: { key: 'k-alpha' } })).toEqual(
      {
        delete_mine: { acknowledged: true, deleted_count: 0 },
      },
    );
    expect(await owner.db.collection('secrets').count({})).toBe(2);
  });

  test('file paths: "..", ".", empty segments, NUL and absolute tricks in a parameter are refused', async () => {
    await owner.scripts.register('public_file', {
      executable: { type: 'fileProperties', path: 'public/$params.name' },
      allowAnonymous: true,
    });
    for (const name of [
      '../private/secret.txt',
      '..',
      'a/../../b',
      './x',
      'a//b',
      '/etc/passwd',
      'x\u0000y',
      'ok/..',
      '',
    ]) {
      const error = await refused(
        anonymous().scripts.run('public_file', { owner: owner.did, params: { name } }),
      );
      expect(error.status, JSON.stringify(name)).toBe(400);
    }
    for (const name of [{ $ne: null }, ['a'], true]) {
      expect(
        (await refused(anonymous().scripts.run('public_file', { owner: owner.did, params: { name } })))
          .status,
      ).toBe(400);
    }
  });
});

describe('isolation between vaults', () => {
  test("a caller's own script never runs against another vault: the script is looked up in the target", async () => {
    await caller.db.createCollection('secrets');
    await caller.scripts.register('steal', {
      executable: { type: 'find', collection: 'secrets', filter: {} },
    });
    const error = await refused(caller.scripts.run('steal', { owner: owner.did }));
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/no script named "steal"/);
  });

  test("the condition reads the owner's collection, not the caller's", async () => {
    await owner.db.createCollection('friends');
    await owner.scripts.register('friends_only', {
      condition: { type: 'queryHasResults', collection: 'friends', filter: { did: '$caller_did' } },
      executable: { type: 'count', collection: 'secrets', filter: {} },
    });
    // The caller lists themself as a friend in their OWN vault: that does not count.
    const own = await caller.db.createCollection('friends');
    await own.insert({ did: caller.did });
    expect((await refused(caller.scripts.run('friends_only', { owner: owner.did }))).status).toBe(400);
    await owner.db.collection('friends').insert({ did: caller.did });
    expect(await caller.scripts.run('friends_only', { owner: owner.did })).toEqual({
      friends_only: { count: 2 },
    });
  });

  test("a script writes only into its owner's vault, never into the caller's", async () => {
    await owner.db.createCollection('guestbook');
    await caller.db.createCollection('guestbook');
    await owner.scripts.register('sign', {
      executable: { type: 'insert', collection: 'guestbook', document: { by: '$caller_did' } },
    });
    await caller.scripts.run('sign', { owner: owner.did });
    expect(await owner.db.collection('guestbook').count({ by: caller.did })).toBe(1);
    expect(await caller.db.collection('guestbook').count({})).toBe(0);
  });

  test('parameters cannot choose the collection: collection names are never substituted', async () => {
    const error = await refused(
      owner.scripts.register('by_name', {
        executable: { type: 'find', collection: '$params.c', filter: {} },
      }),
    );
    expect(error.status).toBe(400);
  });

  test('internal collections (scripts, files, transactions) are out of reach of every script', async () => {
    for (const collection of ['__scripts__', '__files__', '__transactions__', 'system.users']) {
      const error = await refused(
        owner.scripts.register('internal', { executable: { type: 'find', collection, filter: {} } }),
      );
      expect(error.status, collection).toBe(400);
    }
  });

  test("nothing of the owner's vault changed through refused runs of this file", async () => {
    const data = await snapshot(owner);
    expect(data.secrets).toHaveLength(2);
  });
});
