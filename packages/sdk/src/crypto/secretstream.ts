/**
 * libsodium's `crypto_secretstream_xchacha20poly1305`, byte for byte, over @noble/ciphers'
 * ChaCha20 and Poly1305: the stream construction both file formats use (the official Hive SDK's
 * through libsodium, Cella's own). A 24-byte header; each message is 1 encrypted tag byte, the
 * ciphertext and a 16-byte Poly1305 tag, and moves the state on, so messages cannot be reordered,
 * dropped or replayed; the last one carries TAG_FINAL, so a truncated stream is detected.
 *
 * State: key k = HChaCha20(key, header[0..16]); nonce = counter (4 bytes LE, starting at 1) ‖
 * inonce (header[16..24]). A message: Poly1305 key = ChaCha20(k, nonce) block 0; the tag byte is
 * encrypted with block 1 (the whole 64-byte block goes into the MAC), the message with blocks 2…;
 * MAC over ad, pad, the block, the ciphertext, pad (libsodium's `(16 - 64 + mlen) & 15`), then
 * both lengths (64-bit LE; the second counts the block). Then inonce ^= mac[0..8], counter += 1,
 * and a rekey on TAG_REKEY (FINAL includes it) or counter wrap.
 */
import { chacha20, hchacha } from '@noble/ciphers/chacha.js';
import { poly1305 } from '@noble/ciphers/_poly1305.js';
import { equalBytes } from '@noble/ciphers/utils.js';

export const HEADER_BYTES = 24;
/** Bytes a message grows by: the tag byte and the Poly1305 tag. */
export const OVERHEAD = 17;
export const TAG_MESSAGE = 0;
export const TAG_FINAL = 3;
const TAG_REKEY = 2;

const SIGMA = new Uint32Array([0x61707865, 0x3320646e, 0x79622d32, 0x6b206574]);
const ZERO = new Uint8Array(16);

function words(bytes: Uint8Array): Uint32Array {
  const copy = Uint8Array.from(bytes);
  return new Uint32Array(copy.buffer, 0, copy.length / 4);
}

/** HChaCha20(key, 16-byte input): the 32-byte subkey (little-endian hosts, as every JS engine in use). */
function hchacha20(key: Uint8Array, input: Uint8Array): Uint8Array {
  const out = new Uint32Array(8);
  hchacha(SIGMA, words(key), words(input), out);
  return new Uint8Array(out.buffer);
}

function le64(n: number): Uint8Array {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, BigInt(n), true);
  return out;
}

/** The state both directions share. */
class StreamState {
  private k: Uint8Array;
  /** counter (4) ‖ inonce (8): the 12-byte ChaCha20 nonce of the next message. */
  private readonly nonce = new Uint8Array(12);

  constructor(key: Uint8Array, header: Uint8Array) {
    if (key.length !== 32) throw new RangeError('a secretstream key has 32 bytes');
    if (header.length !== HEADER_BYTES)
      throw new RangeError(`a secretstream header has ${HEADER_BYTES} bytes`);
    this.k = hchacha20(key, header.subarray(0, 16));
    this.resetCounter();
    this.nonce.set(header.subarray(16, 24), 4);
  }

  private resetCounter(): void {
    this.nonce.fill(0, 0, 4);
    this.nonce[0] = 1;
  }

  /** One message out: tag byte ‖ ciphertext ‖ MAC (`message.length + 17` bytes). */
  push(message: Uint8Array, tag: number, ad: Uint8Array = ZERO.subarray(0, 0)): Uint8Array {
    const out = new Uint8Array(message.length + OVERHEAD);
    const mac = poly1305.create(chacha20(this.k, this.nonce, new Uint8Array(64)).subarray(0, 32));
    mac.update(ad).update(ZERO.subarray(0, (16 - ad.length) & 15));
    const block = new Uint8Array(64);
    block[0] = tag;
    chacha20(this.k, this.nonce, block, block, 1);
    mac.update(block);
    out[0] = block[0]!;
    const c = out.subarray(1, 1 + message.length);
    if (message.length > 0) chacha20(this.k, this.nonce, message, c, 2);
    const tagBytes = this.authenticate(mac, c, ad.length);
    out.set(tagBytes, 1 + message.length);
    this.advance(tagBytes, tag);
    return out;
  }

  /** One message in: its plaintext and tag; throws on a forged, damaged or out-of-order message. */
  pull(input: Uint8Array, ad: Uint8Array = ZERO.subarray(0, 0)): { message: Uint8Array; tag: number } {
    if (input.length < OVERHEAD)
      throw new SecretStreamError('a message is shorter than its 17 bytes of overhead');
    const mlen = input.length - OVERHEAD;
    const mac = poly1305.create(chacha20(this.k, this.nonce, new Uint8Array(64)).subarray(0, 32));
    mac.update(ad).update(ZERO.subarray(0, (16 - ad.length) & 15));
    const block = new Uint8Array(64);
    block[0] = input[0]!;
    chacha20(this.k, this.nonce, block, block, 1);
    const tag = block[0];
    block[0] = input[0]!;
    mac.update(block);
    const c = input.subarray(1, 1 + mlen);
    const expected = this.authenticate(mac, c, ad.length);
    if (!equalBytes(expected, input.subarray(1 + mlen)))
      throw new SecretStreamError('a message fails authentication');
    const message = mlen > 0 ? chacha20(this.k, this.nonce, c, undefined, 2) : new Uint8Array(0);
    this.advance(expected, tag);
    return { message, tag };
  }

  private authenticate(mac: ReturnType<typeof poly1305.create>, c: Uint8Array, adlen: number): Uint8Array {
    mac.update(c);
    mac.update(ZERO.subarray(0, (16 - 64 + c.length) & 15));
    mac.update(le64(adlen));
    mac.update(le64(64 + c.length));
    return mac.digest();
  }

  private advance(mac: Uint8Array, tag: number): void {
    for (let i = 0; i < 8; i++) this.nonce[4 + i]! ^= mac[i]!;
    const view = new DataView(this.nonce.buffer);
    const counter = (view.getUint32(0, true) + 1) >>> 0;
    view.setUint32(0, counter, true);
    if ((tag & TAG_REKEY) !== 0 || counter === 0) this.rekey();
  }

  private rekey(): void {
    const next = new Uint8Array(40);
    next.set(this.k, 0);
    next.set(this.nonce.subarray(4, 12), 32);
    chacha20(this.k, this.nonce, next, next);
    this.k = next.slice(0, 32);
    this.nonce.set(next.subarray(32, 40), 4);
    this.resetCounter();
  }
}

export class SecretStreamError extends Error {
  override name = 'SecretStreamError';
}

/** The push side: `header` first, then `push(chunk, tag)` for each message. */
export class SecretStreamPush {
  private readonly state: StreamState;
  constructor(
    key: Uint8Array,
    readonly header: Uint8Array,
  ) {
    this.state = new StreamState(key, header);
  }
  push(message: Uint8Array, tag: number = TAG_MESSAGE, ad?: Uint8Array): Uint8Array {
    return this.state.push(message, tag, ad);
  }
}

/** The pull side, from the header the push side wrote. */
export class SecretStreamPull {
  private readonly state: StreamState;
  constructor(key: Uint8Array, header: Uint8Array) {
    this.state = new StreamState(key, header);
  }
  pull(input: Uint8Array, ad?: Uint8Array): { message: Uint8Array; tag: number } {
    return this.state.pull(input, ad);
  }
}
