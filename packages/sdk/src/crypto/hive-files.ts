/**
 * The official Hive JS SDK's encrypted files (`encrypt_method: "user_did"`, its
 * `EncryptionFilesService`): libsodium's secretstream (secretstream.ts) under the application's
 * cipher key, the 24-byte header first, then messages of 4,096 plaintext bytes (4,113 on the wire)
 * with TAG_MESSAGE, and a last message with TAG_FINAL of whatever remains. The official reader cuts
 * the wire into 4,113-byte messages until at most 4,114 bytes remain, which are the last message;
 * its writer therefore makes a last message of up to 4,097 bytes, and writes no message at all for
 * a file of 0 or 1 byte (such a file cannot be read back by either SDK). Written here with the same
 * cut, and always with a final message; read here with the same cut, streaming, with the checks the
 * official reader lacks: the last message must be TAG_FINAL and no earlier one may be.
 */
import { CellaCryptoError } from '@cella/sdk';
import { ByteQueue } from './byte-queue.js';
import { randomBytes } from './bytes.js';
import {
  HEADER_BYTES,
  OVERHEAD,
  SecretStreamError,
  SecretStreamPull,
  SecretStreamPush,
  TAG_FINAL,
  TAG_MESSAGE,
} from './secretstream.js';

const CHUNK = 4096;
const WIRE_CHUNK = CHUNK + OVERHEAD;

/** Encrypts plaintext pieces into the official format's bytes. */
export async function* hiveEncrypt(
  key: Uint8Array,
  source: AsyncIterable<Uint8Array>,
): AsyncGenerator<Uint8Array> {
  const header = randomBytes(HEADER_BYTES);
  const push = new SecretStreamPush(key, header);
  yield header;
  const queue = new ByteQueue();
  for await (const piece of source) {
    queue.push(piece);
    // A 4,096-byte message is not the last one while at least 2 more bytes follow it (the official cut).
    const out: Uint8Array[] = [];
    while (queue.length >= CHUNK + 2) out.push(push.push(queue.take(CHUNK), TAG_MESSAGE));
    if (out.length) yield* out;
  }
  yield push.push(queue.take(queue.length), TAG_FINAL);
}

/** The official format's ciphertext length for `size` plaintext bytes (always with a final message). */
export function hiveEncryptedSize(size: number): number {
  const full = size <= CHUNK + 1 ? 0 : Math.floor((size - 2) / CHUNK);
  return HEADER_BYTES + size + (full + 1) * OVERHEAD;
}

/** Decrypts the official format, streaming; refuses a wrong key, a changed byte, a cut or an extension. */
export async function* hiveDecrypt(
  key: Uint8Array,
  source: AsyncIterable<Uint8Array>,
): AsyncGenerator<Uint8Array> {
  const queue = new ByteQueue();
  let pull: SecretStreamPull | undefined;
  let first = true;
  const open = (bytes: Uint8Array, last: boolean): Uint8Array => {
    let out: { message: Uint8Array; tag: number };
    try {
      out = pull!.pull(bytes);
    } catch (error) {
      if (!(error instanceof SecretStreamError)) throw error;
      throw first
        ? new CellaCryptoError(
            'WRONG_KEY',
            "the file does not open with this identity's Hive cipher key, or it was changed",
            { cause: error },
          )
        : new CellaCryptoError('TAMPERED', 'the encrypted file was changed or damaged, and is refused', {
            cause: error,
          });
    }
    first = false;
    if ((out.tag === TAG_FINAL) !== last)
      throw new CellaCryptoError(
        'TAMPERED',
        last ? 'the encrypted file was cut short' : 'the encrypted file continues past its end',
      );
    return out.message;
  };
  for await (const piece of source) {
    queue.push(piece);
    if (!pull && queue.length >= HEADER_BYTES) pull = new SecretStreamPull(key, queue.take(HEADER_BYTES));
    const out: Uint8Array[] = [];
    while (pull && queue.length >= WIRE_CHUNK + 2) out.push(open(queue.take(WIRE_CHUNK), false));
    if (out.length) yield* out;
  }
  if (!pull) throw new CellaCryptoError('TAMPERED', 'the encrypted file is shorter than its header');
  if (queue.length === 0)
    throw new CellaCryptoError(
      'TAMPERED',
      'the encrypted file holds no content (the official Hive SDK stores files of 0 or 1 byte that way, losing them)',
    );
  yield open(queue.take(queue.length), true);
}
