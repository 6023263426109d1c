/**
 * Scale-out: one node process vs three on the same store and the same IPFS daemon, in one run.
 * The store is MONGODB_URI when set, else FerretDB from the cached binary (emulation mode); the
 * daemon is kubo from the cached binary. Three node processes (one identity) run throughout, with
 * their periodic jobs off; "1 process" sends all the load to the first, "3 processes" spreads the
 * same connections over the three (as a load balancer would). Rounds alternate 1 and 3, so both
 * see the machine in the same state; each measure is reported as the 3-process rate ÷ the
 * 1-process rate (median over the rounds, every round printed).
 *
 * Measures (one signed-in user, 12 connections, closed loop from this process):
 * - single insert: POST /api/v2/vault/db/{collection}, one small document (charged to the vault);
 * - find: GET /api/v2/vault/db/{collection}?filter={"group": g} (10 of 200 documents);
 * - upload: PUT /api/v2/vault/files/{path}, 64 KiB of new content per request.
 *
 * Caveat: this machine has 2 cores shared by the three node processes, the store, the daemon
 * and the load generator, so a third process cannot add CPU; what the ratio shows is whether
 * several processes on one store and daemon cost throughput (locks, contention), not how far
 * they scale on more machines. On FerretDB every write of one collection also takes emulation
 * mode's lock shared by all processes (all charges go through the node database's `vaults`).
 * CELLA_BENCH_ROUNDS (3) rounds of CELLA_BENCH_SECONDS (3) per measure and configuration.
 */
import { Agent, request } from 'node:http';
import { connect, createDevIdentity } from '@cella/sdk';
import { kuboBinary } from '@cella/block-store/testing';
import { mongoTargetAvailable } from '@cella/document-store/testing';
import { startScaleOut } from '../src/testing/index.js';
import { fmt, printTable } from './lib.js';
import { UNLIMITED } from './node-under-test.js';

const ROUNDS = Math.max(1, Number(process.env.CELLA_BENCH_ROUNDS ?? 3));
const SECONDS = Number(process.env.CELLA_BENCH_SECONDS ?? 3);
const CONNECTIONS = 12;
const UPLOAD_BYTES = 64 * 1024;

interface Call {
  method: string;
  path: string;
  body?: Buffer;
  headers: Record<string, string>;
}

/** Closed-loop load: CONNECTIONS workers over `urls` (round-robin), each call as soon as the last answered. */
async function loadFor(urls: string[], next: () => Call): Promise<{ rate: number; failed: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const targets = urls.map((u) => new URL(u));
  let done = 0;
  let failed = 0;
  const stopAt = performance.now() + SECONDS * 1000;
  const one = (target: URL, call: Call) =>
    new Promise<number>((resolve) => {
      const req = request(
        {
          host: target.hostname,
          port: target.port,
          method: call.method,
          path: call.path,
          agent,
          headers: { ...call.headers, ...(call.body ? { 'content-length': String(call.body.length) } : {}) },
        },
        (res) => {
          res.resume();
          res.once('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.once('error', () => resolve(0));
      req.end(call.body);
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, c) => {
      const target = targets[c % targets.length]!;
      while (performance.now() < stopAt) {
        const status = await one(target, next());
        if (status >= 200 && status < 300) done++;
        else failed++;
      }
    }),
  );
  agent.destroy();
  return { rate: done / ((performance.now() - started) / 1000), failed };
}

export async function benchScaleOut(): Promise<void> {
  if (!mongoTargetAvailable() || kuboBinary() === undefined) {
    console.log(
      '\n(scale-out not measured: needs FerretDB or MONGODB_URI, and kubo — scripts/services/*.sh install)',
    );
    return;
  }
  // The proxy startScaleOut also starts is not used: the load generator spreads its connections
  // over the processes itself (a proxy in this process would compete for the same two cores).
  // Budgets no load reaches (counted in the store across the processes, never refusing; what
  // counting costs is bench/rate-limits.ts's).
  const cluster = await startScaleOut({
    env: { ...UNLIMITED, CELLA_FILES_SWEEP_INTERVAL: '0', CELLA_LOG_LEVEL: 'error' },
  });
  const nodes = cluster.nodes;
  try {
    const vault = await connect({ url: nodes[0]!.url, signer: createDevIdentity().signer });
    await vault.subscription.subscribe();
    const auth = { authorization: `Bearer ${await vault.session.token()}` };
    const docs = await vault.db.createCollection('bench');
    await docs.insert(
      Array.from({ length: 200 }, (_, i) => ({ i, group: i % 20, text: 'lorem ipsum '.repeat(4) })),
      { timestamp: false },
    );
    let n = 0;
    const content = Buffer.alloc(UPLOAD_BYTES, 7);
    const measures: Record<string, () => Call> = {
      'single insert': () => ({
        method: 'POST',
        path: '/api/v2/vault/db/bench',
        headers: { ...auth, 'content-type': 'application/json' },
        body: Buffer.from(JSON.stringify({ document: { single: n++, text: 'lorem ipsum' } })),
      }),
      'find (10 of 200 by filter)': () => ({
        method: 'GET',
        path: `/api/v2/vault/db/bench?filter=${encodeURIComponent(JSON.stringify({ group: n++ % 20 }))}`,
        headers: auth,
      }),
      'upload 64 KiB': () => {
        const body = Buffer.from(content);
        body.writeUInt32BE(n, 0); // new content, so a new CID and a new count, every time
        return {
          method: 'PUT',
          path: `/api/v2/vault/files/bench/${n++}.bin`,
          headers: { ...auth, 'content-type': 'application/octet-stream' },
          body,
        };
      },
    };
    const urls = nodes.map((node) => node.url);
    const rounds: Record<string, { one: number; three: number }[]> = {};
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, next] of Object.entries(measures)) {
        const one = await loadFor(urls.slice(0, 1), next);
        const three = await loadFor(urls, next);
        if (one.failed + three.failed > 0)
          console.log(`WARNING: ${name}: ${one.failed + three.failed} requests failed`);
        (rounds[name] ??= []).push({ one: one.rate, three: three.rate });
      }
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    printTable(
      `Scale-out: 1 node process vs 3 on one ${process.env.MONGODB_URI ? 'MongoDB' : 'FerretDB (emulation mode)'} and one kubo (${ROUNDS} rounds of ${SECONDS} s, ${CONNECTIONS} connections, medians; 2 shared cores)`,
      Object.entries(rounds).map(([measure, rs]) => ({
        measure,
        '1 process': `${fmt(median(rs.map((r) => r.one)), 1)} req/s`,
        '3 processes': `${fmt(median(rs.map((r) => r.three)), 1)} req/s`,
        '3 ÷ 1': fmt(median(rs.map((r) => r.three / r.one)), 2),
        rounds: rs.map((r) => fmt(r.three / r.one, 2)).join(' · '),
      })),
    );
  } finally {
    await cluster.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchScaleOut();
