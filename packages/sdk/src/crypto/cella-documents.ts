/**
 * The Cella scheme's documents (`encrypt_method: "cella-v1"`). A stored document keeps in clear
 * only its `_id` (and the node's `created`/`modified`); the rest is one AES-256-GCM ciphertext in
 * the field `__cella`, and each declared searchable field holds a keyed hash (a token) of its
 * value instead of the value:
 *
 *   __cella = base64url( 0x01 ‖ generation (u32 BE) ‖ nonce (12) ‖ AES-256-GCM(K_enc, nonce,
 *             UTF-8(JSON of the document without _id), AD) ‖ tag (16) )
 *   AD      = UTF-8("cella-v1 document" ‖ 0x00 ‖ collection ‖ 0x00 ‖ _id as text)
 *   token   = base64url( first 16 bytes of HMAC-SHA256(K_search, UTF-8(path ‖ 0x00 ‖ canonical JSON of the value)) )
 *
 * K_enc and K_search derive from the collection's secret (key-material.ts); `_id` as text is the
 * ObjectId's hex, a string itself, anything else its canonical JSON. The AD binds a ciphertext to
 * its collection and `_id`: a node that moves ciphertexts between documents is caught. An array
 * under a searchable path gets one token per element (equality then matches an element, as MongoDB's).
 */
import { CellaCryptoError } from '@cella/sdk';
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { Aead, NONCE_BYTES } from './aead.js';
import { b64, fromUtf8, randomBytes, unb64, utf8 } from './bytes.js';
import { canonicalJson } from './canonical-json.js';
import { derive } from './key-material.js';
import { nativeCrypto } from './native.js';

export const CELLA_METHOD = 'cella-v1';
export const SEALED_FIELD = '__cella';
const VERSION = 1;
const HEAD = 1 + 4 + NONCE_BYTES;

type Doc = Record<string, unknown>;

export interface CollectionKeys {
  generation: number;
  aead: Aead;
  /** HMAC-SHA256 keyed with K_search, of a text's UTF-8 (node:crypto's, else @noble's with its key blocks hashed once). */
  search: (message: string) => Uint8Array;
  /** A commitment to the key (in the collection's record): tells a wrong key from a damaged document. */
  check: string;
  /** Tokens made lately (`searchToken`), by the text they hash. */
  tokens: Map<string, string>;
}

/**
 * Tokens kept per collection key: a searchable field usually holds few distinct values (a tag, a
 * status, an owner), and a token is an HMAC — the dearest part of sealing a small document after
 * the cipher itself. Bounded; the oldest half is dropped when it is full.
 */
const TOKENS_KEPT = 4096;

function hmacSha256(key: Uint8Array): (message: string) => Uint8Array {
  if (nativeCrypto) {
    const secret = nativeCrypto.createSecretKey(key);
    const native = nativeCrypto;
    return (message) => native.createHmac('sha256', secret).update(message, 'utf8').digest();
  }
  const keyed = hmac.create(sha256, key);
  return (message) => keyed.clone().update(utf8(message)).digest();
}

export async function collectionKeys(secret: Uint8Array, generation: number): Promise<CollectionKeys> {
  return {
    generation,
    aead: await Aead.create(derive(secret, 'encrypt')),
    search: hmacSha256(derive(secret, 'search')),
    check: b64(derive(secret, 'check').subarray(0, 16)),
    tokens: new Map(),
  };
}

/** `_id` as the text the AD binds: an ObjectId's hex (`{"$oid"}` or the string), a string, else canonical JSON. */
export function idText(id: unknown): string {
  if (typeof id === 'string') return id;
  if (id !== null && typeof id === 'object' && typeof (id as { $oid?: unknown }).$oid === 'string')
    return (id as { $oid: string }).$oid;
  return canonicalJson(id);
}

const HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));

/** The seconds part of a new ObjectId (now), as its 8 hex digits. */
const secondsHex = () =>
  Math.floor(Date.now() / 1000)
    .toString(16)
    .padStart(8, '0');

