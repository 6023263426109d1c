/** The database endpoints of spec §4 over HTTP through the SDK, for signed-in users. */
import { CellaApiError, type Vault } from '@cella/sdk';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTempNode, type TempNode } from '../helpers/temp-node.js';
import { rawCall, signedInUser } from '../helpers/users.js';

let node: TempNode;
let alice: Vault;
let bob: Vault;

beforeAll(async () => {
  node = await startTempNode();
  alice = await signedInUser(node.url);
  bob = await signedInUser(node.url, 'elastos');
});
afterAll(async () => node?.stop());

async function refused(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CellaApiError);
  return error as CellaApiError;
}

describe('collections', () => {
  test('create, list, delete; a second create is 455; deleting a missing one is 404/4', async () => {
    await alice.db.createCollection('notes');
    expect(await alice.db.listCollections()).toEqual(['notes']);
    expect(await refused(alice.db.createCollection('notes'))).toMatchObject({
      status: 455,
      code: 'ALREADY_EXISTS',
    });
    await alice.db.deleteCollection('notes');
    expect(await alice.db.listCollections()).toEqual([]);
    expect(await refused(alice.db.deleteCollection('notes'))).toMatchObject({
      status: 404,
      internalCode: 4,
      code: 'COLLECTION_NOT_FOUND',
    });
  });

  test('internal and invalid names are refused with 400', async () => {
    for (const name of ['__files__', '__anything', 'ipfs_files', 'scripts', 'collections', 'system.users']) {
      expect(await refused(alice.db.createCollection(name)), name).toMatchObject({
        status: 400,
        code: 'INVALID_PARAMETER',
      });
    }
    for (const name of ['', '.hidden', 'a/b', 'a$b', 'x'.repeat(65), 'spaces here', 'nul\u0000']) {
      const result = await rawCall(alice, 'POST', '/api/v2/vault/db/collections', { name });
      expect(result.status, JSON.stringify(name)).toBe(400);
    }
  });

  test('operations on a missing collection are 404 with internal_code 4', async () => {
    const missing = alice.db.collection('nope');
    // Each refusal is caught as it is sent: they answer in any order (a read may go to a worker).
    for (const op of [
      missing.insert({ a: 1 }),
      missing.find().toArray(),
      missing.count(),
      missing.update({}, { $set: { a: 1 } }),
      missing.delete({}),
      // A missing collection is reported before anything else wrong with the request.
      missing.update({}, { a: 1 }),
      missing.insert({ $bad: 1 }),
      missing.delete({ a: { $where: 'x' } }),
    ].map(refused)) {
      expect(await op).toMatchObject({ status: 404, internalCode: 4 });
    }
  });
});

