/**
 * Encrypted uploads and downloads: the plaintext is sealed (or opened) piece by piece as it
 * streams, so memory stays constant whatever the size; progress counts plaintext bytes. The
 * format is told by the file's first bytes on download (the Cella header's magic, else the
 * official Hive SDK's stream), and by the flags on upload (`is_encrypt`, `encrypt_method`, which
 * the node stores and lists).
 */
import { CellaCryptoError, type DownloadOptions, type EncryptionHost, type UploadOptions } from '@cella/sdk';
import { piecesOf, streamOf } from './byte-queue.js';
import {
  CELLA_FILE_HEADER_BYTES,
  cellaDecrypt,
  cellaEncrypt,
  cellaEncryptedSize,
  isCellaFile,
  ownerFileKey,
  type FileKey,
} from './cella-files.js';
import { CELLA_METHOD } from './cella-documents.js';
import { hiveDecrypt, hiveEncrypt, hiveEncryptedSize } from './hive-files.js';
import { HIVE_METHOD } from './hive-documents.js';
import { cryptoHost, keyringOf } from './host.js';

export interface SealedUpload {
  /** The ciphertext, produced as the upload takes it. */
  data: AsyncIterable<Uint8Array>;
  /** Its length, when the plaintext's is known. */
  size: number | undefined;
  /** The flags, as the upload's query. */
  query: string;
}

/**
 * The upload body for the plaintext `pieces` (`plainSize` bytes when known), sealed: the Cella
 * scheme (`encrypt: true`) or the official one (`'hive'`).
 */
export async function sealUpload(
  connection: EncryptionHost,
  pieces: AsyncIterable<Uint8Array>,
  plainSize: number | undefined,
  options: UploadOptions,
  file?: FileKey,
): Promise<SealedUpload> {
  const host = cryptoHost(connection);
  const keyring = keyringOf(host);
  let done = 0;
  const report = (bytes: number) => {
    done += bytes;
    options.onProgress?.(done, plainSize);
  };
  if (options.encrypt === 'hive') {
    const key = await keyring.hiveKey();
    return {
      data: hiveEncrypt(key, counting(pieces, report)),
      size: plainSize === undefined ? undefined : hiveEncryptedSize(plainSize),
      query: `?is_encrypt=true&encrypt_method=${HIVE_METHOD}`,
    };
  }
  const filesKey = await keyring.filesKey();
  return {
    data: cellaEncrypt(filesKey, pieces, file, report),
    size: plainSize === undefined ? undefined : cellaEncryptedSize(plainSize),
    query: `?is_encrypt=true&encrypt_method=${CELLA_METHOD}`,
  };
}

/** Plaintext pieces, reported as the cipher takes them (the official format's cipher has no hook). */
async function* counting(
  source: AsyncIterable<Uint8Array>,
  report: (n: number) => void,
): AsyncGenerator<Uint8Array> {
  let pending = 0;
  for await (const piece of source) {
    if (pending) report(pending);
    pending = piece.length;
    yield piece;
  }
  if (pending) report(pending);
}

/** The length of the plaintext of a ciphertext of `size` bytes, when it can be told. */
function plaintextLength(size: number | undefined, cella: boolean): number | undefined {
  if (size === undefined) return undefined;
  if (cella) {
    const body = size - CELLA_FILE_HEADER_BYTES;
    const chunks = Math.max(1, Math.ceil(body / (65_536 + 16)));
    return body - 16 * chunks;
  }
  return undefined;
}

/**
 * The plaintext of a downloaded ciphertext stream. `keyFor` opens a Cella header (default: the
 * owner's files key); the official format needs the owner's Hive cipher key.
 */
export async function openDownload(
  connection: EncryptionHost,
  ciphertext: ReadableStream<Uint8Array>,
  options: DownloadOptions & { size?: number; keyFor?: (header: Uint8Array) => Promise<FileKey> },
): Promise<ReadableStream<Uint8Array>> {
  const host = cryptoHost(connection);
  const keyring = keyringOf(host);
  const source = piecesOf(ciphertext);
  // Peek at the first piece to tell the format.
  const first = await source.next();
  const head = first.done ? new Uint8Array(0) : first.value;
  async function* all(): AsyncGenerator<Uint8Array> {
    if (head.length) yield head;
    yield* source;
  }
  const cella = isCellaFile(head);
  let plaintext: AsyncGenerator<Uint8Array>;
  if (cella) {
    const filesKey = options.keyFor ? undefined : await keyring.filesKey();
    plaintext = cellaDecrypt(options.keyFor ?? ((header) => ownerFileKey(filesKey!, header)), all());
  } else {
    if (options.keyFor)
      throw new CellaCryptoError('UNSUPPORTED', 'only files in the Cella scheme can be shared');
    plaintext = hiveDecrypt(await keyring.hiveKey(), all());
  }
  const total = plaintextLength(options.size, cella);
  let done = 0;
  async function* progress(): AsyncGenerator<Uint8Array> {
    for await (const piece of plaintext) {
      done += piece.length;
      options.onProgress?.(done, total);
      yield piece;
    }
    if (done === 0) options.onProgress?.(0, total ?? 0);
  }
  return streamOf(progress());
}
