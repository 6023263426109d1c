/**
 * What counting a request against its rate limits costs, in memory (each process its own token
 * buckets: src/rate-limits/token-buckets.ts) and in the store (budgets every process shares,
 * claimed in chunks of a fiftieth: src/rate-limits/shared-windows.ts), in one run.
 *
 * 1. In process, per take: a token bucket; a shared window's take from the chunk it holds; a claim
 *    (one atomic upsert in the store) on the embedded SQLite and, when available, on MongoDB or
 *    FerretDB (MONGODB_URI, else FerretDB from the cached binary: emulation mode, whose writes take a
 *    lock shared by all processes); and the cost per request a claim amounts to at the default
 *    budgets (3,000 a minute: one claim per 60 requests of a key, in each process).
 * 2. Over HTTP, one node: 100 signed-in users whose requests the load rotates, each well under the
 *    default 3,000 a minute (nothing is refused, and each user's key claims its chunk as it goes):
 *    authenticated GET /api/v2/payment/version (a constant answer: the request's own cost is all
 *    there is) with the budgets in memory vs in the store, each against health in the same rounds,
 *    and the node's CPU time per authenticated request (steadier than rates on a shared machine;
 *    FerretDB's own CPU, which its emulation-mode locks cost, is not in it).
 * CELLA_BENCH_ROUNDS (3) rounds of CELLA_BENCH_SECONDS (3) per measure.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Database, DocumentStore } from '@cella/document-store';
import { createMongoDocumentStore } from '@cella/document-store/mongodb';
import { createSqliteDocumentStore } from '@cella/document-store/sqlite';
import { mongoTargetAvailable, startMongoTarget } from '@cella/document-store/testing';
import { connect, createDevIdentity } from '@cella/sdk';
import { SharedWindows } from '../src/rate-limits/shared-windows.js';
import { TokenBuckets } from '../src/rate-limits/token-buckets.js';
import { fmt, median, printTable, ratio, rounds, type Measure } from './lib.js';
import { startBenchNode } from './node-under-test.js';

const ROUNDS = Math.max(1, Number(process.env.CELLA_BENCH_ROUNDS ?? 3));
const SECONDS = Number(process.env.CELLA_BENCH_SECONDS ?? 3);
const DEFAULT_BUDGET = 3000;
const DEFAULT_CHUNK = DEFAULT_BUDGET / 50;
const USERS = 100;

/** µs per call of `fn` over `count` calls (awaited one after the other when it returns a promise). */
async function microseconds(count: number, fn: (i: number) => unknown): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const pending = fn(i);
    if (pending instanceof Promise) await pending;
  }
  return ((performance.now() - started) * 1000) / count;
}

/** µs per claim on a store: every take of a fresh key claims (chunks of 1). */
async function claimCost(nodeDb: Database, count: number): Promise<number> {
  const limiter = new SharedWindows(nodeDb, {
    bucket: 'bench-claims',
    perMinute: 1_000_000,
    chunk: 1,
    what: 'x',
  });
  await microseconds(20, (i) => limiter.take(`warm-${i}`));
  return microseconds(count, (i) => limiter.take(`key-${i % 1000}`));
}

async function inProcess(): Promise<void> {
  const buckets = new TokenBuckets({ perMinute: 1e9, what: 'x' });
  const tokenBucketUs = await microseconds(1_000_000, (i) => buckets.take(`key-${i % 1000}`));

  const dir = mkdtempSync(path.join(tmpdir(), 'cella-bench-rate-'));
  const sqlite: DocumentStore = createSqliteDocumentStore({ dir });
  const mongo = mongoTargetAvailable() ? await startMongoTarget() : null;
  const mongoStore = mongo ? createMongoDocumentStore({ uri: mongo.uri }) : undefined;
  try {
    const fromChunk = new SharedWindows(sqlite.database('bench'), {
      bucket: 'bench-chunk',
      perMinute: 1e9,
      chunk: 1e8,
      what: 'x',
    });
    await fromChunk.take('one');
    const fromChunkUs = await microseconds(1_000_000, () => fromChunk.take('one'));
    const sqliteClaimUs = await claimCost(sqlite.database('bench'), 2000);
    const mongoClaimUs = mongoStore ? await claimCost(mongoStore.database('bench'), 300) : Number.NaN;
    const perRequest = (claimUs: number) => fromChunkUs + claimUs / DEFAULT_CHUNK;
    const vsBucket = (us: number) => `${fmt(us / tokenBucketUs, us / tokenBucketUs < 10 ? 2 : 0)}×`;
    const row = (measure: string, us: number, digits: number) => ({
      measure,
      µs: fmt(us, digits),
      'vs token bucket': vsBucket(us),
    });
    const rows = [
      row('token bucket take (memory, the single-process default)', tokenBucketUs, 3),
      row('shared window take from the chunk held', fromChunkUs, 3),
      row('claim on SQLite (one upsert)', sqliteClaimUs, 1),
      row(
        `per request at ${fmt(DEFAULT_BUDGET)}/min (a claim per ${DEFAULT_CHUNK}), SQLite`,
        perRequest(sqliteClaimUs),
        2,
      ),
    ];
    if (mongoStore)
      rows.push(
        row(`claim on ${mongo!.kind} (one findOneAndUpdate upsert)`, mongoClaimUs, 1),
        row(
          `per request at ${fmt(DEFAULT_BUDGET)}/min (a claim per ${DEFAULT_CHUNK}), ${mongo!.kind}`,
          perRequest(mongoClaimUs),
          2,
        ),
      );
    printTable('Rate limits in process: cost per take (one run)', rows);
  } finally {
    await sqlite.close();
    rmSync(dir, { recursive: true, force: true });
    await mongoStore?.close();
    await mongo?.stop();
  }
}

