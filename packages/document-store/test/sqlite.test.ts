import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSqliteDocumentStore } from '../src/sqlite/index.js';
import { runDocumentStoreConformance } from '../src/testing/conformance.js';

const dir = mkdtempSync(join(tmpdir(), 'cella-sqlite-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

runDocumentStoreConformance('sqlite', () => createSqliteDocumentStore({ dir: join(dir, 'conformance') }), {
  openPeer: () => createSqliteDocumentStore({ dir: join(dir, 'conformance') }),
});

describe('SQLite engine specifics', () => {
  it('keeps reads answering while an async beforeCommit holds a write open, and queues writers', async () => {
    const store = createSqliteDocumentStore({ dir: join(dir, 'gate') });
    const c = store.database('gate').collection('c');
    await c.insertMany([{ _id: 'a', v: 1 }]);
    let release!: () => void;
    const held = new Promise<void>((done) => (release = done));
    const slow = c.updateOne({ _id: 'a' }, { $set: { v: 2 } }, { beforeCommit: () => held });
    // The open transaction is invisible to readers, who do not wait for it.
    expect((await c.findOne({ _id: 'a' }))?.v).toBe(1);
    const queued = c.updateOne({ _id: 'a' }, { $inc: { v: 10 } });
    let queuedDone = false;
    void queued.then(() => (queuedDone = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(queuedDone).toBe(false);
    release();
    await slow;
    await queued;
    expect((await c.findOne({ _id: 'a' }))?.v).toBe(12);
    await store.close();
  });

  it('closes least recently used files beyond maxOpenDatabases and reopens them transparently', async () => {
    const store = createSqliteDocumentStore({ dir: join(dir, 'lru'), maxOpenDatabases: 2 });
    const names = ['db_a', 'db_b', 'db_c', 'db_d', 'db_e'];
    for (const [i, name] of names.entries()) await store.database(name).collection('c').insertMany([{ i }]);
    for (const [i, name] of names.entries())
      expect((await store.database(name).collection('c').find({}))[0]?.i).toBe(i);
    const seen: number[] = [];
    for await (const chunk of store.database('db_a').exportCollections()) {
      for (const name of names) await store.database(name).collection('c').count({});
      seen.push(...chunk.documents.map((d) => d.i as number));
    }
    expect(seen).toEqual([0]);
    expect(await store.listDatabases()).toEqual(names);
    await store.close();
    await expect(store.database('db_a').collection('c').find({})).rejects.toThrow('closed');
  });
});
