/** HTTP Range / If-None-Match / If-Range parsing for downloads (RFC 9110). */
import { expect, test } from 'vitest';
import { etagOf, noneMatch, parseRange, rangeStillValid } from '../../src/api/files/http-range.js';

test('single ranges, suffixes and clamping', () => {
  expect(parseRange(undefined, 100)).toEqual({ kind: 'full' });
  expect(parseRange('bytes=0-9', 100)).toEqual({ kind: 'partial', offset: 0, length: 10 });
  expect(parseRange('bytes=90-', 100)).toEqual({ kind: 'partial', offset: 90, length: 10 });
  expect(parseRange('bytes=90-1000', 100)).toEqual({ kind: 'partial', offset: 90, length: 10 });
  expect(parseRange('bytes=-10', 100)).toEqual({ kind: 'partial', offset: 90, length: 10 });
  expect(parseRange('bytes=-1000', 100)).toEqual({ kind: 'partial', offset: 0, length: 100 });
  expect(parseRange('BYTES = 5 - 5', 100)).toEqual({ kind: 'partial', offset: 5, length: 1 });
  expect(parseRange('bytes=99-99999999999999999999999', 100)).toEqual({
    kind: 'partial',
    offset: 99,
    length: 1,
  });
});

test('unsatisfiable ranges are 416 material; malformed or multiple ranges are ignored (the whole file)', () => {
  for (const header of ['bytes=100-', 'bytes=100-200', 'bytes=-0', 'bytes=999999999999999999999-']) {
    expect(parseRange(header, 100), header).toEqual({ kind: 'unsatisfiable' });
  }
  expect(parseRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
  expect(parseRange('bytes=-5', 0)).toEqual({ kind: 'unsatisfiable' });
  for (const header of ['bytes=0-1,5-6', 'items=0-1', 'bytes=5-2', 'bytes=-', 'bytes=a-b', '']) {
    expect(parseRange(header, 100), header).toEqual({ kind: 'full' });
  }
});

test('ETag is the quoted CID; If-None-Match compares weakly, If-Range strongly', () => {
  const etag = etagOf('bafkcid');
  expect(etag).toBe('"bafkcid"');
  expect(noneMatch('"bafkcid"', etag)).toBe(true);
  expect(noneMatch('W/"bafkcid"', etag)).toBe(true);
  expect(noneMatch('"other", "bafkcid"', etag)).toBe(true);
  expect(noneMatch('*', etag)).toBe(true);
  expect(noneMatch('"other"', etag)).toBe(false);
  expect(noneMatch(undefined, etag)).toBe(false);
  expect(rangeStillValid(undefined, etag)).toBe(true);
  expect(rangeStillValid('"bafkcid"', etag)).toBe(true);
  expect(rangeStillValid('W/"bafkcid"', etag)).toBe(false);
  expect(rangeStillValid('Tue, 01 Jan 2030 00:00:00 GMT', etag)).toBe(false);
});
