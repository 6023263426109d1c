/**
 * DocumentStore engines without HTTP: `npm run bench:store -w @cella/document-store`.
 *
 * Per engine: bulk insert (docs/s, batches of 1000), find 10 of 10,000 by an equality filter
 * (ops/s), single insert (ops/s), count by the same filter and of everything (ops/s); then the
 * single-document operations every vault write issues on the node database (a `vaults`-like
 * collection, a record keyed by a DID string): find by `_id` (with and without a projection),
 * updates by `_id` ($inc, $set, the quota charge with its `$expr` condition, a $push with
 * $slice), findOneAndUpdate with a range condition, findOneAndDelete. SQLite always;
 * MongoDB when MONGODB_URI is set or the FerretDB binary (`scripts/services/ferretdb.sh install`) is
 * cached. Operations run one after another (latency-bound), as one request handler would issue them.
 * CELLA_BENCH_SECONDS sets each timed phase (default 3); CELLA_BENCH_ENGINES=sqlite skips MongoDB. Figures are printed, never asserted.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Collection, DocumentStore } from '../src/document-store.js';
import { createMongoDocumentStore } from '../src/mongodb/index.js';
import { createSqliteDocumentStore } from '../src/sqlite/index.js';
import { startMongoTarget } from '../src/testing/ferretdb.js';

const SECONDS = Number(process.env.CELLA_BENCH_SECONDS ?? 3);
const SQLITE_ONLY = process.env.CELLA_BENCH_ENGINES === 'sqlite';
const DOCS = 10_000;
const GROUPS = 1_000;

interface Row {
  engine: string;
  'bulk insert (docs/s)': number;
  'find 10 of 10k (ops/s)': number;
  'single insert (ops/s)': number;
  'count 10 of 10k (ops/s)': number;
  'count all (ops/s)': number;
}

/** Runs `op` back to back for SECONDS and returns operations per second. */
async function rate(op: (i: number) => Promise<unknown>): Promise<number> {
  const deadline = performance.now() + SECONDS * 1000;
  const started = performance.now();
  let n = 0;
  while (performance.now() < deadline) await op(n++);
  return n / ((performance.now() - started) / 1000);
}

function doc(i: number): Record<string, unknown> {
  return {
    group: `g${i % GROUPS}`,
    n: i,
    title: `note ${i}`,
    body: 'lorem ipsum dolor sit amet '.repeat(4),
    created: new Date(),
  };
}

async function benchStore(engine: string, store: DocumentStore): Promise<Row> {
  const db = store.database('bench_store');
  await store.dropDatabase('bench_store');
  const notes: Collection = db.collection('notes');

  const started = performance.now();
  for (let b = 0; b < DOCS / 1000; b++)
    await notes.insertMany(Array.from({ length: 1000 }, (_, i) => doc(b * 1000 + i)));
  const bulk = DOCS / ((performance.now() - started) / 1000);

  const found = await notes.find({ group: 'g42' });
  if (found.length !== DOCS / GROUPS)
    throw new Error(`${engine}: expected ${DOCS / GROUPS} documents, got ${found.length}`);

  const find = await rate((i) => notes.find({ group: `g${(i * 7) % GROUPS}` }));
  const countSome = await rate((i) => notes.count({ group: `g${(i * 7) % GROUPS}` }));
  const countAll = await rate(() => notes.count({}));
  const extra = db.collection('singles');
  const single = await rate((i) => extra.insertMany([doc(i)]));

  await store.dropDatabase('bench_store');
  return {
    engine,
    'bulk insert (docs/s)': Math.round(bulk),
    'find 10 of 10k (ops/s)': Math.round(find),
    'single insert (ops/s)': Math.round(single),
    'count 10 of 10k (ops/s)': Math.round(countSome),
    'count all (ops/s)': Math.round(countAll),
  };
}

/** One single-document operation: wall-clock rate and CPU time of this process per operation. */
interface Figure {
  opsPerSecond: number;
  cpuMicros: number;
}

interface SingleRow {
  engine: string;
  figures: Map<string, Figure>;
}

/** The vault record shape of src/vault/vaults.ts. */
function vaultRecord(id: string): Record<string, unknown> {
  return {
    _id: id,
    database: 'node_user_0123456789abcdef',
    plan: 'free',
    quota: 1e12,
    dbUsed: 0,
    filesUsed: 0,
    free: 1e12,
    n: 0,
    start: 1_700_000_000,
    end: -1,
    created: 1_700_000_000,
    updated: 1_700_000_000,
    state: 'running',
    planAmount: 0,
  };
}

/**
 * Runs `op` back to back for SECONDS, in batches of BATCH calls; `prepare` (untimed) provides the
 * documents a batch consumes. CPU time is this process's (user + system; not FerretDB's): on a
 * shared machine it moves less than the wall-clock rate.
 */
async function measureOp(
  op: (i: number) => Promise<unknown>,
  prepare?: (from: number, count: number) => Promise<void>,
): Promise<Figure> {
  const BATCH = 500;
  let wall = 0;
  let cpu = 0;
  let n = 0;
  while (wall < SECONDS * 1000) {
    await prepare?.(n, BATCH);
    const cpuStart = process.cpuUsage();
    const started = performance.now();
    for (let i = 0; i < BATCH; i++) await op(n + i);
    wall += performance.now() - started;
    const used = process.cpuUsage(cpuStart);
    cpu += used.user + used.system;
    n += BATCH;
  }
  return { opsPerSecond: n / (wall / 1000), cpuMicros: cpu / n };
}

