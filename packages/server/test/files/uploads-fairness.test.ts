/**
 * Fair sharing (issue 21, item 5): large uploads must not hold the node's thread for other users.
 * A real node process takes four 64 MiB uploads from four users at once while a fifth client asks
 * `GET /api/v2/health` back to back: every answer must come within a generous bound (a hang probe,
 * not a timing measure — the benchmark measures, packages/server/bench/files.ts), and the uploads
 * must be whole afterwards.
 */
import { createHash } from 'node:crypto';
import { request } from 'node:http';
import { spawnNode, type SpawnedNode } from '@cella/server/testing';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { probeHealthWhile } from '../helpers/health-probe.js';
import { signedInUser } from '../helpers/users.js';

const MiB = 1024 * 1024;
const UPLOADS = 4;
const SIZE = 64 * MiB;
/** A probe slower than this means the node's thread was held (the uploads take longer on any machine). */
const HANG_MS = 3_000;

let node: SpawnedNode;
beforeAll(async () => {
  // The probe asks health thousands of times from one address, faster the fairer the node: the
  // anonymous rate limit (tested in test/hardening) would answer it 429.
  node = await spawnNode({ env: { CELLA_LOG_LEVEL: 'warn', CELLA_RATE_LIMIT_ANONYMOUS: '0' } });
}, 60_000);
afterAll(async () => {
  await node?.stop();
});

/** The bytes of upload `n`: one random MiB, stamped per MiB and per upload (nothing dedupes). */
function* pieces(n: number, base: Buffer): Generator<Buffer> {
  for (let i = 0; i < SIZE / MiB; i++) {
    const piece = Buffer.from(base);
    piece.writeUInt32BE(i, 0);
    piece.writeUInt32BE(n, 4);
    yield piece;
  }
}

/** PUTs one file with Content-Length, honouring back-pressure; resolves with the answer's JSON. */
function upload(
  token: string,
  path: string,
  n: number,
  base: Buffer,
): Promise<{ cid: string; size: number }> {
  const url = new URL(node.url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        method: 'PUT',
        path: `/api/v2/vault/files/${path}`,
        headers: { authorization: `Bearer ${token}`, 'content-length': String(SIZE) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (c: string) => (text += c));
        res.on('end', () =>
          res.statusCode === 200 ? resolve(JSON.parse(text)) : reject(new Error(`${res.statusCode} ${text}`)),
        );
      },
    );
    req.on('error', reject);
    const source = pieces(n, base);
    const pump = (): void => {
      for (let next = source.next(); !next.done; next = source.next()) {
        if (!req.write(next.value)) {
          req.once('drain', pump);
          return;
        }
      }
      req.end();
    };
    pump();
  });
}

test('health answers promptly while four large uploads run, and the uploads are whole', async () => {
  const users = await Promise.all(Array.from({ length: UPLOADS }, () => signedInUser(node.url)));
  const tokens = await Promise.all(users.map((u) => u.session.token()));
  const base = createHash('sha512').update('fair').digest();
  const mib = Buffer.alloc(MiB);
  for (let i = 0; i < MiB; i += base.length) base.copy(mib, i);

  const { latencies, result: results } = await probeHealthWhile(
    node.url,
    Promise.all(tokens.map((token, n) => upload(token, 'big.bin', n, mib))),
  );

  expect(latencies.length, 'health answered while the uploads ran').toBeGreaterThanOrEqual(5);
  expect(Math.max(...latencies), `slowest of ${latencies.length} health answers (ms)`).toBeLessThan(HANG_MS);
  for (const result of results) expect(result.size).toBe(SIZE);
  expect(new Set(results.map((r) => r.cid)).size).toBe(UPLOADS);

  // One of them read back: the bytes that were sent.
  const expected = createHash('sha256');
  for (const piece of pieces(2, mib)) expected.update(piece);
  const body = await fetch(`${node.url}/api/v2/vault/files/big.bin`, {
    headers: { authorization: `Bearer ${tokens[2]}` },
  });
  const actual = createHash('sha256')
    .update(Buffer.from(await body.arrayBuffer()))
    .digest('hex');
  expect(actual).toBe(expected.digest('hex'));
}, 180_000);
