/**
 * The pieces of `vault.files` that need no node: path encoding, Range headers and the counting
 * stream behind upload progress. (Uploads, downloads and every file endpoint are exercised against
 * real nodes by packages/server/test/files.)
 */
import { expect, test } from 'vitest';
import { countingStream, encodeFilePath, rangeHeader } from '../src/files-api.js';

test('paths are encoded one segment at a time, separators kept', () => {
  expect(encodeFilePath('a/b c/ç?#%.txt')).toBe('a/b%20c/%C3%A7%3F%23%25.txt');
  expect(encodeFilePath('日本/🐱')).toBe('%E6%97%A5%E6%9C%AC/%F0%9F%90%B1');
  expect(encodeFilePath('')).toBe('');
});

test('Range headers for offsets, lengths and suffixes; bad ranges throw before any request', () => {
  expect(rangeHeader({ offset: 0, length: 10 })).toBe('bytes=0-9');
  expect(rangeHeader({ offset: 5 })).toBe('bytes=5-');
  expect(rangeHeader({ suffix: 100 })).toBe('bytes=-100');
  for (const bad of [{ offset: -1 }, { offset: 1.5 }, { offset: 0, length: 0 }, { suffix: 0 }]) {
    expect(() => rangeHeader(bad as never)).toThrow(RangeError);
  }
});

test('the counting stream passes pieces through unchanged, reports running totals, and ends', async () => {
  const pieces = [new Uint8Array([1, 2, 3]), new Uint8Array(0), new Uint8Array([4])];
  const seen: number[] = [];
  async function* source() {
    yield* pieces;
  }
  const out: number[] = [];
  const reader = countingStream(source(), (n) => seen.push(n)).getReader();
  for (let r = await reader.read(); !r.done; r = await reader.read()) out.push(...r.value);
  expect(out).toEqual([1, 2, 3, 4]);
  expect(seen).toEqual([3, 3, 4]);

  const web = new ReadableStream<Uint8Array>({
    start(c) {
      c.enqueue(new Uint8Array(5));
      c.close();
    },
  });
  const totals: number[] = [];
  const r2 = countingStream(web, (n) => totals.push(n)).getReader();
  while (!(await r2.read()).done);
  expect(totals).toEqual([5]);
});

test('cancelling the counting stream stops its source', async () => {
  let stopped = false;
  async function* endless() {
    try {
      for (;;) yield new Uint8Array(1);
    } finally {
      stopped = true;
    }
  }
  const reader = countingStream(endless(), () => undefined).getReader();
  await reader.read();
  await reader.cancel();
  expect(stopped).toBe(true);
});
