/**
 * DatabaseService (and its encrypted variant) as a dApp on the official Hive JS SDK uses it against
 * a Cella vault node: every method, the option classes (InsertOptions, CountOptions, FindOptions,
 * QueryOptions with the pair-style sort, UpdateOptions), Extended JSON values and the exceptions the
 * SDK maps from the node's errors.
 */
import {
  AlreadyExistsException,
  AscendingSortItem,
  Collection,
  CollectionNotFoundException,
  CountOptions,
  DescendingSortItem,
  FindOptions,
  InsertOptions,
  InsertResult,
  QueryOptions,
  UpdateOptions,
  UpdateResult,
  Vault,
  VaultSubscription,
  type DatabaseService,
} from '@elastosfoundation/hive-js-sdk';
import { beforeAll, describe, expect, test } from 'vitest';
import { STOREPASS } from './support/identities.js';
import { failure, newUser, world } from './support/env.js';

type Doc = Record<string, unknown>;
const OBJECT_ID = /^[0-9a-f]{24}$/;

let vault: Vault;
let db: DatabaseService;
let runStart: number;

beforeAll(async () => {
  runStart = Math.floor(Date.now() / 1000) - 1;
  const user = await newUser('database');
  await new VaultSubscription(user.context, world.vault.url).subscribe();
  vault = new Vault(user.context, world.vault.url);
  db = vault.getDatabaseService();
});

/** A fresh collection per test, so one failure does not hide another. */
let counter = 0;
async function freshCollection(prefix: string): Promise<string> {
  const name = `${prefix}_${++counter}`;
  await db.createCollection(name);
  return name;
}

const field = (docs: Doc[], key: string) => docs.map((d) => d[key]);

describe('collections', () => {
  test('createCollection: getCollections lists it, unencrypted; creating it again throws AlreadyExistsException', async () => {
    await db.createCollection('notes');
    const collections = await db.getCollections();
    const notes = collections.find((c) => c.getName() === 'notes');
    expect(notes).toBeInstanceOf(Collection);
    expect(notes!.isEncrypt()).toBe(false);
    expect(notes!.getEncryptMethod()).toBe('');
    expect(await failure(db.createCollection('notes'))).toBeInstanceOf(AlreadyExistsException);
  });

  test('deleteCollection: the collection and its documents are gone; using or deleting it again throws CollectionNotFoundException', async () => {
    const name = await freshCollection('doomed');
    await db.insertOne(name, { keep: false });
    await db.deleteCollection(name);
    expect((await db.getCollections()).map((c) => c.getName())).not.toContain(name);
    expect(await failure(db.findMany(name, {}))).toBeInstanceOf(CollectionNotFoundException);
    expect(await failure(db.deleteCollection(name))).toBeInstanceOf(CollectionNotFoundException);
  });

  test('every document call on a missing collection throws CollectionNotFoundException', async () => {
    const missing = 'never_created';
    const calls = {
      insertOne: () => db.insertOne(missing, { a: 1 }),
      findMany: () => db.findMany(missing, {}),
      countDocuments: () => db.countDocuments(missing, {}),
      query: () => db.query(missing, {}),
      updateMany: () => db.updateMany(missing, {}, { $set: { a: 2 } }),
      deleteMany: () => db.deleteMany(missing, {}),
    };
    const outcomes: Record<string, string> = {};
    for (const [name, call] of Object.entries(calls)) {
      const error = await failure(call());
      outcomes[name] =
        error instanceof CollectionNotFoundException ? 'CollectionNotFoundException' : String(error);
    }
    expect(outcomes).toEqual(
      Object.fromEntries(Object.keys(calls).map((n) => [n, 'CollectionNotFoundException'])),
    );
  });
});

