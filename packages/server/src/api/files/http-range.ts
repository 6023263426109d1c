/**
 * HTTP conditional and range requests for downloads (RFC 9110 §13, §14): one byte range per
 * request; `If-None-Match` and `If-Range` against the strong ETag (the CID).
 *
 * - no `Range`, a malformed one, or several ranges: the whole file (a server may ignore Range);
 * - `bytes=a-b`, `bytes=a-`, `bytes=-n` (the last n bytes): 206 with that range, clamped to the end;
 * - a range that starts at or past the end (or `-0`, or any range of an empty file): 416.
 */
export type RangeResult =
  { kind: 'full' } | { kind: 'partial'; offset: number; length: number } | { kind: 'unsatisfiable' };

export function parseRange(header: string | undefined, size: number): RangeResult {
  if (header === undefined) return { kind: 'full' };
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match) return { kind: 'full' }; // malformed or multiple ranges: ignored
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'full' };
  if (first === '') {
    // Suffix: the last n bytes.
    const n = Number(last);
    if (!Number.isSafeInteger(n) || n === 0 || size === 0) return { kind: 'unsatisfiable' };
    const length = Math.min(n, size);
    return { kind: 'partial', offset: size - length, length };
  }
  const start = Number(first);
  if (!Number.isSafeInteger(start) || start >= size) return { kind: 'unsatisfiable' };
  if (last === '') return { kind: 'partial', offset: start, length: size - start };
  const end = Number(last);
  if (end < start) return { kind: 'full' }; // invalid range-spec: ignored
  return { kind: 'partial', offset: start, length: Math.min(end, size - 1) - start + 1 };
}

/** The ETag of a file: its CID, as a strong validator. */
export const etagOf = (cid: string) => `"${cid}"`;

/** True when an `If-None-Match` list names this ETag (weak comparison, as the RFC asks) or is `*`. */
export function noneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** `If-Range`: the range applies only when the validator is this ETag (strong comparison). */
export function rangeStillValid(ifRange: string | undefined, etag: string): boolean {
  if (ifRange === undefined) return true;
  return ifRange.trim() === etag;
}