function expectHit(what: string, value: unknown): void {
  if (value === null || value === undefined) throw new Error(`${what}: no document`);
  if (typeof value === 'object' && 'matchedCount' in value && value.matchedCount !== 1)
    throw new Error(`${what}: matched ${String(value.matchedCount)}`);
}

async function benchSingle(engine: string, store: DocumentStore): Promise<SingleRow> {
  await store.dropDatabase('bench_single');
  const db = store.database('bench_single');
  const vaults = db.collection('vaults');
  const id = 'did:elastos:iXyz0123456789abcdefghijklmnopqrs';
  await vaults.insertMany([vaultRecord(id)]);
  const row: SingleRow = { engine, figures: new Map() };
  const measure = async (name: string, op: (i: number) => Promise<unknown>): Promise<void> => {
    expectHit(name, await op(0));
    row.figures.set(name, await measureOp(op));
  };

  await measure('findOne _id', () => vaults.findOne({ _id: id }));
  await measure('findOne _id + projection', () =>
    vaults.findOne({ _id: id }, { projection: { quota: 1, dbUsed: 1 } }),
  );
  let inserted = 0;
  await measure('insertMany([doc])', () =>
    db.collection('singles').insertMany([vaultRecord(`s${inserted++}`)]),
  );
  await measure('updateOne $inc', () => vaults.updateOne({ _id: id }, { $inc: { n: 5 } }));
  await measure('updateOne $set', (i) =>
    vaults.updateOne({ _id: id }, { $set: { updated: i, 'meta.last': i } }),
  );
  await measure('updateOne $unset', () => vaults.updateOne({ _id: id }, { $unset: { absent: '' } }));
  await measure('updateOne $expr + $inc (quota charge)', (i) =>
    vaults.updateOne(
      { _id: id, $expr: { $lte: [{ $add: ['$dbUsed', '$filesUsed', 5 + (i % 100)] }, '$quota'] } },
      { $inc: { dbUsed: 5 + (i % 100) } },
    ),
  );
  await measure('updateOne $push $each $slice', (i) =>
    vaults.updateOne({ _id: id }, { $push: { log: { $each: [i], $slice: -5 } } }),
  );
  await measure('findOneAndUpdate $gte + $inc', () =>
    vaults.findOneAndUpdate({ _id: id, free: { $gte: 5 } }, { $inc: { free: -5, used: 5 } }),
  );
  const tokens = db.collection('tokens');
  row.figures.set(
    'findOneAndDelete _id',
    await measureOp(
      async (i) => expectHit('findOneAndDelete', await tokens.findOneAndDelete({ _id: `t${i}` })),
      async (from, count) => {
        await tokens.insertMany(Array.from({ length: count }, (_, i) => vaultRecord(`t${from + i}`)));
      },
    ),
  );
  await store.dropDatabase('bench_single');
  return row;
}

function printSingle(rows: SingleRow[]): void {
  if (rows.length === 0) return;
  console.log('\n## Single-document operations (one after another; a vault record keyed by a DID)\n');
  console.log(`| operation | ${rows.map((r) => `${r.engine} ops/s | ${r.engine} µs CPU/op`).join(' | ')} |`);
  console.log(`| --- | ${rows.map(() => '--- | ---').join(' | ')} |`);
  for (const op of (rows[0] as SingleRow).figures.keys()) {
    const cells = rows.map((r) => {
      const f = r.figures.get(op);
      return f
        ? `${Math.round(f.opsPerSecond).toLocaleString('en-US')} | ${f.cpuMicros.toFixed(0)}`
        : '– | –';
    });
    console.log(`| ${op} | ${cells.join(' | ')} |`);
  }
  console.log('\nµs CPU/op: this process only (user + system), steadier than ops/s on a shared machine.');
}

function print(rows: Row[]): void {
  const keys = Object.keys(rows[0] ?? {}) as (keyof Row)[];
  console.log('\n## DocumentStore engines (no HTTP)\n');
  console.log(`| ${keys.join(' | ')} |`);
  console.log(`| ${keys.map(() => '---').join(' | ')} |`);
  for (const row of rows) console.log(`| ${keys.map((k) => row[k].toLocaleString('en-US')).join(' | ')} |`);
  console.log(
    `\n${DOCS.toLocaleString('en-US')} documents of ~200 bytes, ${GROUPS} groups; ${SECONDS} s per timed phase.`,
  );
  console.log(
    'Targets for the HTTP layer: bulk insert well above 20,000 docs/s; find and single insert in the thousands per second.',
  );
}

const rows: Row[] = [];
const singles: SingleRow[] = [];
const dir = mkdtempSync(join(tmpdir(), 'cella-bench-store-'));
try {
  const sqlite = createSqliteDocumentStore({ dir });
  rows.push(await benchStore('sqlite', sqlite));
  singles.push(await benchSingle('sqlite', sqlite));
  await sqlite.close();

  const target = SQLITE_ONLY ? null : await startMongoTarget();
  if (SQLITE_ONLY) {
    console.log('MongoDB engine skipped: CELLA_BENCH_ENGINES=sqlite.');
  } else if (target) {
    try {
      const mongo = createMongoDocumentStore({ uri: target.uri, dbPrefix: 'bench_' });
      rows.push(await benchStore(`mongodb (${target.kind})`, mongo));
      singles.push(await benchSingle(`mongodb (${target.kind})`, mongo));
      await mongo.close();
    } finally {
      await target.stop();
    }
  } else {
    console.log(
      'MongoDB engine skipped: no MONGODB_URI and no FerretDB binary (scripts/services/ferretdb.sh install).',
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
print(rows);
printSingle(singles);
