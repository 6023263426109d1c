/**
 * The change log across a SIGKILL: a child process makes logged writes (inserts, updates, deletes,
 * refused writes, then a 3,000-document insert) and is killed while the large one is being
 * written. Afterwards the log, replayed from the start, must give exactly what the store holds —
 * no write without its entries, no entry without its write — and hold every write the child saw
 * acknowledged. On MongoDB (FerretDB: no transactions) the killed writer leaves a pending range
 * that a reader resolves once it is stale (mongodb/change-log.ts).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentStore } from '../src/document-store.js';
import { stringifyExtJson } from '../src/ext-json.js';
import { MongoClient } from 'mongodb';
import { digestOf } from '../src/mongodb/change-log.js';
import { createMongoDocumentStore } from '../src/mongodb/index.js';
import { createSqliteDocumentStore } from '../src/sqlite/index.js';
import { describeForTests, readAll, type TestEntry } from '../src/testing/change-log-conformance.js';
import { mongoTargetAvailable, startMongoTarget, type MongoTarget } from '../src/testing/ferretdb.js';

const CHILD = resolve(import.meta.dirname, 'fixtures/log-writer.ts');

/**
 * Runs the writer until it announced the large insert, then kills it once `due` says so (polled
 * every few milliseconds): after a delay, or as soon as the first document of the large insert is
 * in the store (so the kill lands while it is being written).
 */
async function killMidWrite(args: string[], due: () => Promise<boolean>): Promise<number> {
  const child = spawn(process.execPath, ['--conditions=@cella/source', '--import', 'tsx', CHILD, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let acked = -1;
  const exited = new Promise<NodeJS.Signals | null>((done) =>
    child.once('exit', (_c, signal) => done(signal)),
  );
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (line.startsWith('ack ')) acked = Number(line.slice(4));
    if (line === 'big')
      void (async () => {
        while (!(await due())) await new Promise((r) => setTimeout(r, 3));
        child.kill('SIGKILL');
      })();
  });
  expect(await exited).toBe('SIGKILL');
  return acked;
}

/** The store's documents, and the same rebuilt from the log's entries. */
async function replayAndStore(
  store: DocumentStore,
): Promise<{ replayed: Map<string, string>; stored: Map<string, string> }> {
  const db = store.database('crashlog');
  const replayed = new Map<string, string>();
  for (const record of await readAll(db)) {
    const entry = JSON.parse(record.entry) as TestEntry;
    const id = JSON.stringify(entry.id);
    if (entry.op === 'delete') replayed.delete(id);
    else replayed.set(id, JSON.stringify(entry.doc));
  }
  const stored = new Map<string, string>();
  for (const doc of await db.collection('docs').find({}))
    stored.set(JSON.stringify(doc._id), stringifyExtJson(doc));
  return { replayed, stored };
}

function expectConsistent(
  result: { replayed: Map<string, string>; stored: Map<string, string> },
  acked: number,
) {
  expect(result.replayed.size).toBe(result.stored.size);
  for (const [id, text] of result.stored) expect(result.replayed.get(id), `entry of ${id}`).toBe(text);
  // Every acknowledged insert is there (d<i> not deleted by a later acknowledged write).
  expect(acked).toBeGreaterThan(10);
  expect(result.stored.has('"d10"') || result.stored.has('"d11"')).toBe(true);
}