/** An ObjectId's hex: `seconds` (8 hex digits) ‖ 8 random bytes at `at`. */
function objectIdHex(seconds: string, random: Uint8Array, at = 0): string {
  let hex = seconds;
  for (let i = at; i < at + 8; i++) hex += HEX[random[i]!]!;
  return hex;
}

/** A new ObjectId (seconds ‖ 8 random bytes), in Extended JSON: encrypted documents get their `_id` on the client. */
export function newObjectId(random: Uint8Array = randomBytes(8)): { $oid: string } {
  return { $oid: objectIdHex(secondsHex(), random) };
}

const AD_HEAD = 'cella-v1 document\0';

function adFor(collection: string, id: unknown): string {
  return `${AD_HEAD}${collection}\0${idText(id)}`;
}

export function searchToken(keys: CollectionKeys, path: string, value: unknown): string {
  // A string's canonical JSON is its JSON (the common case, without sortKeys' walk).
  const text = `${path}\0${typeof value === 'string' ? JSON.stringify(value) : canonicalJson(value)}`;
  let token = keys.tokens.get(text);
  if (token === undefined) {
    token = b64(keys.search(text).subarray(0, 16));
    if (keys.tokens.size >= TOKENS_KEPT)
      for (const old of [...keys.tokens.keys()].slice(0, TOKENS_KEPT / 2)) keys.tokens.delete(old);
    keys.tokens.set(text, token);
  }
  return token;
}

export function valueAt(doc: unknown, path: string): unknown {
  let at: unknown = doc;
  for (const part of path.split('.')) {
    if (at === null || typeof at !== 'object' || Array.isArray(at)) return undefined;
    at = (at as Doc)[part];
  }
  return at;
}

function setAt(doc: Doc, path: string, value: unknown): void {
  const parts = path.split('.');
  let at = doc;
  for (const part of parts.slice(0, -1)) at = (at[part] ??= {}) as Doc;
  at[parts.at(-1)!] = value;
}

/** Writes the tokens of a document's searchable fields into `out` (the stored document). */
function addTokens(keys: CollectionKeys, searchable: readonly string[], body: Doc, out: Doc): Doc {
  for (const path of searchable) {
    // A top-level field (the common case) is read and written without splitting its path.
    const top = !path.includes('.');
    const value = top ? (Object.hasOwn(body, path) ? body[path] : undefined) : valueAt(body, path);
    if (value === undefined) continue;
    const tokens = Array.isArray(value)
      ? value.map((v) => searchToken(keys, path, v))
      : searchToken(keys, path, value);
    if (top) out[path] = tokens;
    else setAt(out, path, tokens);
  }
  return out;
}

/** The tokens of a document's searchable fields, as the stored document carries them. */
export function tokensOf(keys: CollectionKeys, searchable: readonly string[], body: Doc): Doc {
  return addTokens(keys, searchable, body, {});
}

function withoutId({ _id, ...body }: Doc): Doc {
  return body;
}

/**
 * The stored form of documents (each its `_id`, else a new ObjectId), sealed in one batch: one
 * draw of random bytes for every nonce and new `_id`, one call to the cipher.
 */
