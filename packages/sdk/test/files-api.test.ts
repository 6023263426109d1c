/**
 * The pieces of `vault.files` that need no node: path encoding and Range headers. (Progress:
 * transfer.test.ts and transfer-node.test.ts; every file endpoint is exercised against real nodes
 * by packages/server/test/files.)
 */
import { expect, test } from 'vitest';
import { encodeFilePath, rangeHeader } from '../src/files-api.js';

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