describe('documents', () => {
  test("two users with same-named collections never see each other's documents", async () => {
    await alice.db.createCollection('shared_name');
    await bob.db.createCollection('shared_name');
    await alice.db.collection('shared_name').insert({ owner: 'alice' });
    await bob.db.collection('shared_name').insert([{ owner: 'bob' }, { owner: 'bob' }]);
    expect((await alice.db.collection('shared_name').find().toArray()).map((d) => d.owner)).toEqual([
      'alice',
    ]);
    expect(await bob.db.collection('shared_name').count({})).toBe(2);
    expect(await bob.db.collection('shared_name').count({ owner: 'alice' })).toBe(0);
    await bob.db.collection('shared_name').delete({});
    expect(await alice.db.collection('shared_name').count({})).toBe(1);
  });

  test('insert returns ids and adds timestamps; Extended JSON round-trips', async () => {
    const c = await alice.db.createCollection('ext');
    const result = await c.insert([
      { n: 1, at: { $date: '2026-01-02T03:04:05.000Z' } },
      { _id: { $oid: '65a1b2c3d4e5f60718293a4b' }, n: 2 },
    ]);
    expect(result.acknowledged).toBe(true);
    expect(result.inserted_ids).toHaveLength(2);
    expect(result.inserted_ids[0]).toMatch(/^[0-9a-f]{24}$/);
    expect(result.inserted_ids[1]).toBe('65a1b2c3d4e5f60718293a4b');
    const [first] = await c.find({ n: 1 }).toArray();
    expect(first).toMatchObject({
      n: 1,
      _id: result.inserted_ids[0],
      created: expect.any(Number),
      modified: expect.any(Number),
    });
    expect(first!.at).toEqual({ $date: '2026-01-02T03:04:05Z' });
    const byId = await c.find({ _id: { $oid: '65a1b2c3d4e5f60718293a4b' } }).toArray();
    expect(byId).toHaveLength(1);
    const dated = await c.find({ at: { $gt: { $date: '2026-01-01T00:00:00Z' } } }).toArray();
    expect(dated).toHaveLength(1);
    await c.insert({ n: 3 }, { timestamp: false });
    expect((await c.find({ n: 3 }).toArray())[0]).not.toHaveProperty('created');
  });

  test('a duplicate _id stores none of the batch (455)', async () => {
    const c = await alice.db.createCollection('dups');
    await c.insert({ _id: 'a', v: 1 });
    expect(await refused(c.insert([{ _id: 'b' }, { _id: 'a' }]))).toMatchObject({ status: 455 });
    expect(await c.count({})).toBe(1);
  });

  test('find with filter, sort, skip, limit and projection; count with skip and limit', async () => {
    const c = await alice.db.createCollection('people');
    await c.insert(
      Array.from({ length: 20 }, (_, i) => ({
        name: `p${i}`,
        age: 20 + (i % 5),
        tags: i % 2 ? ['odd'] : ['even'],
      })),
      { timestamp: false },
    );
    const found = await c
      .find(
        { age: { $gte: 22 }, tags: 'odd' },
        { sort: { age: -1, name: 1 }, skip: 1, limit: 3, projection: { _id: 0, name: 1, age: 1 } },
      )
      .toArray();
    // age ≥ 22 and odd: p9/p19 (24), p3/p13 (23), p7/p17 (22); by age desc then name; skip 1, take 3
    expect(found).toEqual([
      { name: 'p9', age: 24 },
      { name: 'p13', age: 23 },
      { name: 'p3', age: 23 },
    ]);
    expect(await c.count({ tags: 'even' })).toBe(10);
    expect(await c.count({}, { skip: 15 })).toBe(5);
    expect(await c.count({}, { limit: 4 })).toBe(4);
    expect(await c.find({ name: 'nobody' }).toArray()).toEqual([]);
  });

  test('update one or many, with upsert, reports counts', async () => {
    const c = await alice.db.createCollection('counters');
    await c.insert([
      { k: 'a', v: 1 },
      { k: 'a', v: 2 },
      { k: 'b', v: 3 },
    ]);
    expect(await c.update({ k: 'a' }, { $inc: { v: 10 } })).toMatchObject({
      matched_count: 2,
      modified_count: 2,
      upserted_id: null,
    });
    expect(await c.update({ k: 'a' }, { $set: { flag: true } }, { one: true })).toMatchObject({
      matched_count: 1,
      modified_count: 1,
    });
    const upsert = await c.update({ k: 'z' }, { $set: { v: 99 } }, { upsert: true });
    expect(upsert).toMatchObject({
      matched_count: 0,
      modified_count: 0,
      upserted_id: expect.stringMatching(/^[0-9a-f]{24}$/),
    });
    const [z] = await c.find({ k: 'z' }).toArray();
    expect(z).toMatchObject({ k: 'z', v: 99, created: expect.any(Number), modified: expect.any(Number) });
    expect(await refused(c.update({}, { v: 1 }))).toMatchObject({ status: 400 });
  });

  test('delete one or many; the filter may also travel in the query string', async () => {
    const c = await alice.db.createCollection('trash');
    await c.insert([{ t: 1 }, { t: 1 }, { t: 2 }, { t: 3 }]);
    expect(await c.delete({ t: 1 }, { one: true })).toEqual({ acknowledged: true, deleted_count: 1 });
    expect(await c.count({ t: 1 })).toBe(1);
    expect(await c.delete({ t: { $in: [1, 2] } })).toEqual({ acknowledged: true, deleted_count: 2 });
    expect(await c.count({})).toBe(1);
    const viaQuery = await rawCall(
      alice,
      'DELETE',
      `/api/v2/vault/db/trash?filter=${encodeURIComponent('{"t":3}')}`,
    );
    expect(viaQuery.status).toBe(200);
    expect(viaQuery.body).toEqual({ acknowledged: true, deleted_count: 1 });
    expect(await c.count({})).toBe(0);
    expect((await rawCall(alice, 'DELETE', '/api/v2/vault/db/trash?deleteone=true')).status).toBe(400);
    // No filter at all (no body, no query) is the Hive dialect's drop (rule D): its clients send that.
    expect((await rawCall(alice, 'DELETE', '/api/v2/vault/db/trash')).status).toBe(204);
    expect(await alice.db.listCollections()).not.toContain('trash');
  });

  test('unicode keys and values round-trip', async () => {
    const c = await alice.db.createCollection('unicode');
    await c.insert({ ключ: 'значение', emoji: '🦊🌍', 中文: ['一', '二'] });
    const [doc] = await c.find({ ключ: 'значение' }).toArray();
    expect(doc).toMatchObject({ emoji: '🦊🌍', 中文: ['一', '二'] });
  });
});

