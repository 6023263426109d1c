/**
 * The Elastos SDK's serialisation: `JSON.stringify` of objects built in a fixed field order,
 * free-form property bags (credential subjects, extra service properties) with keys sorted
 * recursively by code unit, then Unicode NFC. Not JCS: the top-level order is fixed, not sorted.
 */
import { compareStrings } from './did-url.js';
import { utf8Encode } from './encoding.js';

/**
 * Recursively sort object keys, the way the SDK's property-bag helper does: nested non-empty
 * objects are sorted, arrays keep their order but objects inside them are sorted, everything
 * else (including empty objects) is kept as is.
 */
export function sortKeysDeep(value: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort(compareStrings)) {
    out[key] = sortValue(value[key]);
  }
  return out;
}

function sortValue(v: unknown): unknown {
  if (Array.isArray(v)) return v.length > 0 ? v.map(sortValue) : v;
  if (v !== null && typeof v === 'object' && Object.keys(v).length > 0)
    return sortKeysDeep(v as Record<string, unknown>);
  return v;
}

/** The exact string the SDK signs / publishes for an already-normalized object. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value).normalize('NFC');
}

export function canonicalBytes(value: unknown): Uint8Array {
  return utf8Encode(canonicalJson(value));
}
