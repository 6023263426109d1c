/**
 * The change log's conformance suite (the port's "The change log"): every engine runs it with a
 * store opened on the given settings. Entries here are small JSON texts naming the change, so the
 * tests read what was logged.
 */
import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Change, ChangeLogSettings, Database, DocumentStore, LogRecord } from '../document-store.js';
import { stringifyExtJson } from '../ext-json.js';

/** What the suite's `describe` writes for a change. */
export interface TestEntry {
  op: Change['op'];
  c: string;
  id?: unknown;
  doc?: unknown;
  index?: unknown;
  ctx?: unknown;
}

export function describeForTests(change: Change, context: Record<string, unknown>): string | null {
  if (context.skip === true) return null;
  const entry: TestEntry = { op: change.op, c: change.collection };
  if ('text' in change) {
    entry.id = change.id instanceof ObjectId ? { $oid: change.id.toHexString() } : change.id;
    entry.doc = JSON.parse(change.text) as unknown;
  }
  if (change.op === 'createIndex') entry.index = change.index.name;
  if (change.op === 'dropIndex') entry.index = change.index;
  if (Object.keys(context).length > 0) entry.ctx = context;
  return JSON.stringify(entry);
}

export interface ChangeLogConformanceOptions {
  /** Another store on the same storage (another process's view), opened with the same settings. */
  openPeer?: (settings: ChangeLogSettings) => Promise<DocumentStore> | DocumentStore;
}

const parsed = (records: LogRecord[]): TestEntry[] => records.map((r) => JSON.parse(r.entry) as TestEntry);

/** Every committed entry after `after`, page by page. */
export async function readAll(db: Database, after = 0): Promise<LogRecord[]> {
  const all: LogRecord[] = [];
  for (;;) {
    const page = await db.changeLog().read(all.at(-1)?.seq ?? after, 100);
    if (page.length === 0) return all;
    all.push(...page);
  }
}

