import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { DbFile } from '../src/sqlite/db-file.js';
import { createSqliteDocumentStore } from '../src/sqlite/index.js';
import { runChangeLogConformance } from '../src/testing/change-log-conformance.js';
import { runDocumentStoreConformance } from '../src/testing/conformance.js';

const dir = mkdtempSync(join(tmpdir(), 'cella-sqlite-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Reads on the pool of read workers (the default), and on the calling thread: the same answers.
runDocumentStoreConformance('sqlite', () => createSqliteDocumentStore({ dir: join(dir, 'conformance') }), {
  openPeer: () => createSqliteDocumentStore({ dir: join(dir, 'conformance') }),
});
runDocumentStoreConformance(
  'sqlite, reads on the calling thread (workers: 0)',
  () => createSqliteDocumentStore({ dir: join(dir, 'inline'), workers: 0 }),
  { openPeer: () => createSqliteDocumentStore({ dir: join(dir, 'inline'), workers: 0 }) },
);

runChangeLogConformance(
  'sqlite',
  (changeLog) => createSqliteDocumentStore({ dir: join(dir, 'log'), changeLog }),
  { openPeer: (changeLog) => createSqliteDocumentStore({ dir: join(dir, 'log'), changeLog }) },
);

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

  it('commits the writes of one turn together: each stored once, each hook run, fewer commits than writes', async () => {
    const store = createSqliteDocumentStore({ dir: join(dir, 'group') });
    const c = store.database('group').collection('c');
    await c.insertMany([{ _id: 'first' }]);
    const statements = vi.spyOn(DbFile.prototype, 'stmt');
    try {
      const hooked: number[] = [];
      await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          c.insertMany([{ _id: i, i }], { beforeCommit: async () => void hooked.push(i) }),
        ),
      );
      const begins = statements.mock.calls.filter(([, sql]) => sql === 'BEGIN IMMEDIATE').length;
      expect(begins).toBeGreaterThanOrEqual(1);
      expect(begins).toBeLessThan(5);
      expect(hooked.sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i));
    } finally {
      statements.mockRestore();
    }
    expect(await c.count({})).toBe(41);
    // Each in its own savepoint: one that fails (a duplicate _id) leaves the others of its batch.
    const mixed = await Promise.allSettled([
      c.insertMany([{ _id: 'x1' }]),
      c.insertMany([{ _id: 'first' }]),
      c.updateOne({ _id: 'x1' }, { $set: { seen: true } }),
    ]);
    expect(mixed.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await c.findOne({ _id: 'x1' })).toEqual({ _id: 'x1', seen: true });
    await store.close();
  });

  it('runs the writes queued before a database is dropped or the store closed, and nothing after', async () => {
    const store = createSqliteDocumentStore({ dir: join(dir, 'queued') });
    const c = store.database('gone').collection('c');
    await c.insertMany([{ _id: 'a' }]);
    const queued = c.insertMany([{ _id: 'b' }]);
    expect(await store.dropDatabase('gone')).toBe(true);
    await expect(queued).resolves.toMatchObject({ insertedIds: ['b'] });
    expect(await store.listDatabases()).toEqual([]);
    const kept = store.database('kept').collection('c');
    const last = kept.insertMany([{ _id: 'z' }]);
    await store.close();
    await expect(last).resolves.toMatchObject({ insertedIds: ['z'] });
    const reopened = createSqliteDocumentStore({ dir: join(dir, 'queued') });
    expect(await reopened.database('kept').collection('c').find({})).toEqual([{ _id: 'z' }]);
    await reopened.close();
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
