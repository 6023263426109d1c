/**
 * Byte-level progress without a node: upload bodies are handed over in 64 KiB pieces whatever the
 * input, progress counts only what the consumer took, and download progress counts what was read.
 */
import { expect, test } from 'vitest';
import { CellaNetworkError } from '../src/errors.js';
import { progressBody, progressDownload, readAll, UPLOAD_PIECE, type UploadData } from '../src/transfer.js';

const MiB = 1024 * 1024;

function pattern(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + 7) & 0xff;
  return bytes;
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b));

async function drain(data: UploadData, total?: number) {
  const events: number[] = [];
  const body = progressBody(data, total, (done) => events.push(done));
  const pieces: Uint8Array[] = [];
  const reader = body.stream.getReader();
  for (let r = await reader.read(); !r.done; r = await reader.read()) pieces.push(r.value);
  return { events, pieces, bytes: await readAll(new Blob(pieces as Uint8Array<ArrayBuffer>[]).stream()) };
}

test('20 MiB as bytes, a Blob, or a stream of one 20 MiB piece: 320 pieces of 64 KiB and as many progress events', async () => {
  const data = pattern(20 * MiB);
  const oneChunk = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(data);
      controller.close();
    },
  });
  async function* iterable() {
    yield data.subarray(0, 10);
    yield data.subarray(10);
  }
  for (const input of [
    data,
    new Blob([data as Uint8Array<ArrayBuffer>]),
    oneChunk,
    iterable(),
  ] as UploadData[]) {
    const { events, pieces, bytes } = await drain(input, data.byteLength);
    expect(pieces.every((p) => p.byteLength <= UPLOAD_PIECE)).toBe(true);
    expect(sameBytes(bytes, data)).toBe(true); // (toEqual on 20 MiB would take minutes)
    expect(events.length).toBeGreaterThanOrEqual(320);
    expect(events.at(-1)).toBe(data.byteLength);
    expect(events.every((n, i) => i === 0 || n > events[i - 1]!)).toBe(true);
  }
});

test('a piece counts as sent only once the consumer asks for the next: no read-ahead', async () => {
  const events: number[] = [];
  const body = progressBody(pattern(4 * UPLOAD_PIECE), undefined, (done) => events.push(done));
  const reader = body.stream.getReader();
  await reader.read();
  expect(events).toEqual([]); // the first piece is out, but nobody has taken it yet
  await reader.read();
  expect(events).toEqual([UPLOAD_PIECE]);
  await reader.read();
  await reader.read();
  expect(events).toEqual([UPLOAD_PIECE, 2 * UPLOAD_PIECE, 3 * UPLOAD_PIECE]);
  expect((await reader.read()).done).toBe(true);
  expect(events.at(-1)).toBe(4 * UPLOAD_PIECE);
});

test('strings and empty inputs; the caller’s buffer is never handed over itself', async () => {
  expect((await drain('héllo')).bytes).toEqual(new TextEncoder().encode('héllo'));
  const empty = await drain(new Uint8Array(0), 0);
  expect(empty.pieces).toEqual([]);
  const data = pattern(100);
  const { pieces } = await drain(data);
  expect(pieces[0]!.buffer).not.toBe(data.buffer);
});

test('cancelling the body stops its source; a failing source is reported as its own error', async () => {
  let stopped = false;
  async function* endless() {
    try {
      for (;;) yield new Uint8Array(1024);
    } finally {
      stopped = true;
    }
  }
  const reader = progressBody(endless(), undefined).stream.getReader();
  await reader.read();
  await reader.cancel();
  expect(stopped).toBe(true);

  const boom = new Error('disk gone');
  async function* failing() {
    yield new Uint8Array(10);
    throw boom;
  }
  const body = progressBody(failing(), undefined);
  const r = body.stream.getReader();
  await r.read();
  await expect(r.read()).rejects.toBe(boom);
  expect(body.sourceError).toBe(boom);
});

test('download progress counts bytes as read, with the total from Content-Length or Content-Range', async () => {
  const data = pattern(300_000);
  const events: [number, number | undefined][] = [];
  const response = new Response(new Blob([data as Uint8Array<ArrayBuffer>]).stream(), {
    headers: { 'content-length': String(data.byteLength) },
  });
  const bytes = await readAll(
    progressDownload(response, 'http://node', { onProgress: (n, total) => events.push([n, total]) }),
  );
  expect(sameBytes(bytes, data)).toBe(true);
  expect(events.at(-1)).toEqual([data.byteLength, data.byteLength]);

  const ranged = new Response('abc', { status: 206, headers: { 'content-range': 'bytes 10-12/100' } });
  const seen: (number | undefined)[] = [];
  await readAll(progressDownload(ranged, 'http://node', { onProgress: (_n, total) => seen.push(total) }));
  expect(seen).toEqual([3]);
});

test('a connection broken mid-download is a CellaNetworkError', async () => {
  const broken = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new Uint8Array(5));
    },
    pull(controller) {
      controller.error(new TypeError('terminated'));
    },
  });
  const stream = progressDownload(new Response(broken), 'http://node');
  await expect(readAll(stream)).rejects.toBeInstanceOf(CellaNetworkError);
});
