/**
 * The SDK's database calls as an app writes them against a real node: collections ensured at every
 * start without a failing request, documents typed by plain interfaces, `_id` as a string both ways,
 * `findOne`/`findById`, the node's counts from `update`/`delete`, and `find` as a cursor read page
 * by page.
 */
import { connect, createDevIdentity, type Vault } from '@cella/sdk';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTempNode, type TempNode } from '../helpers/temp-node.js';

/** A document type as apps declare them: an interface, no index signature. */
interface Note {
  title: string;
  done: boolean;
  tags?: string[];
}

let node: TempNode;
let vault: Vault;
/** Every request the SDK sent: method, path and status. */
const sent: { method: string; path: string; status: number }[] = [];

beforeAll(async () => {
  node = await startTempNode();
  const counting: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const response = await fetch(request);
    sent.push({ method: request.method, path: new URL(request.url).pathname, status: response.status });
    return response;
  };
  vault = await connect({ url: node.url, signer: createDevIdentity().signer, fetch: counting });
});
afterAll(async () => node?.stop());

describe('collections', () => {
  test('createCollection with ifNotExists: the second start sends one request that succeeds', async () => {
    const before = sent.length;
    const first = await vault.db.createCollection<Note>('ensured', { ifNotExists: true });
    const second = await vault.db.createCollection<Note>('ensured', { ifNotExists: true });
    expect(second.name).toBe(first.name);
    expect(sent.slice(before)).toEqual([
      { method: 'POST', path: '/api/v2/vault/db/collections', status: 201 },
      { method: 'POST', path: '/api/v2/vault/db/collections', status: 201 },
    ]);
    await expect(vault.db.createCollection('ensured')).rejects.toMatchObject({
      status: 455,
      code: 'ALREADY_EXISTS',
    });
  });
});

describe('documents', () => {
  test('interfaces type collections and finds; _id is a string and finds what it names', async () => {
    const notes = await vault.db.createCollection<Note>('notes', { ifNotExists: true });
    const { inserted_ids: ids } = await notes.insert([
      { title: 'milk', done: false, tags: ['shop'] },
      { title: 'call', done: true },
    ]);
    const milk = await notes.findById(ids[0]!);
    expect(milk).toMatchObject({ _id: ids[0], title: 'milk', done: false });
    const title: string = milk!.title; // typed by the interface
    expect(title).toBe('milk');
    // Typed by the interface, not `any`: tsc (this package's typecheck) refuses what a Note is not.
    // @ts-expect-error a Note has no `colour`
    expect(milk!.colour).toBeUndefined();
    const typeOnly = () => {
      // @ts-expect-error a Note's `done` is a boolean
      void notes.insert({ title: 'x', done: 'no' });
      // @ts-expect-error a Note needs a `title`
      void notes.insert([{ done: false }]);
    };
    expect(typeof typeOnly).toBe('function');
    expect(await notes.findOne({ _id: ids[1] })).toMatchObject({ title: 'call' });
    expect(await notes.findOne({ _id: milk!._id, done: true })).toBeNull();
    expect(await notes.findById('65a1b2c3d4e5f60718293a4b')).toBeNull();
    // The id string in every form of condition, also inside $or, $ne and $nin.
    expect((await notes.find({ _id: { $in: ids } }).toArray()).map((n) => n.title)).toEqual(['milk', 'call']);
    expect(await notes.count({ $or: [{ _id: ids[0] }, { title: 'none' }] })).toBe(1);
    expect(await notes.count({ _id: { $ne: ids[0] } })).toBe(1);
    expect(await notes.count({ _id: { $nin: ids } })).toBe(0);
    expect(await notes.count({ _id: { $eq: ids[1] } })).toBe(1);
    // A document whose `_id` the app chose as a string is found the same way.
    await notes.insert({ _id: 'note-3', title: 'own id', done: false });
    expect(await notes.findById('note-3')).toMatchObject({ _id: 'note-3', title: 'own id' });
  });

  test('update and delete answer the counts of the node', async () => {
    const todo = await vault.db.createCollection<Note>('todo', { ifNotExists: true });
    await todo.insert([
      { title: 'a', done: false },
      { title: 'b', done: false },
      { title: 'c', done: true },
    ]);
    expect(await todo.update({ done: false }, { $set: { done: true } })).toMatchObject({
      matched_count: 2,
      modified_count: 2,
    });
    // Matched but already so: nothing modified.
    expect(await todo.update({ done: true }, { $set: { done: true } }, { timestamp: false })).toMatchObject({
      matched_count: 3,
      modified_count: 0,
    });
    const id = (await todo.findOne({ title: 'a' }))!._id;
    expect(await todo.update({ _id: id }, { $set: { title: 'A' } }, { timestamp: false })).toMatchObject({
      matched_count: 1,
      modified_count: 1,
    });
    expect(await todo.delete({ _id: id })).toEqual({ acknowledged: true, deleted_count: 1 });
    expect(await todo.delete({ done: true }, { one: true })).toEqual({
      acknowledged: true,
      deleted_count: 1,
    });
    expect(await todo.delete({})).toEqual({ acknowledged: true, deleted_count: 1 });
    expect(await todo.delete({})).toEqual({ acknowledged: true, deleted_count: 0 });
  });
});

describe('find as a cursor', () => {
  test('pages of batchSize are fetched as the loop needs them; leaving the loop fetches no more', async () => {
    const items = await vault.db.createCollection<{ n: number }>('items', { ifNotExists: true });
    await items.insert(Array.from({ length: 25 }, (_, n) => ({ n })));
    const finds = () => sent.filter((r) => r.method === 'GET' && r.path.endsWith('/items')).length;

    let before = finds();
    const seen: number[] = [];
    for await (const item of items.find({}, { sort: { n: 1 }, batchSize: 10 })) seen.push(item.n);
    expect(seen).toEqual(Array.from({ length: 25 }, (_, n) => n));
    expect(finds() - before).toBe(3);

    before = finds();
    for await (const item of items.find({}, { sort: { n: 1 }, batchSize: 10 })) if (item.n === 3) break;
    expect(finds() - before).toBe(1);

    before = finds();
    const cursor = items.find({ n: { $gte: 5 } }, { sort: { n: -1 }, skip: 2, limit: 12, batchSize: 5 });
    expect(finds() - before).toBe(0); // nothing fetched before iteration
    const all = await cursor.toArray();
    expect(all.map((i) => i.n)).toEqual(Array.from({ length: 12 }, (_, k) => 22 - k));
    expect(finds() - before).toBe(3);
    const pages: number[] = [];
    for await (const page of cursor.pages()) pages.push(page.length);
    expect(pages).toEqual([5, 5, 2]);
  });

  test('a missing collection fails when read, as a CellaApiError', async () => {
    const cursor = vault.db.collection('nope').find();
    await expect(cursor.toArray()).rejects.toMatchObject({ status: 404, code: 'COLLECTION_NOT_FOUND' });
    expect(() => vault.db.collection('nope').find({}, { batchSize: 10_001 })).toThrow(RangeError);
  });
});
