/**
 * The change feed over HTTP/2 (a node with a certificate, docs/events.md): a stream's frames reach
 * an HTTP/2 client as they are committed, and a client that stops reading is cut with
 * `consumer_too_slow` once the node holds more than its bound for it (HTTP/2's flow control stops
 * the node's writes; the bytes wait in the node, counted, not without bound). HTTP/1.1 is
 * events-http.test.ts.
 */
import { connect as h2connect, type ClientHttp2Session, type ClientHttp2Stream } from 'node:http2';
import { connect, createDevIdentity, type Vault } from '@cella/sdk';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestCertificate } from '../../src/testing/index.js';
import { h2Fetch } from '../helpers/h2-fetch.js';
import { startTempNode, type TempNode } from '../helpers/temp-node.js';

const cert = createTestCertificate();
const { fetch: h2fetch, agent } = h2Fetch(cert.cert);

let node: TempNode;
const sessions: ClientHttp2Session[] = [];

beforeAll(async () => {
  node = await startTempNode({
    tlsCert: cert.certFile,
    tlsKey: cert.keyFile,
    eventsBufferBytes: 64 * 1024,
    eventsMaxDocumentBytes: 256 * 1024,
  });
});
afterAll(async () => {
  for (const session of sessions) session.destroy();
  await node?.stop();
  await agent.close();
});

async function user(): Promise<{ vault: Vault; token: string }> {
  const vault = await connect({ url: node.url, signer: createDevIdentity('key').signer, fetch: h2fetch });
  return { vault, token: await vault.session.token() };
}

/** An event stream on its own HTTP/2 session; resolves with its status once the head came. */
function openH2(token: string): Promise<{ stream: ClientHttp2Stream; status: number; text: () => string }> {
  const session = h2connect(node.url, { ca: cert.cert });
  sessions.push(session);
  return new Promise((resolve, reject) => {
    session.once('error', reject);
    const stream = session.request({
      ':path': '/api/v2/vault/events',
      authorization: `Bearer ${token}`,
      accept: 'text/event-stream',
    });
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('error', () => undefined);
    stream.once('response', (headers) =>
      resolve({
        stream,
        status: Number(headers[':status']),
        text: () => Buffer.concat(chunks).toString('utf8'),
      }),
    );
  });
}

const insertedSeqs = (text: string) =>
  [...text.matchAll(/^id: (\d+)\nevent: document.inserted/gm)].map((m) => Number(m[1]));

test('events arrive over HTTP/2 as they are committed, in order', async () => {
  const { vault, token } = await user();
  const notes = await vault.db.createCollection('notes');
  const opened = await openH2(token);
  expect(opened.status).toBe(200);
  for (let i = 0; i < 3; i++) await notes.insert({ i }, { timestamp: false });
  await expect.poll(() => insertedSeqs(opened.text()).length, { timeout: 10_000 }).toBe(3);
  const seqs = insertedSeqs(opened.text());
  expect(seqs).toEqual([seqs[0]!, seqs[0]! + 1, seqs[0]! + 2]);
  expect(opened.text()).toMatch(/^retry: 2000\nid: \d+\n\n/);
  opened.stream.close();
});

test('a client that stops reading is cut with consumer_too_slow; the stream before it is whole', async () => {
  const { vault, token } = await user();
  const big = await vault.db.createCollection('big');
  const opened = await openH2(token);
  expect(opened.status).toBe(200);
  opened.stream.pause();
  const pad = 'x'.repeat(200_000);
  // ~16 MB of events: far more than HTTP/2's windows and the stream's 64 KiB bound hold.
  for (let i = 0; i < 80; i++) await big.insert([{ i, pad }], { timestamp: false });
  const ended = new Promise<void>((resolve) => {
    opened.stream.once('end', resolve);
    opened.stream.once('close', resolve);
  });
  opened.stream.resume();
  await ended;
  const text = opened.text();
  expect(text).toMatch(/event: error\ndata: \{"error":"consumer_too_slow","message":"[^"]+"\}\n\n$/);
  const sent = insertedSeqs(text);
  expect(sent.length).toBeGreaterThan(0);
  expect(sent.length).toBeLessThan(80);
  expect(sent).toEqual(sent.map((_, k) => sent[0]! + k));
}, 120_000);
