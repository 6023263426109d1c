/**
 * The Cella scheme's files (`encrypt_method: "cella-v1"`): a header that carries the file's own
 * key wrapped for its owner, then the content in chunks of 64 KiB, each sealed on its own
 * (AES-256-GCM, STREAM construction: the nonce is the chunk's number and whether it is the last),
 * so a file of any size is encrypted and decrypted in constant memory, and no chunk can be changed,
 * moved, dropped or added, nor the file cut, without the reader refusing it.
 *
 *   offset size  header (86 bytes)
 *   0      8     magic "CELLAE2E"
 *   8      1     version 1
 *   9      1     log2 of the chunk size: 16 (65,536 bytes)
 *   10     16    key id: random, names the file key (a share of this file is stored under it)
 *   26     12    nonce of the wrapped key
 *   38     48    AES-256-GCM(files key, nonce, file key (32 bytes), AD = bytes 0..26) ‖ tag
 *   then chunk i = AES-256-GCM(file key, nonce = i as 11 bytes big-endian ‖ (1 if last else 0),
 *                  the chunk's bytes, no AD) ‖ tag; every chunk but the last is full; the last
 *                  may be full or shorter, and is an empty chunk (16 bytes) for an empty file.
 *
 * The files key derives from the owner's vault secret (key-material.ts `filesKey`); a friend gets
 * the file key itself, wrapped for their DID (wrap.ts).
 */
import { CellaCryptoError } from '@cella/sdk';
import { Aead, NONCE_BYTES, TAG_BYTES } from './aead.js';
import { ByteQueue, InOrder } from './byte-queue.js';
import { concat, randomBytes, utf8 } from './bytes.js';

const MAGIC = utf8('CELLAE2E');
const VERSION = 1;
const CHUNK_LOG2 = 16;
const CHUNK = 1 << CHUNK_LOG2;
const WIRE_CHUNK = CHUNK + TAG_BYTES;
export const CELLA_FILE_HEADER_BYTES = 86;
const KEY_ID = [10, 26] as const;

export function cellaEncryptedSize(size: number): number {
  return CELLA_FILE_HEADER_BYTES + size + TAG_BYTES * Math.max(1, Math.ceil(size / CHUNK));
}

/** True when `bytes` (the start of a file) are a Cella-scheme header. */
export function isCellaFile(bytes: Uint8Array): boolean {
  return bytes.length >= MAGIC.length && MAGIC.every((b, i) => bytes[i] === b);
}

export interface FileKey {
  /** 16 bytes, in the header. */
  id: Uint8Array;
  key: Uint8Array;
}

export const newFileKey = (): FileKey => ({ id: randomBytes(16), key: randomBytes(32) });

export async function fileHeader(filesKey: Uint8Array, file: FileKey): Promise<Uint8Array> {
  const start = concat(MAGIC, Uint8Array.of(VERSION, CHUNK_LOG2), file.id);
  const nonce = randomBytes(NONCE_BYTES);
  const wrapped = await (await Aead.create(filesKey)).seal(nonce, file.key, start);
  return concat(start, nonce, wrapped);
}

/** Parses a header: the key id, and the file key when `filesKey` opens it. */
export function parseHeader(header: Uint8Array): {
  id: Uint8Array;
  wrappedNonce: Uint8Array;
  wrapped: Uint8Array;
} {
  if (header.length < CELLA_FILE_HEADER_BYTES || !isCellaFile(header))
    throw new CellaCryptoError('TAMPERED', 'the file does not start with a Cella encryption header');
  if (header[8] !== VERSION || header[9] !== CHUNK_LOG2)
    throw new CellaCryptoError(
      'UNSUPPORTED',
      `the file's encryption header is version ${header[8]}, chunk 2^${header[9]}`,
    );
  return { id: header.slice(...KEY_ID), wrappedNonce: header.slice(26, 38), wrapped: header.slice(38, 86) };
}

export async function ownerFileKey(filesKey: Uint8Array, header: Uint8Array): Promise<FileKey> {
  const { id, wrappedNonce, wrapped } = parseHeader(header);
  const key = await (
    await Aead.create(filesKey)
  ).open(wrappedNonce, wrapped, header.subarray(0, 26), 'WRONG_KEY', 'the file');
  return { id, key };
}

