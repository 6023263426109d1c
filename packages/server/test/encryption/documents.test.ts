/**
 * Encrypted collections through the SDK against a real node: what the app sees (its documents,
 * filtered, sorted, updated, counted, deleted), what the node holds (ciphertext, tokens, flags),
 * the same identity on another connection (another device), another identity (a clear error), and
 * a changed ciphertext (refused).
 */
import {
  connect,
  createDevIdentity,
  createKeySigner,
  hexToBytes,
  type EncryptedCollection,
  type Vault,
} from '@cella/sdk';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTempNode, type TempNode } from '../helpers/temp-node.js';
import { rawCall } from '../helpers/users.js';
import { cryptoError, keyUser } from './helpers.js';

let node: TempNode;
let alice: Vault;
let aliceKey: string;
let notes: EncryptedCollection;

const docs = [
  { title: 'groceries', tag: 'home', n: 3, body: 'milk, eggs, secret-recipe' },
  { title: 'taxes', tag: 'work', n: 1, body: 'the accountant is Mrs. Smith' },
  { title: 'novel', tag: 'home', n: 2, body: 'chapter one: it was a dark night', tags: ['draft', 'long'] },
];

beforeAll(async () => {
  node = await startTempNode();
  ({ vault: alice, key: aliceKey } = await keyUser(node.url));
  notes = await alice.db.createCollection('notes', { encrypt: true, searchable: ['tag', 'tags'] });
  await notes.insert(docs);
});
afterAll(async () => node?.stop());

describe('round trip', () => {
  test('find gives back the documents as inserted, with _id and the node timestamps', async () => {
    const found = await notes.find({}, { sort: { n: 1 } }).toArray();
    expect(found.map(({ _id: _i, created: _c, modified: _m, ...rest }) => rest)).toEqual([
      docs[1],
      docs[2],
      docs[0],
    ]);
    for (const doc of found) {
      expect(doc._id).toBeDefined();
      expect(typeof doc.created).toBe('number');
    }
  });

  test('the node holds ciphertext, tokens and the flags; never a value', async () => {
    const raw = await rawCall(alice, 'GET', '/api/v2/vault/db/notes?filter=%7B%7D');
    expect(raw.body).toMatchObject({ is_encrypt: true, encrypt_method: 'cella-v1' });
    const text = JSON.stringify(raw.body.items);
    for (const word of ['groceries', 'secret-recipe', 'Smith', 'dark night', 'home', 'work', 'draft'])
      expect(text).not.toContain(word);
    expect(Object.keys(raw.body.items[0]).sort()).toEqual(
      expect.arrayContaining(['__cella', '_id', 'created', 'modified', 'tag']),
    );
    expect(raw.body.items[0]).not.toHaveProperty('title');
  });

  test('filters: searchable equality on the node, the rest here; sort, skip, limit, projection', async () => {
    expect((await notes.find({ tag: 'home' }).toArray()).map((d) => d.title).sort()).toEqual([
      'groceries',
      'novel',
    ]);
    expect((await notes.find({ tags: 'draft' }).toArray()).map((d) => d.title)).toEqual(['novel']);
    expect((await notes.find({ tag: { $in: ['work'] } }).toArray()).map((d) => d.title)).toEqual(['taxes']);
    expect((await notes.find({ n: { $gte: 2 } }, { sort: { n: -1 } }).toArray()).map((d) => d.title)).toEqual(
      ['groceries', 'novel'],
    );
    expect((await notes.find({ body: { $regex: 'accountant' } }).toArray()).map((d) => d.title)).toEqual([
      'taxes',
    ]);
    expect(
      await notes
        .find({ $or: [{ n: 1 }, { title: 'novel' }] }, { sort: { n: 1 }, projection: { title: 1, _id: 0 } })
        .toArray(),
    ).toEqual([{ title: 'taxes' }, { title: 'novel' }]);
    expect(
      (await notes.find({}, { sort: { title: 1 }, skip: 1, limit: 1 }).toArray()).map((d) => d.title),
    ).toEqual(['novel']);
    // null matches a missing field too, as in MongoDB (searchable or not: a missing field has no token).
    const titles = async (filter: Record<string, unknown>) =>
      (await notes.find(filter).toArray()).map((d) => d.title).sort();
    expect(await titles({ tags: null })).toEqual(['groceries', 'taxes']);
    expect(await titles({ tags: { $in: [null, 'draft'] } })).toEqual(['groceries', 'novel', 'taxes']);
    expect(await titles({ color: null })).toEqual(['groceries', 'novel', 'taxes']);
    expect(await titles({ tag: { $eq: null } })).toEqual([]);
    expect(await notes.count({ tags: null })).toBe(2);
    expect(await notes.count({ tag: 'home' })).toBe(2);
    expect(await notes.count({ n: { $lt: 3 } })).toBe(2);
    expect((await notes.findOne({ title: 'taxes' }))?.n).toBe(1);
  });

  test('update with operators, upsert, delete', async () => {
    const result = await notes.update(
      { title: 'taxes' },
      { $set: { tag: 'home', done: true }, $inc: { n: 10 } },
    );
    expect(result).toMatchObject({ matched_count: 1, modified_count: 1 });
    expect(await notes.findOne({ tag: 'home', title: 'taxes' })).toMatchObject({ n: 11, done: true });
    const upsert = await notes.update({ title: 'new' }, { $set: { tag: 'x', n: 0 } }, { upsert: true });
    expect(upsert.upserted_id).toBeTruthy();
    expect(await notes.findOne({ tag: 'x' })).toMatchObject({ title: 'new', n: 0 });
    await notes.delete({ n: 0 });
    expect(await notes.count({})).toBe(3);
    await notes.update({ title: 'taxes' }, { $unset: { done: '' }, $set: { tag: 'work', n: 1 } });
    expect(await notes.findOne({ title: 'taxes' })).not.toHaveProperty('done');
  });

  test('an operator the client cannot evaluate is refused, not ignored', async () => {
    expect((await cryptoError(notes.find({ $where: 'true' }).toArray())).code).toBe('UNSUPPORTED');
    expect((await cryptoError(notes.update({}, { $bit: { n: { and: 1 } } }))).code).toBe('UNSUPPORTED');
  });
});