describe('the change log across a SIGKILL', () => {
  it('SQLite: the log replays to exactly what the file holds', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cella-crashlog-'));
    try {
      const acked = await killMidWrite([dir, '', '15'], async () => true);
      const store = createSqliteDocumentStore({ dir, changeLog: { describe: describeForTests } });
      expectConsistent(await replayAndStore(store), acked);
      await store.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  describe.runIf(mongoTargetAvailable())('MongoDB', () => {
    let target: MongoTarget | null = null;
    beforeAll(async () => {
      target = await startMongoTarget();
    });
    afterAll(async () => {
      await target?.stop();
    });

    it('FerretDB: a reader resolves the dead writer’s pending range by what the store holds', async () => {
      const dbPrefix = `cl${randomBytes(3).toString('hex')}_`;
      const watcher = new MongoClient(target!.uri);
      const docs = watcher.db(`${dbPrefix}crashlog`).collection('docs');
      const acked = await killMidWrite(
        [target!.uri, dbPrefix, '15'],
        async () => (await docs.findOne({ _id: 'big0' } as never)) !== null,
      );
      await watcher.close();
      const store = createMongoDocumentStore({
        uri: target!.uri,
        dbPrefix,
        changeLog: { describe: describeForTests },
        sharedLocks: { leaseMs: 1000 },
      });
      // Until the range is stale (two leases) a reader stops before it; then it is resolved.
      await new Promise((r) => setTimeout(r, 2100));
      const result = await replayAndStore(store);
      expectConsistent(result, acked);
      const bigs = [...result.stored.keys()].filter((k) => k.startsWith('"big')).length;
      console.log(`killed mid-insert: ${bigs} of 3000 documents of the large insert were stored, and logged`);
      await store.dropDatabase('crashlog');
      await store.close();
    }, 90_000);

    it('FerretDB: of a dead writer’s pending entries, those whose change the store shows stay', async () => {
      const dbPrefix = `cp${randomBytes(3).toString('hex')}_`;
      const store = createMongoDocumentStore({
        uri: target!.uri,
        dbPrefix,
        changeLog: { describe: describeForTests },
        sharedLocks: { leaseMs: 500 },
      });
      const db = store.database('pending');
      const c = db.collection('docs');
      await c.insertMany(
        [
          { _id: 'a', v: 1 },
          { _id: 'b', v: 1 },
        ],
        { log: {} },
      );
      // What a writer killed between its data write and its commit leaves: its entries pending,
      // the data of some of them written (c inserted, a updated), of others not (d, b's delete).
      const client = new MongoClient(target!.uri);
      const raw = client.db(`${dbPrefix}pending`);
      const docs = raw.collection<{ _id: string; v: number }>('docs');
      const a2 = { _id: 'a', v: 2 };
      const cDoc = { _id: 'c', v: 1 };
      await docs.insertOne(cDoc);
      await docs.replaceOne({ _id: 'a' }, a2);
      const entry = (op: string, id: string) => JSON.stringify({ op, c: 'docs', id });
      const at = Date.now() - 60_000;
      await raw.collection('_cella_log').insertMany([
        {
          _id: 3 as never,
          at,
          e: entry('insert', 'c'),
          k: { op: 'insert', c: 'docs', id: 'c', h: digestOf(cDoc) },
        },
        {
          _id: 4 as never,
          at,
          e: entry('update', 'a'),
          k: { op: 'update', c: 'docs', id: 'a', h: digestOf(a2) },
        },
        { _id: 5 as never, at, e: entry('insert', 'd'), k: { op: 'insert', c: 'docs', id: 'd', h: 'x' } },
        { _id: 6 as never, at, e: entry('delete', 'b'), k: { op: 'delete', c: 'docs', id: 'b' } },
      ]);
      await raw
        .collection('_cella_log_head')
        .updateOne({ _id: 'head' as never }, { $set: { seq: 6, pending: { from: 3, to: 6, at } } });
      const records = await readAll(db);
      expect(records.map((r) => [r.seq, (JSON.parse(r.entry) as TestEntry).id])).toEqual([
        [1, 'a'],
        [2, 'b'],
        [3, 'c'],
        [4, 'a'],
      ]);
      // Numbering goes on after the range (its dropped numbers are never handed out again).
      await c.insertMany([{ _id: 'e' }], { log: {} });
      expect((await readAll(db, 4)).map((r) => r.seq)).toEqual([7]);
      await client.close();
      await store.dropDatabase('pending');
      await store.close();
    }, 60_000);
  });
});
