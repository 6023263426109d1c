/**
 * DocumentStore engines without HTTP: `npm run bench:store -w @cella/server`.
 *
 * Per engine: bulk insert (docs/s, batches of 1000), find 10 of 10,000 by an equality filter
 * (ops/s), single insert (ops/s), count by the same filter and of everything (ops/s). SQLite always;
 * MongoDB when MONGODB_URI is set or the FerretDB binary (`scripts/services/ferretdb.sh install`) is
 * cached. Operations run one after another (latency-bound), as one request handler would issue them.
 * CELLA_BENCH_SECONDS sets each timed phase (default 3). Figures are printed, never asserted.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Collection, DocumentStore } from '../src/engines/document-store.js';
import { createMongoDocumentStore } from '../src/engines/mongodb/index.js';
import { createSqliteDocumentStore } from '../src/engines/sqlite/index.js';
import { startMongoTarget } from '../test/document-store/ferretdb.js';

const SECONDS = Number(process.env.CELLA_BENCH_SECONDS ?? 3);
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
const dir = mkdtempSync(join(tmpdir(), 'cella-bench-store-'));
try {
  const sqlite = createSqliteDocumentStore({ dir });
  rows.push(await benchStore('sqlite', sqlite));
  await sqlite.close();

  const target = await startMongoTarget();
  if (target) {
    try {
      const mongo = createMongoDocumentStore({ uri: target.uri, dbPrefix: 'bench_' });
      rows.push(await benchStore(`mongodb (${target.kind})`, mongo));
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