describe('keys', () => {
  test('the same key on another connection (another device) opens the collection', async () => {
    const again = await connect({
      url: node.url,
      signer: createKeySigner(hexToBytes(aliceKey), { method: 'key' }),
    });
    const found = await again.db.collection('notes', { encrypt: true }).find({ tag: 'work' }).toArray();
    expect(found.map((d) => d.title)).toEqual(['taxes']);
  });

  test('another application id derives other keys: a clear WRONG_KEY', async () => {
    const other = await connect({
      url: node.url,
      signer: createKeySigner(hexToBytes(aliceKey), { method: 'key' }),
      appId: 'another-app',
    });
    const error = await cryptoError(other.db.collection('notes', { encrypt: true }).find().toArray());
    expect(error.code).toBe('WRONG_KEY');
    expect(error.message).toMatch(/another identity or for another application id/);
  });

  test('a changed ciphertext, or one moved to another document, is refused (TAMPERED), never garbage', async () => {
    const raw = await rawCall(alice, 'GET', '/api/v2/vault/db/notes?filter=%7B%7D');
    const [a, b] = raw.body.items as Record<string, string>[];
    const flipped = a!.__cella!.slice(0, 30) + (a!.__cella![30] === 'A' ? 'B' : 'A') + a!.__cella!.slice(31);
    await rawCall(alice, 'PUT', '/api/v2/vault/db/notes', {
      filter: { _id: a!._id },
      update: { $set: { __cella: flipped } },
    });
    expect((await cryptoError(notes.find().toArray())).code).toBe('TAMPERED');
    await rawCall(alice, 'PUT', '/api/v2/vault/db/notes', {
      filter: { _id: a!._id },
      update: { $set: { __cella: b!.__cella } },
    });
    expect((await cryptoError(notes.find().toArray())).code).toBe('TAMPERED');
    await rawCall(alice, 'PUT', '/api/v2/vault/db/notes', {
      filter: { _id: a!._id },
      update: { $set: { __cella: a!.__cella } },
    });
    expect(await notes.count()).toBe(3);
  });

  test('a signer whose signatures are not deterministic cannot be key material', async () => {
    const { signer } = createDevIdentity('key');
    let calls = 0;
    const randomized = {
      ...signer,
      sign: async (data: Uint8Array) => {
        calls++;
        const sig = await signer.sign(new Uint8Array([...data, calls]));
        return sig;
      },
    };
    const vault = await connect({ url: node.url, signer: signer });
    (vault.encryption as { signer: unknown }).signer = randomized;
    const error = await cryptoError(vault.db.createCollection('n2', { encrypt: true }));
    expect(error.code).toBe('NO_KEY_MATERIAL');
  });
});

describe('creating', () => {
  test('createCollection with ifNotExists: an existing collection answers without a failing request and keeps its keys', async () => {
    const statuses: string[] = [];
    const watched = await connect({
      url: node.url,
      signer: createKeySigner(hexToBytes(aliceKey), { method: 'key' }),
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        statuses.push(`${init?.method ?? 'GET'} ${response.status}`);
        return response;
      },
    });
    const again = await watched.db.createCollection('notes', { encrypt: true, ifNotExists: true });
    expect((await again.find({ title: 'taxes' }).toArray()).map((d) => d.body)).toEqual([
      'the accountant is Mrs. Smith',
    ]);
    const fresh = await watched.db.createCollection('created_once', { encrypt: true, ifNotExists: true });
    await fresh.insert({ secret: 'kept' });
    const same = await watched.db.createCollection('created_once', { encrypt: true, ifNotExists: true });
    expect(await same.findOne({})).toMatchObject({ secret: 'kept' });
    expect(await same.method()).toBe('cella-v1');
    expect(statuses.filter((s) => !/ 2\d\d$/.test(s))).toEqual([]);
    // The primary route takes the flags only together, and lists them.
    for (const body of [{ encrypt_method: 'cella-v1' }, { is_encrypt: true }])
      expect(
        (await rawCall(alice, 'POST', '/api/v2/vault/db/collections', { name: 'half', ...body })).status,
      ).toBe(400);
    const listed = await rawCall(alice, 'GET', '/api/v2/vault/db/collections');
    expect(listed.body.collections).toContainEqual({
      name: 'created_once',
      is_encrypt: true,
      encrypt_method: 'cella-v1',
    });
    await expect(watched.db.createCollection('created_once', { encrypt: true })).rejects.toMatchObject({
      status: 455,
      code: 'ALREADY_EXISTS',
    });
  });
});