export function runChangeLogConformance(
  name: string,
  makeStore: (settings: ChangeLogSettings) => Promise<DocumentStore> | DocumentStore,
  options: ChangeLogConformanceOptions = {},
): void {
  describe(`change log conformance: ${name}`, () => {
    let store: DocumentStore;
    let counter = 0;
    const appended: { database: string; head: number }[] = [];
    let now = 1_000_000;
    const settings: ChangeLogSettings = {
      describe: describeForTests,
      appended: (database, head) => appended.push({ database, head }),
      clock: () => now,
    };
    const used: string[] = [];
    /** A fresh database (the log is per database). */
    const fresh = (): Database => {
      const n = `log${++counter}`;
      used.push(n);
      return store.database(n);
    };
    const log = { log: {} };

    beforeAll(async () => {
      store = await makeStore(settings);
    });
    afterAll(async () => {
      if (!store) return;
      for (const n of used) await store.dropDatabase(n).catch(() => undefined);
      await store.close();
    });

    it('logs each document a logged write changes, in order, with growing sequence numbers', async () => {
      const db = fresh();
      const c = db.collection('notes');
      expect(await db.changeLog().bounds()).toEqual({ head: 0, oldest: 1 });
      await c.insertMany(
        [
          { _id: 'a', n: 1 },
          { _id: 'b', n: 2 },
        ],
        log,
      );
      await c.insertMany([{ _id: 'quiet' }]);
      await c.updateMany({ n: { $gte: 1 } }, { $inc: { n: 10 } }, log);
      await c.updateOne({ _id: 'a' }, { $set: { n: 11 } }, log); // changes nothing: no entry
      await c.updateOne({ _id: 'none' }, { $set: { n: 1 } }, log); // matches nothing: no entry
      await c.updateOne({ _id: 'up' }, { $set: { n: 5 } }, { ...log, upsert: true });
      await c.replaceOne({ _id: 'b' }, { n: 0 }, log);
      expect(await c.findOneAndUpdate({ _id: 'up' }, { $inc: { n: 1 } }, log)).toEqual({ _id: 'up', n: 6 });
      await c.deleteOne({ _id: 'a' }, log);
      expect(await c.findOneAndDelete({ _id: 'up' }, log)).toEqual({ _id: 'up', n: 6 });
      await c.deleteMany({}, log);
      const records = await readAll(db);
      expect(parsed(records)).toEqual([
        { op: 'insert', c: 'notes', id: 'a', doc: { _id: 'a', n: 1 } },
        { op: 'insert', c: 'notes', id: 'b', doc: { _id: 'b', n: 2 } },
        { op: 'update', c: 'notes', id: 'a', doc: { _id: 'a', n: 11 } },
        { op: 'update', c: 'notes', id: 'b', doc: { _id: 'b', n: 12 } },
        { op: 'insert', c: 'notes', id: 'up', doc: { _id: 'up', n: 5 } },
        { op: 'update', c: 'notes', id: 'b', doc: { _id: 'b', n: 0 } },
        { op: 'update', c: 'notes', id: 'up', doc: { _id: 'up', n: 6 } },
        { op: 'delete', c: 'notes', id: 'a', doc: { _id: 'a', n: 11 } },
        { op: 'delete', c: 'notes', id: 'up', doc: { _id: 'up', n: 6 } },
        // deleteMany: the unlogged insert's document too, and b, in natural order.
        { op: 'delete', c: 'notes', id: 'b', doc: { _id: 'b', n: 0 } },
        { op: 'delete', c: 'notes', id: 'quiet', doc: { _id: 'quiet' } },
      ]);
      const seqs = records.map((r) => r.seq);
      expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
      expect(new Set(seqs).size).toBe(seqs.length);
      expect(records.every((r) => r.at === now)).toBe(true);
      const bounds = await db.changeLog().bounds();
      expect(bounds.head).toBe(seqs.at(-1));
      expect(bounds.oldest).toBe(seqs[0]);
    });

    it('hands the write context and Extended JSON texts to describe; null leaves no entry', async () => {
      const db = fresh();
      const c = db.collection('typed');
      const oid = new ObjectId();
      const when = new Date('2024-05-01T10:00:00Z');
      await c.insertMany([{ _id: oid, when }], { log: { from: 'old/path', n: 1 } });
      await c.insertMany([{ _id: 'skipped' }], { log: { skip: true } });
      expect(parsed(await readAll(db))).toEqual([
        {
          op: 'insert',
          c: 'typed',
          id: { $oid: oid.toHexString() },
          doc: JSON.parse(stringifyExtJson({ _id: oid, when })),
          ctx: { from: 'old/path', n: 1 },
        },
      ]);
    });

    it('leaves no entry for a write that was refused or failed', async () => {
      const db = fresh();
      const c = db.collection('refused');
      await c.insertMany([{ _id: 'k', v: 1 }], log);
      const refuse = () => {
        throw new Error('over quota');
      };
      await expect(c.insertMany([{ _id: 'x' }], { ...log, beforeCommit: refuse })).rejects.toThrow(
        'over quota',
      );
      await expect(
        c.updateOne({ _id: 'k' }, { $set: { v: 2 } }, { ...log, beforeCommit: refuse }),
      ).rejects.toThrow();
      await expect(c.deleteMany({}, { ...log, beforeCommit: refuse })).rejects.toThrow();
      await expect(c.insertMany([{ _id: 'k' }], log)).rejects.toThrow(); // duplicate key
      await c.createIndex({ u: 1 }, { unique: true });
      await c.insertMany([{ _id: 'u1', u: 1 }], log);
      await expect(c.insertMany([{ _id: 'u2', u: 1 }], log)).rejects.toThrow();
      await expect(c.updateOne({ _id: 'k' }, { $set: { u: 1 } }, log)).rejects.toThrow();
      await c.insertMany([{ _id: 'last', u: 2 }], log);
      expect(parsed(await readAll(db)).map((e) => e.id)).toEqual(['k', 'u1', 'last']);
      expect(await c.count({})).toBe(3);
    });

    it('logs collections and indexes created and dropped, only when they change', async () => {
      const db = fresh();
      expect(await db.createCollection('c', log)).toBe(true);
      expect(await db.createCollection('c', log)).toBe(false);
      const c = db.collection('c');
      expect(await c.createIndex({ a: 1 }, { name: 'by_a', ...log })).toBe('by_a');
      expect(await c.createIndex({ a: 1 }, { name: 'by_a', ...log })).toBe('by_a');
      expect(await c.dropIndex('by_a', log)).toBe(true);
      expect(await c.dropIndex('by_a', log)).toBe(false);
      expect(await db.dropCollection('c', log)).toBe(true);
      expect(await db.dropCollection('c', log)).toBe(false);
      expect(parsed(await readAll(db))).toEqual([
        { op: 'createCollection', c: 'c' },
        { op: 'createIndex', c: 'c', index: 'by_a' },
        { op: 'dropIndex', c: 'c', index: 'by_a' },
        { op: 'dropCollection', c: 'c' },
      ]);
      expect(await db.listCollections()).toEqual([]);
    });

    it('appends entries of its own, reads in pages, and tells the listener about every commit', async () => {
      const db = fresh();
      appended.length = 0;
      const head = await db.changeLog().append(['{"op":"note","n":1}', '{"op":"note","n":2}']);
      expect(head).toBe((await db.changeLog().bounds()).head);
      await db.collection('x').insertMany([{ _id: 1 }], log);
      const all = await readAll(db);
      expect(all.map((r) => JSON.parse(r.entry).op)).toEqual(['note', 'note', 'insert']);
      expect(await db.changeLog().read(all[0]!.seq, 1)).toEqual([all[1]]);
      expect(await db.changeLog().read(all[2]!.seq, 10)).toEqual([]);
      expect(appended.filter((a) => a.database === db.name).map((a) => a.head)).toEqual([head, all[2]!.seq]);
      expect(await store.database('never_written').changeLog().read(0, 10)).toEqual([]);
      expect(await store.database('never_written').changeLog().bounds()).toEqual({ head: 0, oldest: 1 });
      expect(await store.listDatabases()).not.toContain('never_written');
    });

    it('trims a prefix by count and by age; numbering goes on, also past continueAfter', async () => {
      const db = fresh();
      const c = db.collection('t');
      const start = now;
      for (let i = 0; i < 6; i++) {
        now = start + i * 1000;
        await c.insertMany([{ _id: i }], log);
      }
      const all = await readAll(db);
      expect(await db.changeLog().trim({ maxEntries: 4 })).toBe(2);
      expect(await db.changeLog().bounds()).toEqual({ head: all[5]!.seq, oldest: all[2]!.seq });
      expect(await db.changeLog().trim({ before: start + 3500 })).toBe(2);
      expect((await readAll(db)).map((r) => r.seq)).toEqual([all[4]!.seq, all[5]!.seq]);
      expect(await db.changeLog().trim({ before: start + 10_000 })).toBe(2);
      expect(await db.changeLog().bounds()).toEqual({ head: all[5]!.seq, oldest: all[5]!.seq + 1 });
      await c.insertMany([{ _id: 'next' }], log);
      expect((await readAll(db))[0]!.seq).toBe(all[5]!.seq + 1);
      await db.changeLog().continueAfter(500);
      await db.changeLog().continueAfter(10); // never backwards
      await c.insertMany([{ _id: 'after' }], log);
      expect((await readAll(db)).map((r) => r.seq)).toEqual([all[5]!.seq + 1, 501]);
      now = start;
    });

    it('concurrent logged writes from several stores: a reader tailing by sequence sees each entry once, in order', async () => {
      const stores = [
        store,
        ...(options.openPeer ? [await options.openPeer(settings), await options.openPeer(settings)] : []),
      ];
      const name = `log${++counter}`;
      used.push(name);
      const writers = stores.map((s, w) =>
        (async () => {
          const c = s.database(name).collection('busy');
          for (let i = 0; i < 15; i++) {
            const refused = i % 5 === 4;
            await c
              .insertMany([{ _id: `${w}-${i}` }], {
                ...log,
                ...(refused
                  ? {
                      beforeCommit: () => {
                        throw new Error('refused');
                      },
                    }
                  : {}),
              })
              .catch(() => undefined);
          }
        })(),
      );
      const seen: LogRecord[] = [];
      let done = false;
      const tail = (async () => {
        const db = store.database(name);
        while (!done) {
          seen.push(...(await db.changeLog().read(seen.at(-1)?.seq ?? 0, 7)));
          await new Promise((r) => setTimeout(r, 2));
        }
        seen.push(...(await readAll(db, seen.at(-1)?.seq ?? 0)));
      })();
      await Promise.all(writers);
      done = true;
      await tail;
      const all = await readAll(store.database(name));
      expect(seen).toEqual(all);
      expect(all).toHaveLength(stores.length * 12);
      const ids = parsed(all).map((e) => e.id as string);
      expect(new Set(ids).size).toBe(ids.length);
      const stored = await store.database(name).collection('busy').find({});
      expect(new Set(stored.map((d) => d._id))).toEqual(new Set(ids));
      for (const peer of stores.slice(1)) await peer.close();
    });
  });
}