describe('refusals', () => {
  test('operators that run code or reach other databases are 400', async () => {
    const c = await alice.db.createCollection('guarded');
    await c.insert({ a: 1 });
    const bad = [
      { $where: 'this.a == 1' },
      { $where: 'function() { return true }' },
      { $expr: { $function: { body: 'function() { return true }', args: [], lang: 'js' } } },
      { a: { $eq: 1 }, $expr: { $accumulator: {} } },
    ];
    for (const filter of bad) {
      const find = await rawCall(
        alice,
        'GET',
        `/api/v2/vault/db/guarded?filter=${encodeURIComponent(JSON.stringify(filter))}`,
      );
      expect(find.status, JSON.stringify(filter)).toBe(400);
      expect(find.body.error.message).toEqual(expect.any(String));
      expect((await rawCall(alice, 'POST', '/api/v2/vault/db/guarded/count', { filter })).status).toBe(400);
      expect(
        (await rawCall(alice, 'PUT', '/api/v2/vault/db/guarded', { filter, update: { $set: { b: 1 } } }))
          .status,
      ).toBe(400);
      expect((await rawCall(alice, 'DELETE', '/api/v2/vault/db/guarded', { filter })).status).toBe(400);
    }
    expect(await c.count({})).toBe(1);
  });

  test('a filter that is not an object is a 400, not a 500', async () => {
    for (const filter of ['[]', '"text"', '42', 'null', '{bad json', 'true']) {
      const find = await rawCall(
        alice,
        'GET',
        `/api/v2/vault/db/guarded?filter=${encodeURIComponent(filter)}`,
      );
      expect(find.status, filter).toBe(400);
    }
    for (const filter of [[], 'text', 42, null, true]) {
      expect(
        (await rawCall(alice, 'POST', '/api/v2/vault/db/guarded/count', { filter })).status,
        JSON.stringify(filter),
      ).toBe(400);
    }
    for (const query of ['skip=-1', 'limit=abc', 'limit=100000', 'sort=%5B1%5D', 'projection=7']) {
      expect((await rawCall(alice, 'GET', `/api/v2/vault/db/guarded?${query}`)).status, query).toBe(400);
    }
  });

  test('documents that are too large or too deep, and bad keys, are 400', async () => {
    const c = alice.db.collection('guarded');
    expect(await refused(c.insert({ big: 'x'.repeat(1024 * 1024 + 10) }))).toMatchObject({ status: 400 });
    let deep: Record<string, unknown> = { leaf: 1 };
    for (let i = 0; i < 100; i++) deep = { d: deep };
    expect(await refused(c.insert(deep))).toMatchObject({ status: 400 });
    expect(await refused(c.insert({ $set: 1 }))).toMatchObject({ status: 400 });
    expect(await refused(c.insert({ bad: { $oid: 'not-hex' } }))).toMatchObject({ status: 400 });
    expect(await c.count({})).toBe(1);
  });

  test('large documents under the cap are stored whole', async () => {
    const c = await alice.db.createCollection('large');
    const text = 'y'.repeat(900 * 1024);
    await c.insert({ text });
    const [doc] = await c.find({}, { projection: { text: 1 } }).toArray();
    expect((doc!.text as string).length).toBe(text.length);
  });
});

