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
import { b64, concat, fromUtf8, randomBytes, unb64, utf8 } from './bytes.js';
import { canonicalJson } from './canonical-json.js';
import { derive } from './key-material.js';

export const CELLA_METHOD = 'cella-v1';
export const SEALED_FIELD = '__cella';
const VERSION = 1;
const HEAD = 1 + 4 + NONCE_BYTES;

type Doc = Record<string, unknown>;

export interface CollectionKeys {
  generation: number;
  aead: Aead;
  /** HMAC-SHA256 keyed with K_search, its key blocks hashed once (each token clones it). */
  search: ReturnType<typeof hmac.create>;
  /** A commitment to the key (in the collection's record): tells a wrong key from a damaged document. */
  check: string;
}

export async function collectionKeys(secret: Uint8Array, generation: number): Promise<CollectionKeys> {
  return {
    generation,
    aead: await Aead.create(derive(secret, 'encrypt')),
    search: hmac.create(sha256, derive(secret, 'search')),
    check: b64(derive(secret, 'check').subarray(0, 16)),
  };
}

/** `_id` as the text the AD binds: an ObjectId's hex (`{"$oid"}` or the string), a string, else canonical JSON. */
export function idText(id: unknown): string {
  if (typeof id === 'string') return id;
  if (id !== null && typeof id === 'object' && typeof (id as { $oid?: unknown }).$oid === 'string')
    return (id as { $oid: string }).$oid;
  return canonicalJson(id);
}

/** A new ObjectId (seconds ‖ 8 random bytes), in Extended JSON: encrypted documents get their `_id` on the client. */
export function newObjectId(): { $oid: string } {
  const bytes = concat(new Uint8Array(4), randomBytes(8));
  new DataView(bytes.buffer).setUint32(0, Math.floor(Date.now() / 1000), false);
  return { $oid: Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('') };
}

function adFor(collection: string, id: unknown): Uint8Array {
  return utf8(`cella-v1 document\0${collection}\0${idText(id)}`);
}

export function searchToken(keys: CollectionKeys, path: string, value: unknown): string {
  return b64(
    keys.search
      .clone()
      .update(utf8(`${path}\0${canonicalJson(value)}`))
      .digest()
      .subarray(0, 16),
  );
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

/** The tokens of a document's searchable fields, as the stored document carries them. */
export function tokensOf(keys: CollectionKeys, searchable: readonly string[], body: Doc): Doc {
  const out: Doc = {};
  for (const path of searchable) {
    const value = valueAt(body, path);
    if (value === undefined) continue;
    setAt(
      out,
      path,
      Array.isArray(value) ? value.map((v) => searchToken(keys, path, v)) : searchToken(keys, path, value),
    );
  }
  return out;
}

/** The stored form of a document (its `_id` given, else a new ObjectId). */
export async function sealDocument(
  keys: CollectionKeys,
  collection: string,
  searchable: readonly string[],
  doc: Doc,
): Promise<Doc> {
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc))
    throw new TypeError('a document must be a plain object');
  const { _id, ...body } = doc;
  if (SEALED_FIELD in body)
    throw new CellaCryptoError('UNSUPPORTED', `a document's own field cannot be named ${SEALED_FIELD}`);
  const id = _id ?? newObjectId();
  const nonce = randomBytes(NONCE_BYTES);
  const head = new Uint8Array(5);
  head[0] = VERSION;
  new DataView(head.buffer).setUint32(1, keys.generation, false);
  const sealed = await keys.aead.seal(nonce, utf8(JSON.stringify(body)), adFor(collection, id));
  return { _id: id, [SEALED_FIELD]: b64(concat(head, nonce, sealed)), ...tokensOf(keys, searchable, body) };
}

/** The generation a stored document was sealed with (which key opens it). */
export function generationOf(stored: Doc): number {
  const bytes = sealedBytes(stored);
  return new DataView(bytes.buffer, bytes.byteOffset).getUint32(1, false);
}

function sealedBytes(stored: Doc): Uint8Array {
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

/** The document as the app wrote it, with `_id` and the node's timestamps (unless the document has its own). */
export async function openDocument(keys: CollectionKeys, collection: string, stored: Doc): Promise<Doc> {
  const bytes = sealedBytes(stored);
  const plain = await keys.aead.open(
    bytes.subarray(5, HEAD),
    bytes.subarray(HEAD),
    adFor(collection, stored._id),
    'TAMPERED',
    `document ${idText(stored._id)}`,
  );
  const body = JSON.parse(fromUtf8(plain)) as Doc;
  const out: Doc = { _id: stored._id };
  for (const stamp of ['created', 'modified'])
    if (stored[stamp] !== undefined && !(stamp in body)) out[stamp] = stored[stamp];
  return Object.assign(out, body);
}