describe('documents', () => {
  test('insertOne / insertMany: ids are ObjectId hex strings; find returns the documents with _id as {"$oid"} and integer created/modified seconds', async () => {
    const name = await freshCollection('insert');
    const one = await db.insertOne(name, { author: 'alice', n: 1 });
    expect(one).toBeInstanceOf(InsertResult);
    expect(one.getInsertedIds()).toHaveLength(1);
    expect(one.getInsertedIds()[0]).toMatch(OBJECT_ID);
    const many = await db.insertMany(name, [
      { author: 'bob', n: 2 },
      { author: 'carol', n: 3 },
    ]);
    expect(many.getInsertedIds()).toHaveLength(2);

    const docs = (await db.findMany(name, {})) as Doc[];
    expect(field(docs, 'author').sort()).toEqual(['alice', 'bob', 'carol']);
    const ids = [...one.getInsertedIds(), ...many.getInsertedIds()].sort();
    expect(docs.map((d) => (d._id as { $oid: string }).$oid).sort()).toEqual(ids);
    for (const doc of docs) {
      expect(Number.isInteger(doc.created)).toBe(true);
      expect(Number.isInteger(doc.modified)).toBe(true);
      expect(doc.created as number).toBeGreaterThanOrEqual(runStart);
      expect(doc.created as number).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 1);
    }
  });

  test('insertMany with InsertOptions.setTimestamp(false): the documents get no created/modified', async () => {
    const name = await freshCollection('no_timestamp');
    await db.insertMany(name, [{ plain: true }], new InsertOptions().setTimestamp(false).setOrdered(true));
    const [doc] = (await db.findMany(name, {})) as Doc[];
    expect(doc).toMatchObject({ plain: true });
    expect(doc).not.toHaveProperty('created');
    expect(doc).not.toHaveProperty('modified');
  });

  test('countDocuments: with a filter, and with CountOptions skip/limit', async () => {
    const name = await freshCollection('count');
    await db.insertMany(
      name,
      [0, 1, 2, 3, 4].map((i) => ({ kind: 'c', i })),
    );
    await db.insertOne(name, { kind: 'other', i: 9 });
    expect(await db.countDocuments(name, { kind: 'c' })).toBe(5);
    expect(await db.countDocuments(name, { i: { $gte: 3 } })).toBe(3);
    expect(await db.countDocuments(name, { kind: 'c' }, new CountOptions().setSkip(1).setLimit(2))).toBe(2);
  });

  test('findMany with FindOptions skip/limit pages through the documents in insertion order; findOne gives the first match or null', async () => {
    const name = await freshCollection('pages');
    await db.insertMany(
      name,
      Array.from({ length: 10 }, (_, i) => ({ i, odd: i % 2 === 1 })),
    );
    const page = (await db.findMany(name, {}, new FindOptions().setSkip(3).setLimit(4))) as Doc[];
    expect(field(page, 'i')).toEqual([3, 4, 5, 6]);
    const odd = (await db.findMany(name, { odd: true }, new FindOptions().setLimit(2))) as Doc[];
    expect(field(odd, 'i')).toEqual([1, 3]);
    expect(((await db.findOne(name, { i: 7 })) as Doc).i).toBe(7);
    expect(await db.findOne(name, { i: 99 })).toBeNull();
  });

  test('query with QueryOptions: the pair-style sort [["n",-1]] and [["n",1]], skip, limit and projection are honoured', async () => {
    const name = await freshCollection('query');
    await db.insertMany(
      name,
      [5, 1, 4, 2, 3].map((n) => ({ tag: 'q', n, extra: `x${n}` })),
    );
    await db.insertOne(name, { tag: 'other', n: 100 });
    const descending = (await db.query(
      name,
      { tag: 'q' },
      new QueryOptions()
        .setSort([new DescendingSortItem('n')])
        .setSkip(1)
        .setLimit(3)
        .setProjection({ n: 1, _id: 0 }),
    )) as Doc[];
    expect(descending).toEqual([{ n: 4 }, { n: 3 }, { n: 2 }]);
    const ascending = (await db.query(
      name,
      { tag: 'q' },
      new QueryOptions().setSort([new AscendingSortItem('n')]),
    )) as Doc[];
    expect(field(ascending, 'n')).toEqual([1, 2, 3, 4, 5]);
    expect(field(ascending, 'extra')).toEqual(['x1', 'x2', 'x3', 'x4', 'x5']);
  });

  test('updateOne / updateMany: UpdateResult counts, and the documents really changed (with a new integer modified)', async () => {
    const name = await freshCollection('update');
    await db.insertMany(
      name,
      [1, 2, 3].map((k) => ({ group: 'u', k, v: 0 })),
    );
    const one = await db.updateOne(name, { group: 'u' }, { $set: { v: 1 } });
    expect(one).toBeInstanceOf(UpdateResult);
    expect(one.getMatchedCount()).toBe(1);
    expect(one.getModifiedCount()).toBe(1);
    expect(one.getUpsertedId()).toBeNull();
    expect(await db.countDocuments(name, { v: 1 })).toBe(1);

    const many = await db.updateMany(name, { group: 'u' }, { $set: { v: 2 } });
    expect(many.isAcknowledged()).toBe(true);
    expect(many.getMatchedCount()).toBe(3);
    expect(many.getModifiedCount()).toBe(3);
    const docs = (await db.findMany(name, { group: 'u' })) as Doc[];
    expect(field(docs, 'v')).toEqual([2, 2, 2]);
    for (const doc of docs) expect(Number.isInteger(doc.modified)).toBe(true);
  });

  test('updateOne with UpdateOptions.setUpsert(true): no match creates the document and returns its id', async () => {
    const name = await freshCollection('upsert');
    const result = await db.updateOne(
      name,
      { key: 'new' },
      { $set: { v: 9 } },
      new UpdateOptions().setUpsert(true),
    );
    expect(result.getMatchedCount()).toBe(0);
    expect(result.getUpsertedId()).toMatch(OBJECT_ID);
    const created = (await db.findOne(name, { key: 'new' })) as Doc;
    expect(created).toMatchObject({ key: 'new', v: 9 });
    expect((created._id as { $oid: string }).$oid).toBe(result.getUpsertedId());
  });

  test('deleteOne removes exactly one matching document, deleteMany all of them; others stay', async () => {
    const name = await freshCollection('delete');
    await db.insertMany(name, [
      { k: 'd', i: 1 },
      { k: 'd', i: 2 },
      { k: 'd', i: 3 },
      { k: 'keep', i: 4 },
    ]);
    await db.deleteOne(name, { k: 'd' });
    expect(await db.countDocuments(name, { k: 'd' })).toBe(2);
    await db.deleteMany(name, { k: 'd' });
    expect(await db.countDocuments(name, { k: 'd' })).toBe(0);
    expect(field((await db.findMany(name, {})) as Doc[], 'i')).toEqual([4]);
  });

  test('Extended JSON: an {"$oid"} value is stored as an ObjectId, matched by an {"$oid"} filter and returned as {"$oid"}', async () => {
    const name = await freshCollection('ejson');
    const ref = { $oid: '65a1b2c3d4e5f60718293a4b' };
    await db.insertMany(name, [
      { label: 'with ref', ref },
      { label: 'plain', ref: '65a1b2c3d4e5f60718293a4b' },
    ]);
    const found = (await db.findMany(name, { ref })) as Doc[];
    expect(field(found, 'label')).toEqual(['with ref']);
    expect(found[0]!.ref).toEqual(ref);
  });
});