/**
 * Chunks sealed or opened in one call (1 MiB of plaintext): one buffer handed on per run, not one
 * per chunk. Memory stays bounded by a run and the pieces the source hands in.
 */
const RUN = 16;
/** Runs in flight: the next one is sealed (WebCrypto, on other threads) while the last one is sent. */
const IN_FLIGHT = 2;

function chunkNonce(index: number, last: boolean): Uint8Array {
  const nonce = new Uint8Array(NONCE_BYTES);
  const view = new DataView(nonce.buffer);
  view.setUint32(3, Math.floor(index / 2 ** 32), false);
  view.setUint32(7, index >>> 0, false);
  nonce[11] = last ? 1 : 0;
  return nonce;
}

/** The nonces of a run of `count` chunks from `first`, the last of them the file's last when `last`. */
const runNonces = (first: number, count: number, last: boolean) => (i: number) =>
  chunkNonce(first + i, last && i === count - 1);

/**
 * Encrypts plaintext pieces: the header, then the chunks, a run of them at a time. `onPlaintext`
 * hears of each run's plaintext bytes as it is handed on (progress in plaintext bytes).
 */
export async function* cellaEncrypt(
  filesKey: Uint8Array,
  source: AsyncIterable<Uint8Array>,
  file: FileKey = newFileKey(),
  onPlaintext?: (bytes: number) => void,
): AsyncGenerator<Uint8Array> {
  const aead = await Aead.create(file.key);
  yield await fileHeader(filesKey, file);
  const queue = new ByteQueue();
  const sealed = new InOrder<[Uint8Array, number]>(IN_FLIGHT);
  let index = 0;
  const seal = (count: number, last: boolean) => {
    const plaintext = queue.take(last ? queue.length : count * CHUNK);
    const nonces = runNonces(index, count, last);
    index += count;
    return aead
      .sealRun(plaintext, CHUNK, nonces)
      .then((out) => [out, plaintext.length] as [Uint8Array, number]);
  };
  const handOn = async function* (results: AsyncGenerator<[Uint8Array, number]>) {
    for await (const [out, plaintext] of results) {
      yield out;
      onPlaintext?.(plaintext);
    }
  };
  for await (const piece of source) {
    queue.push(piece);
    // Full runs only, and never the last chunk while more bytes may follow it.
    while (queue.length > RUN * CHUNK) yield* handOn(sealed.push(seal(RUN, false)));
  }
  yield* handOn(sealed.push(seal(Math.max(1, Math.ceil(queue.length / CHUNK)), true)));
  yield* handOn(sealed.drain());
}

/**
 * Decrypts, streaming. The file key comes from `keyFor(header)` (the owner's files key, or a
 * friend's share); a chunk that fails is refused, as is a file cut short or extended.
 */
export async function* cellaDecrypt(
  keyFor: (header: Uint8Array) => Promise<FileKey>,
  source: AsyncIterable<Uint8Array>,
): AsyncGenerator<Uint8Array> {
  const queue = new ByteQueue();
  const opened = new InOrder<Uint8Array>(IN_FLIGHT);
  let aead: Aead | undefined;
  let index = 0;
  const open = (count: number, last: boolean) => {
    const first = index;
    index += count;
    return aead!.openRun(
      queue.take(last ? queue.length : count * WIRE_CHUNK),
      WIRE_CHUNK,
      runNonces(first, count, last),
      {
        code: 'TAMPERED',
        what: (i) =>
          last && i === count - 1 ? 'the last part of the file' : `part ${first + i + 1} of the file`,
      },
    );
  };
  for await (const piece of source) {
    queue.push(piece);
    if (!aead && queue.length >= CELLA_FILE_HEADER_BYTES)
      aead = await Aead.create((await keyFor(queue.take(CELLA_FILE_HEADER_BYTES))).key);
    while (aead && queue.length > RUN * WIRE_CHUNK) yield* opened.push(open(RUN, false));
  }
  if (!aead) throw new CellaCryptoError('TAMPERED', 'the encrypted file is shorter than its header');
  if (queue.length < TAG_BYTES) throw new CellaCryptoError('TAMPERED', 'the encrypted file was cut short');
  yield* opened.push(open(Math.ceil(queue.length / WIRE_CHUNK), true));
  yield* opened.drain();
}