describe('indexes', () => {
  test('create, list and drop through the SDK; a unique index refuses a duplicate with 455', async () => {
    const c = await alice.db.createCollection('members');
    expect(await c.createIndex({ email: 1 }, { unique: true })).toBe('email_1');
    expect(await c.createIndex({ team: 1, joined: -1 }, { name: 'by_team' })).toBe('by_team');
    expect(await c.createIndex({ email: 1 }, { unique: true })).toBe('email_1');
    await c.insert([
      { email: 'a@x', team: 't', joined: 1 },
      { email: 'b@x', team: 't', joined: 2 },
    ]);
    expect(await refused(c.insert({ email: 'a@x' }))).toMatchObject({ status: 455, code: 'ALREADY_EXISTS' });
    expect(await refused(c.update({ email: 'b@x' }, { $set: { email: 'a@x' } }))).toMatchObject({
      status: 455,
    });
    expect(await c.count({})).toBe(2);
    expect((await c.find({ team: 't' }, { sort: { joined: -1 } }).toArray()).map((d) => d.email)).toEqual([
      'b@x',
      'a@x',
    ]);
    expect((await c.listIndexes()).filter((i) => !i.auto)).toEqual([
      { name: '_id_', key: { _id: 1 }, unique: true, auto: false },
      { name: 'by_team', key: { team: 1, joined: -1 }, unique: false, auto: false },
      { name: 'email_1', key: { email: 1 }, unique: true, auto: false },
    ]);
    await c.dropIndex('by_team');
    expect(await refused(c.dropIndex('by_team'))).toMatchObject({
      status: 404,
      internalCode: 10,
      code: 'INDEX_NOT_FOUND',
    });
    expect(await refused(c.createIndex({ other: 1 }, { name: 'email_1' }))).toMatchObject({ status: 455 });
    // Another user's same-named collection has none of these.
    await bob.db.createCollection('members');
    expect((await bob.db.collection('members').listIndexes()).map((i) => i.name)).toEqual(['_id_']);
  });

  test('bad specifications, unknown options, the _id index and missing collections are refused', async () => {
    const c = await alice.db.createCollection('indexed_refusals');
    const path = '/api/v2/vault/db/indexed_refusals/indexes';
    for (const body of [
      { keys: {} },
      { keys: { a: 2 } },
      { keys: { a: 'text' } },
      { keys: { $where: 1 } },
      { keys: { 'a..b': 1 } },
      { keys: { a: 1 }, options: { sparse: true } },
      { keys: { a: 1 }, extra: 1 },
      { keys: { a: 1 }, options: { name: 'ax_mine' } },
      { keys: Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`k${i}`, 1])) },
    ])
      expect((await rawCall(alice, 'POST', path, body)).status, JSON.stringify(body)).toBe(400);
    expect(await refused(c.dropIndex('_id_'))).toMatchObject({ status: 400 });
    const missing = alice.db.collection('no_such');
    for (const op of [
      () => missing.listIndexes(),
      () => missing.createIndex({ a: 1 }),
      () => missing.dropIndex('a_1'),
    ])
      expect(await refused(op())).toMatchObject({ status: 404, internalCode: 4 });
  });
});