describe('encrypted database (Vault.enableEncryption + getDatabaseService(true))', () => {
  test('an encrypted collection: flagged on the node, fields stored encrypted; every method of the encrypted service reads and writes through the encryption', async () => {
    const user = await newUser('encrypted-db');
    await new VaultSubscription(user.context, world.vault.url).subscribe();
    const encryptedVault = new Vault(user.context, world.vault.url);
    await encryptedVault.enableEncryption(STOREPASS);
    const secret = encryptedVault.getDatabaseService(true);
    const plain = encryptedVault.getDatabaseService();

    await secret.createCollection('secrets');
    const info = (await plain.getCollections()).find((c) => c.getName() === 'secrets')!;
    expect(info.isEncrypt()).toBe(true);
    expect(info.getEncryptMethod()).toBe('user_did');

    await secret.insertMany('secrets', [
      { title: 'diary', pages: 3 },
      { title: 'keys', pages: 1 },
    ]);
    const stored = (await plain.findMany('secrets', {})) as Doc[];
    expect(stored).toHaveLength(2);
    expect(stored.map((d) => d.title)).not.toContain('diary');
    const decrypted = (await secret.findMany('secrets', { title: 'diary' })) as Doc[];
    expect(decrypted).toHaveLength(1);
    expect(decrypted[0]).toMatchObject({ title: 'diary', pages: 3 });
    expect(await secret.countDocuments('secrets', { title: 'keys' })).toBe(1);

    await secret.insertOne('secrets', { title: 'letters', pages: 7 });
    // SDK 2.9.14's encrypted findOne encrypts its filter twice (it encrypts, then calls
    // DatabaseService.findOne, which calls the encrypted findMany, which encrypts again), so it
    // matches nothing on any node: a dApp sees null. findMany reads the document back.
    expect(await secret.findOne('secrets', { title: 'letters' })).toBeNull();
    const one = async (title: string) => ((await secret.findMany('secrets', { title })) as Doc[])[0];
    expect(await one('letters')).toMatchObject({ title: 'letters', pages: 7 });
    const queried = (await secret.query(
      'secrets',
      { title: 'keys' },
      new QueryOptions().setLimit(5),
    )) as Doc[];
    expect(queried.map((d) => d.title)).toEqual(['keys']);

    await secret.updateOne('secrets', { title: 'keys' }, { $set: { pages: 2 } });
    expect(await one('keys')).toMatchObject({ title: 'keys', pages: 2 });
    await secret.updateMany('secrets', { title: 'letters' }, { $set: { pages: 8 } });
    expect(await one('letters')).toMatchObject({ pages: 8 });

    await secret.deleteOne('secrets', { title: 'keys' });
    expect(await secret.countDocuments('secrets', {})).toBe(2);
    await secret.deleteMany('secrets', { title: 'letters' });
    expect(((await secret.findMany('secrets', {})) as Doc[]).map((d) => d.title)).toEqual(['diary']);
  });
});
