/**
 * DID and DID URL syntax as the Elastos SDK parses it: `did:<method>:<id>` where method and id
 * are token characters (A–Z a–z 0–9 . _ -, not starting with . _ -), and DID URLs made of an
 * optional DID, then optional path, query and fragment. Relative URLs (`#primary`) are
 * qualified against a base DID, which is how compact documents write their key ids.
 */
import { malformed } from './errors.js';

export interface ParsedDid {
  did: string;
  method: string;
  methodSpecificId: string;
}

const TOKEN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const DID_RE = /^did:([A-Za-z0-9][A-Za-z0-9._-]*):([A-Za-z0-9][A-Za-z0-9._-]*)$/;
// path / query / fragment characters allowed by the SDK's scanner: token chars, separators, %XX escapes
const URL_TAIL_RE = /^(\/[A-Za-z0-9._\-/%]*)?(\?[A-Za-z0-9._\-&=%]*)?(#[A-Za-z0-9._\-%]*)?$/;

/** Parse a DID string (no path, query or fragment). Surrounding whitespace is tolerated like the SDK. */
export function parseDid(did: unknown): ParsedDid {
  if (typeof did !== 'string') throw malformed('DID must be a string');
  const s = did.trim();
  const m = DID_RE.exec(s);
  if (!m) throw malformed(`invalid DID: ${truncate(s)}`);
  return { did: s, method: m[1]!, methodSpecificId: m[2]! };
}

export function isDid(value: unknown): value is string {
  try {
    parseDid(value);
    return true;
  } catch {
    return false;
  }
}

export interface ParsedDidUrl {
  /** The DID part, qualified with the base when the URL was relative. */
  did: string;
  /** Everything after the DID: path, query and fragment (e.g. `#primary`). */
  tail: string;
  fragment?: string;
}

/**
 * Parse a DID URL. A relative URL (`#key`, `/path`, `?q`) is qualified against `base`;
 * without a base it is rejected.
 */
export function parseDidUrl(url: unknown, base?: string): ParsedDidUrl {
  if (typeof url !== 'string') throw malformed('DID URL must be a string');
  const s = url.trim();
  if (s.length === 0) throw malformed('empty DID URL');
  let did: string;
  let tail: string;
  if (s.startsWith('did:')) {
    const cut = firstIndexOfAny(s, '/?#');
    did = parseDid(cut < 0 ? s : s.slice(0, cut)).did;
    tail = cut < 0 ? '' : s.slice(cut);
  } else {
    if (base === undefined) throw malformed(`relative DID URL without a base DID: ${truncate(s)}`);
    did = parseDid(base).did;
    tail = s;
    if (!tail.startsWith('#') && !tail.startsWith('/') && !tail.startsWith('?')) tail = `#${tail}`;
  }
  if (!URL_TAIL_RE.test(tail)) throw malformed(`invalid DID URL: ${truncate(s)}`);
  const hash = tail.indexOf('#');
  const fragment = hash >= 0 ? tail.slice(hash + 1) : undefined;
  if (fragment !== undefined && fragment !== '' && !TOKEN.test(fragment) && !fragment.includes('%')) {
    throw malformed(`invalid DID URL fragment: ${truncate(s)}`);
  }
  // An empty fragment ("did:x:y#") is dropped by the SDK's serializer.
  if (fragment === '') tail = tail.slice(0, hash);
  return fragment ? { did, tail, fragment } : { did, tail };
}

/** Canonical (fully qualified) string form of a DID URL, as the normalized Elastos formats write it. */
export function qualifyDidUrl(url: unknown, base?: string): string {
  const p = parseDidUrl(url, base);
  return p.did + p.tail;
}

/** Plain code-unit comparison, the order the Elastos SDK sorts ids in. */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function firstIndexOfAny(s: string, chars: string): number {
  for (let i = 0; i < s.length; i++) if (chars.includes(s[i]!)) return i;
  return -1;
}

export function truncate(s: string, max = 80): string {
  return s.length > max ? `${s.slice(0, max)}…` : s;
}