/** One node with `env`: health vs the cheap authenticated GET, the load rotating USERS tokens. */
async function overHttp(env: Record<string, string>) {
  const bench = await startBenchNode({ CELLA_RATE_LIMIT_USER: String(DEFAULT_BUDGET), ...env });
  try {
    const url = bench.node.url;
    const tokens: string[] = [];
    for (let i = 0; i < USERS; i++) {
      const vault = await connect({ url, signer: createDevIdentity().signer });
      tokens.push(await vault.session.token());
    }
    let next = 0;
    const authed = {
      url: `${url}/api/v2/payment/version`,
      setupRequest: (request: Parameters<NonNullable<Measure['setupRequest']>>[0]) => ({
        ...request,
        headers: { ...request.headers, authorization: `Bearer ${tokens[next++ % USERS]}` },
      }),
    };
    // Warm-up (compilation, the first claims), not measured.
    await rounds(`${url}/api/v2/health`, { authed }, 1, 1);
    return await rounds(`${url}/api/v2/health`, { authed }, ROUNDS, SECONDS, bench.node.process.pid);
  } finally {
    await bench.stop();
  }
}

export async function benchRateLimits(): Promise<void> {
  await inProcess();
  // `engine` pairs each store configuration with the in-memory one it is compared to.
  const configurations: { label: string; engine: string; env: Record<string, string> }[] = [
    {
      label: 'SQLite, budgets in memory (default)',
      engine: 'sqlite',
      env: { CELLA_RATE_LIMIT_STORE: 'memory' },
    },
    { label: 'SQLite, budgets in the store', engine: 'sqlite', env: { CELLA_RATE_LIMIT_STORE: 'store' } },
  ];
  const mongo = mongoTargetAvailable() ? await startMongoTarget() : null;
  try {
    if (mongo)
      configurations.push(
        {
          label: `${mongo.kind}, budgets in memory`,
          engine: 'mongo',
          env: { MONGODB_URI: mongo.uri, CELLA_RATE_LIMIT_STORE: 'memory' },
        },
        {
          label: `${mongo.kind}, budgets in the store (default)`,
          engine: 'mongo',
          env: { MONGODB_URI: mongo.uri },
        },
      );
    const rows = [];
    /** Per engine, the in-memory configuration's medians: what the store's are divided by. */
    const inMemory = new Map<string, { rps: number; cpuUs: number }>();
    for (const { label, engine, env } of configurations) {
      const all = await overHttp(env);
      const rps = median(all.map((r) => r.authed.rps));
      const cpuUs = median(all.map((r) => r.authed.cpuUs));
      const memory = inMemory.get(engine);
      if (!memory) inMemory.set(engine, { rps, cpuUs });
      rows.push({
        configuration: label,
        health: `${fmt(median(all.map((r) => r.health.rps)))} req/s`,
        'authenticated GET': `${fmt(rps)} req/s`,
        'vs health': `${fmt(100 * ratio(all, 'authed'), 1)}%`,
        rounds: all.map((r) => `${fmt((100 * r.authed.rps) / r.health.rps, 1)}%`).join(' · '),
        'node CPU per authenticated GET': `${fmt(cpuUs)} µs`,
        'vs in memory (rate · CPU)': memory
          ? `${fmt(rps / memory.rps, 2)} · ${fmt(cpuUs / memory.cpuUs, 2)}`
          : '1 · 1',
      });
    }
    printTable(
      `Rate limits over HTTP: ${USERS} users at the default ${fmt(DEFAULT_BUDGET)}/min, GET /api/v2/payment/version (${ROUNDS} rounds of ${SECONDS} s, medians)`,
      rows,
    );
  } finally {
    await mongo?.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchRateLimits();