export async function sealDocuments(
  keys: CollectionKeys,
  collection: string,
  searchable: readonly string[],
  docs: Doc[],
): Promise<Doc[]> {
  // One draw: each document's version ‖ generation ‖ nonce (the nonce drawn in place), then 8
  // bytes for each new _id.
  const random = randomBytes(docs.length * (HEAD + 8));
  const seconds = secondsHex();
  const adHead = `${AD_HEAD}${collection}\0`;
  const ids: unknown[] = [];
  const bodies: Doc[] = [];
  const jobs = docs.map((doc, i) => {
    if (doc === null || typeof doc !== 'object' || Array.isArray(doc))
      throw new TypeError('a document must be a plain object');
    const { _id } = doc;
    // The body is the document without `_id`: a copy only when it has one (it is only read).
    const body: Doc = '_id' in doc ? withoutId(doc) : doc;
    if (SEALED_FIELD in body)
      throw new CellaCryptoError('UNSUPPORTED', `a document's own field cannot be named ${SEALED_FIELD}`);
    let id: unknown;
    let text: string;
    if (_id === undefined || _id === null) {
      text = objectIdHex(seconds, random, docs.length * HEAD + i * 8);
      id = { $oid: text };
    } else {
      id = _id;
      text = idText(_id);
    }
    ids.push(id);
    bodies.push(body);
    const prefix = random.subarray(i * HEAD, (i + 1) * HEAD);
    prefix[0] = VERSION;
    new DataView(prefix.buffer, prefix.byteOffset).setUint32(1, keys.generation, false);
    return { nonce: prefix.subarray(5), plaintext: JSON.stringify(body), ad: adHead + text, prefix };
  });
  const sealed = await keys.aead.sealMany(jobs);
  return sealed.map((bytes, i) =>
    addTokens(keys, searchable, bodies[i]!, { _id: ids[i], [SEALED_FIELD]: b64(bytes) }),
  );
}

/** The stored form of one document (`sealDocuments`). */
export async function sealDocument(
  keys: CollectionKeys,
  collection: string,
  searchable: readonly string[],
  doc: Doc,
): Promise<Doc> {
  return (await sealDocuments(keys, collection, searchable, [doc]))[0]!;
}

/** The generation a stored document was sealed with (which key opens it). */
export function generationOf(stored: Doc): number {
  return generationIn(sealedBytes(stored));
}

/** The generation in a document's sealed bytes (`sealedBytes`). */
export function generationIn(bytes: Uint8Array): number {
  return new DataView(bytes.buffer, bytes.byteOffset).getUint32(1, false);
}

/** A stored document's sealed bytes (version checked), else a TAMPERED error. */
export function sealedBytes(stored: Doc): Uint8Array {
  const text = stored[SEALED_FIELD];
  let bytes: Uint8Array | undefined;
  try {
    bytes = typeof text === 'string' ? unb64(text) : undefined;
  } catch {
    bytes = undefined;
  }
  if (!bytes || bytes.length < HEAD + 16 || bytes[0] !== VERSION)
    throw new CellaCryptoError(
      'TAMPERED',
      `document ${idText(stored._id)} carries no readable ${SEALED_FIELD} ciphertext`,
    );
  return bytes;
}

/**
 * The documents as the app wrote them, with `_id` and the node's timestamps (unless a document
 * has its own), opened in one batch (all sealed under `keys`' generation). `bytes`: their
 * `sealedBytes`, when the caller has read them already (each ciphertext is decoded once).
 */
export async function openDocuments(
  keys: CollectionKeys,
  collection: string,
  stored: Doc[],
  bytes: Uint8Array[] = stored.map(sealedBytes),
): Promise<Doc[]> {
  const plain = await keys.aead.openMany(
    stored.map((s, i) => {
      const sealed = bytes[i]!;
      return { nonce: sealed.subarray(5, HEAD), sealed: sealed.subarray(HEAD), ad: adFor(collection, s._id) };
    }),
    { code: 'TAMPERED', what: (i) => `document ${idText(stored[i]!._id)}` },
  );
  return stored.map((s, i) => {
    const body = JSON.parse(fromUtf8(plain[i]!)) as Doc;
    const out: Doc = { _id: s._id };
    for (const stamp of ['created', 'modified'])
      if (s[stamp] !== undefined && !(stamp in body)) out[stamp] = s[stamp];
    return Object.assign(out, body);
  });
}

/** One document (`openDocuments`). */
export async function openDocument(keys: CollectionKeys, collection: string, stored: Doc): Promise<Doc> {
  return (await openDocuments(keys, collection, [stored]))[0]!;
}
