/**
 * The change feed over HTTP (docs/events.md), on a node in this process: every kind of change as
 * its event, in order; resuming after a cursor (query or Last-Event-ID) with nothing lost or
 * repeated; filters; refusals (400, 410 past retention, 429 past the streams a DID may hold); the
 * heartbeat and the cursor line; a consumer that does not read, cut with `consumer_too_slow`;
 * metrics.
 */
import { connect as connectSocket } from 'node:net';
import type { Vault } from '@cella/sdk';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { rawCall, signedInUser } from '../helpers/users.js';
import { startTempNode, type TempNode } from '../helpers/temp-node.js';
import { openStream } from './sse-client.js';

let node: TempNode;
let alice: Vault;
let token: string;

/** The body of a chunked HTTP/1.1 answer, as text. */
function dechunked(raw: Buffer): string {
  let at = raw.indexOf('\r\n\r\n') + 4;
  const parts: Buffer[] = [];
  for (;;) {
    const eol = raw.indexOf('\r\n', at);
    if (eol < 0) break;
    const size = parseInt(raw.subarray(at, eol).toString('latin1'), 16);
    if (!(size > 0)) break;
    parts.push(raw.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
  return Buffer.concat(parts).toString('utf8');
}

const eventsUrl = (query = '') => `${node.url}/api/v2/vault/events${query}`;

beforeAll(async () => {
  node = await startTempNode({
    eventsHeartbeatSeconds: 1,
    eventsMaxStreamsPerDid: 4,
    eventsBufferBytes: 64 * 1024,
    eventsMaxDocumentBytes: 256 * 1024,
    eventsTailMs: 50,
  });
  alice = await signedInUser(node.url);
  token = await alice.session.token();
});
afterAll(async () => {
  await node?.stop();
});

describe('every change as an event', () => {
  test('documents, collections, indexes, files, scripts and the vault state, in order', async () => {
    const stream = await openStream(eventsUrl(), { token });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers.get('cache-control')).toBe('no-store');
    expect(stream.headers.get('x-accel-buffering')).toBe('no');
    const notes = await alice.db.createCollection('notes');
    await notes.createIndex({ due: 1 }, { name: 'by_due' });
    const { inserted_ids: insertedIds } = await notes.insert([{ title: 'milk' }, { title: 'eggs' }], {
      timestamp: false,
    });
    await notes.update({ title: 'milk' }, { $set: { done: true } }, { timestamp: false });
    await notes.delete({ title: 'eggs' });
    await notes.dropIndex('by_due');
    await alice.files.upload('photos/cat.jpg', 'a cat');
    await alice.files.copy('photos/cat.jpg', 'photos/copy.jpg');
    await alice.files.move('photos/copy.jpg', 'archive/cat.jpg');
    await alice.files.delete('archive/cat.jpg');
    await alice.scripts.register('get_notes', {
      executable: { type: 'find', collection: 'notes', filter: {} },
    });
    await alice.scripts.remove('get_notes');
    await alice.subscription.freeze();
    await alice.subscription.activate();
    await alice.db.deleteCollection('notes');
    const got = await stream.waitFor(16);
    stream.close();
    const cid = got.find((e) => e.event === 'file.written')!.data.cid;
    const [milk, eggs] = insertedIds;
    expect(got.map((e) => ({ type: e.event, ...e.data, seq: undefined, at: undefined }))).toEqual(
      [
        { type: 'collection.created', collection: 'notes' },
        { type: 'index.created', collection: 'notes', index: 'by_due', key: { due: 1 }, unique: false },
        {
          type: 'document.inserted',
          collection: 'notes',
          _id: { $oid: milk },
          document: { _id: { $oid: milk }, title: 'milk' },
        },
        {
          type: 'document.inserted',
          collection: 'notes',
          _id: { $oid: eggs },
          document: { _id: { $oid: eggs }, title: 'eggs' },
        },
        {
          type: 'document.updated',
          collection: 'notes',
          _id: { $oid: milk },
          document: { _id: { $oid: milk }, title: 'milk', done: true },
        },
        {
          type: 'document.deleted',
          collection: 'notes',
          _id: { $oid: eggs },
          document: { _id: { $oid: eggs }, title: 'eggs' },
        },
        { type: 'index.dropped', collection: 'notes', index: 'by_due' },
        { type: 'file.written', path: 'photos/cat.jpg', cid, size: 5 },
        { type: 'file.written', path: 'photos/copy.jpg', cid, size: 5 },
        { type: 'file.moved', path: 'archive/cat.jpg', from: 'photos/copy.jpg', cid, size: 5 },
        { type: 'file.deleted', path: 'archive/cat.jpg', cid, size: 5 },
        { type: 'script.registered', name: 'get_notes' },
        { type: 'script.deleted', name: 'get_notes' },
        { type: 'vault.state', state: 'frozen' },
        { type: 'vault.state', state: 'running' },
        { type: 'collection.dropped', collection: 'notes' },
      ].map((e) => ({ ...e, seq: undefined, at: undefined })),
    );
    // `id:` is the cursor, `event:` the type, `seq` in the data the same number, growing.
    const seqs = got.map((e) => Number(e.id));
    expect(got.map((e) => e.data.seq)).toEqual(seqs);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    for (const e of got) expect(typeof e.data.at).toBe('number');
  });
});

describe('resuming', () => {
  test('after a cursor (query or Last-Event-ID): every later event once; without one: from now', async () => {
    const todo = await alice.db.createCollection('todo');
    const live = await openStream(eventsUrl('?collections=todo'), { token });
    await todo.insert(Array.from({ length: 5 }, (_, i) => ({ i })));
    const first = await live.waitFor(5);
    live.close();
    // Written while nobody listens.
    await todo.insert(Array.from({ length: 5 }, (_, i) => ({ i: 5 + i })));
    const cursor = first[2]!.id;
    for (const resumed of [
      await openStream(eventsUrl(`?collections=todo&since=${cursor}`), { token }),
      await openStream(eventsUrl('?collections=todo'), { token, headers: { 'last-event-id': cursor } }),
    ]) {
      const got = await resumed.waitFor(7);
      expect(got.map((e) => (e.data.document as { i: number }).i)).toEqual([3, 4, 5, 6, 7, 8, 9]);
      await todo.insert([{ i: 10 }]);
      const [, ...rest] = await resumed.waitFor(8);
      expect(rest.at(-1)!.data.document).toMatchObject({ i: 10 });
      resumed.close();
    }
    // `since` wins over the header; without either the stream starts at the newest event.
    const now = await openStream(eventsUrl('?collections=todo'), { token });
    const head = now.frames[0] ?? (await new Promise((r) => setTimeout(r, 200)), now.frames[0]);
    expect(head).toMatchObject({ retry: 2000 });
    await todo.insert([{ i: 11 }]);
    const [next] = await now.waitFor(1);
    expect(next!.data.document).toMatchObject({ i: 11 });
    expect(Number(next!.id)).toBe(Number(head!.id) + 1);
    now.close();
  });

  test('400 for a malformed cursor or one ahead of the newest event; 410 past retention', async () => {
    for (const since of ['abc', '-1', '01', '1.5'])
      expect((await rawCall(alice, 'GET', `/api/v2/vault/events?since=${since}`)).status).toBe(400);
    const ahead = await rawCall(alice, 'GET', '/api/v2/vault/events?since=999999999');
    expect(ahead.status).toBe(400);
    expect(ahead.body.error.message).toMatch(/ahead of the newest event/);
    const bad = await openStream(eventsUrl(), { token, headers: { 'last-event-id': 'x' } });
    expect(bad.status).toBe(400);
    for (const query of ['?types=document.nope', '?filter={}', '?collections=a,b&filter={}', '?colour=red'])
      expect((await rawCall(alice, 'GET', `/api/v2/vault/events${query}`)).status).toBe(400);

    const short = await startTempNode({ eventsRetentionSeconds: 1 });
    try {
      const bob = await signedInUser(short.url);
      const c = await bob.db.createCollection('c');
      await c.insert([{ n: 1 }]);
      await new Promise((r) => setTimeout(r, 1300));
      // The next write trims what is older than a second: the cursors 0..2 are gone.
      await c.insert([{ n: 2 }]);
      const gone = await rawCall(bob, 'GET', '/api/v2/vault/events?since=1');
      expect(gone.status).toBe(410);
      expect(gone.body.error.message).toMatch(/older than the events this vault still keeps/);
      expect(gone.body.oldest_cursor).toBe('2');
      const again = await openStream(`${short.url}/api/v2/vault/events?since=${gone.body.oldest_cursor}`, {
        token: await bob.session.token(),
      });
      const [only] = await again.waitFor(1);
      expect(only!.data).toMatchObject({ seq: 3, type: 'document.inserted', document: { n: 2 } });
      again.close();
    } finally {
      await short.stop();
    }
  });
});

describe('catching up', () => {
  test('a replay longer than the stream buffer flows without waiting for heartbeats', async () => {
    // The stream's body asks for more once and again only after a push: a request lost while a page
    // was read stalled the replay until the next heartbeat (15 s by default) after every page.
    const slow = await startTempNode({ eventsHeartbeatSeconds: 15 });
    try {
      const bob = await signedInUser(slow.url);
      const c = await bob.db.createCollection('c');
      const from = await openStream(`${slow.url}/api/v2/vault/events?collections=c`, {
        token: await bob.session.token(),
      });
      await c.insert([{ n: -1 }], { timestamp: false });
      const [first] = await from.waitFor(1);
      from.close();
      await c.insert(
        Array.from({ length: 600 }, (_, n) => ({ n, text: 'lorem ipsum dolor sit amet '.repeat(4) })),
        { timestamp: false },
      );
      const replay = await openStream(`${slow.url}/api/v2/vault/events?collections=c&since=${first!.id}`, {
        token: await bob.session.token(),
      });
      // Within 20 s rather than about 15 s (a heartbeat) per page of 100 events.
      const got = await replay.waitFor(600, 20_000);
      expect(got.map((e) => (e.data.document as { n: number }).n)).toEqual(
        Array.from({ length: 600 }, (_, n) => n),
      );
      replay.close();
    } finally {
      await slow.stop();
    }
  }, 60_000);
});

describe('filters', () => {
  test('collections, paths, types and a document filter (a delete by the document as it was)', async () => {
    const query =
      '?collections=tasks&types=document&filter=' + encodeURIComponent(JSON.stringify({ tag: 'home' }));
    const filtered = await openStream(eventsUrl(query), { token });
    const files = await openStream(eventsUrl('?paths=docs/&types=file.written'), { token });
    const tasks = await alice.db.createCollection('tasks');
    await tasks.insert(
      [
        { tag: 'home', n: 1 },
        { tag: 'work', n: 2 },
      ],
      { timestamp: false },
    );
    await tasks.update({ n: 2 }, { $set: { tag: 'home' } }, { timestamp: false });
    await tasks.delete({ n: 1 });
    await alice.files.upload('docs/a.txt', 'a');
    await alice.files.upload('other/b.txt', 'b');
    await alice.files.delete('docs/a.txt');
    await alice.files.upload('docs/c.txt', 'c');
    expect((await filtered.waitFor(3)).map((e) => [e.event, (e.data.document as { n: number }).n])).toEqual([
      ['document.inserted', 1],
      ['document.updated', 2],
      ['document.deleted', 1],
    ]);
    expect((await files.waitFor(2)).map((e) => e.data.path)).toEqual(['docs/a.txt', 'docs/c.txt']);
    // Filtered-out events move the cursor: the heartbeat carries it on an `id:` line.
    await new Promise((r) => setTimeout(r, 1500));
    const last = Number(files.lastId());
    expect(last).toBeGreaterThan(Number((await files.waitFor(2))[1]!.id) - 1);
    expect(files.frames.some((f) => f.comments.includes('ping'))).toBe(true);
    filtered.close();
    files.close();
  });
});

describe('limits', () => {
  test('a DID holds at most CELLA_EVENTS_MAX_STREAMS_PER_DID streams (429, internal_code 1)', async () => {
    const carol = await signedInUser(node.url);
    const carolToken = await carol.session.token();
    const open = await Promise.all(
      Array.from({ length: 4 }, () => openStream(eventsUrl(), { token: carolToken })),
    );
    expect(open.map((s) => s.status)).toEqual([200, 200, 200, 200]);
    const fifth = await openStream(eventsUrl(), { token: carolToken });
    expect(fifth.status).toBe(429);
    expect(fifth.error).toMatchObject({ error: { internal_code: 1 } });
    open[0]!.close();
    await expect
      .poll(async () => (await openStream(eventsUrl(), { token: carolToken })).status, { timeout: 5000 })
      .toBe(200);
    for (const s of open) s.close();
  });

  test('a client that stops reading is cut with consumer_too_slow; the stream before it is whole', async () => {
    const dave = await signedInUser(node.url);
    const daveToken = await dave.session.token();
    const big = await dave.db.createCollection('big');
    // A client that reads the head of the answer, then nothing while the events pile up.
    const url = new URL(eventsUrl());
    const socket = connectSocket(Number(url.port), url.hostname);
    socket.write(
      `GET /api/v2/vault/events HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: Bearer ${daveToken}\r\nAccept: text/event-stream\r\n\r\n`,
    );
    const received: Buffer[] = [];
    await new Promise<void>((resolve) =>
      socket.once('data', (chunk: Buffer) => (received.push(chunk), resolve())),
    );
    socket.pause();
    const pad = 'x'.repeat(200_000);
    // ~16 MB of events: more than the socket buffers and the stream's 64 KiB bound hold.
    for (let i = 0; i < 80; i++) await big.insert([{ i, pad }]);
    socket.resume();
    // The answer ends with its last chunk (the connection itself stays open: keep-alive).
    await new Promise<void>((resolve) => {
      socket.on('data', (chunk: Buffer) => {
        received.push(chunk);
        if (Buffer.concat(received.slice(-2)).includes('\r\n0\r\n\r\n')) resolve();
      });
      socket.on('close', resolve);
    });
    socket.destroy();
    const text = dechunked(Buffer.concat(received));
    expect(text).toMatch(/event: error\ndata: \{"error":"consumer_too_slow","message":"[^"]+"\}\n\n/);
    const sent = [...text.matchAll(/^id: (\d+)\nevent: document.inserted/gm)].map((m) => Number(m[1]));
    // What came before the cut is a whole prefix, in order.
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.length).toBeLessThan(80);
    expect(sent).toEqual(sent.map((_, k) => sent[0]! + k));
    const metrics = await (await fetch(`${node.url}/metrics`)).text();
    expect(metrics).toMatch(/cella_event_streams_cut_total\{reason="consumer_too_slow"\} [1-9]/);
    expect(metrics).toMatch(/cella_events_sent_total [1-9]/);
  }, 120_000);
});
