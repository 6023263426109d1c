/**
 * AES-256-GCM, the AEAD of the Cella scheme: node:crypto's where the runtime has it (native.ts:
 * synchronous, no hop per call), else WebCrypto's (browsers; native too, but each call is a
 * promise). Both produce and read the same bytes: ciphertext ‖ 16-byte tag.
 *
 * Work comes in batches (`sealMany`, `openMany`, `sealRun`, `openRun`): a batch of documents or
 * of a file's chunks is one call, sealed in one loop by node:crypto, or started at once in
 * WebCrypto (which runs them on other threads). A failed tag is reported as the caller says (a
 * wrong key and a tampered ciphertext look the same to GCM; the formats tell them apart where
 * they can, by opening a key first).
 */
import { CellaCryptoError, type CryptoErrorCode } from '@cella/sdk';
import { concat, utf8, utf8ForCall } from './bytes.js';

/** One piece as it is, several joined. */
const joined = (pieces: Uint8Array[]) => (pieces.length === 1 ? pieces[0]! : concat(...pieces));
import { nativeCrypto, type NativeCrypto } from './native.js';

export const NONCE_BYTES = 12;
export const TAG_BYTES = 16;

export interface SealJob {
  nonce: Uint8Array;
  /** Bytes, or text sealed as its UTF-8. */
  plaintext: Uint8Array | string;
  ad: Uint8Array | string;
  /** Bytes the output starts with (a format's header), written in place: prefix ‖ ciphertext ‖ tag. */
  prefix?: Uint8Array;
}
export interface OpenJob {
  nonce: Uint8Array;
  /** ciphertext ‖ tag */
  sealed: Uint8Array;
  ad: Uint8Array | string;
}
/** What a failed open is reported as: the error code and what failed (`what(i)` for the i-th of a batch). */
export interface Failure {
  code: CryptoErrorCode;
  what: (index: number) => string;
}

function subtle(): SubtleCrypto {
  const s = globalThis.crypto?.subtle;
  if (!s)
    throw new CellaCryptoError(
      'UNSUPPORTED',
      'end-to-end encryption needs WebCrypto (crypto.subtle): in a browser, a secure context (https:// or localhost)',
    );
  return s;
}

// BufferSource views for WebCrypto (TypeScript 5.7+ wants ArrayBuffer-backed views).
const view = (bytes: Uint8Array) => bytes as Uint8Array<ArrayBuffer>;
const bytesOf = (data: Uint8Array | string) => view(typeof data === 'string' ? utf8(data) : data);

function refused(failure: Failure, index: number, cause: unknown): CellaCryptoError {
  const what = failure.what(index);
  return new CellaCryptoError(
    failure.code,
    failure.code === 'WRONG_KEY'
      ? `${what} does not open with this identity's key (another DID, application id or scheme)`
      : `${what} fails authentication: it was changed or damaged, and is refused`,
    { cause },
  );
}

export abstract class Aead {
  /** node:crypto's where there is one (`runtime`: null for WebCrypto's, as in a browser). */
  static async create(key: Uint8Array, runtime: NativeCrypto | null = nativeCrypto ?? null): Promise<Aead> {
    if (runtime) return new NodeAead(runtime, runtime.createSecretKey(key));
    return new WebAead(await subtle().importKey('raw', view(key), 'AES-GCM', false, ['encrypt', 'decrypt']));
  }

  /** Each job's (prefix ‖) ciphertext ‖ tag, in order. */
  abstract sealMany(jobs: SealJob[]): Promise<Uint8Array[]>;
  /** Each job's plaintext, or a CellaCryptoError (the first that fails) when a tag does not verify. */
  abstract openMany(jobs: OpenJob[], failure: Failure): Promise<Uint8Array[]>;

  async seal(nonce: Uint8Array, plaintext: Uint8Array, ad: Uint8Array): Promise<Uint8Array> {
    return (await this.sealMany([{ nonce, plaintext, ad }]))[0]!;
  }

  async open(
    nonce: Uint8Array,
    sealed: Uint8Array,
    ad: Uint8Array,
    code: CryptoErrorCode,
    what: string,
  ): Promise<Uint8Array> {
    return (await this.openMany([{ nonce, sealed, ad }], { code, what: () => what }))[0]!;
  }

  /**
   * Consecutive pieces of `bytes` (each `size` long, the last possibly shorter), sealed without AD
   * under `nonce(i)`, as one buffer of (ciphertext ‖ tag) pieces.
   */
  async sealRun(bytes: Uint8Array, size: number, nonce: (i: number) => Uint8Array): Promise<Uint8Array> {
    const jobs: SealJob[] = [];
    for (let at = 0, i = 0; at < bytes.length || i === 0; at += size, i++)
      jobs.push({ nonce: nonce(i), plaintext: bytes.subarray(at, at + size), ad: NO_AD });
    return joined(await this.sealMany(jobs));
  }

  /** The reverse of `sealRun`: `bytes` are pieces of `size` sealed bytes (the last possibly shorter). */
  async openRun(
    bytes: Uint8Array,
    size: number,
    nonce: (i: number) => Uint8Array,
    failure: Failure,
  ): Promise<Uint8Array> {
    const jobs: OpenJob[] = [];
    for (let at = 0, i = 0; at < bytes.length; at += size, i++)
      jobs.push({ nonce: nonce(i), sealed: bytes.subarray(at, at + size), ad: NO_AD });
    return joined(await this.openMany(jobs, failure));
  }
}

const NO_AD = new Uint8Array(0);

class WebAead extends Aead {
  constructor(private readonly key: CryptoKey) {
    super();
  }

  sealMany(jobs: SealJob[]): Promise<Uint8Array[]> {
    const s = subtle();
    return Promise.all(
      jobs.map(async ({ nonce, plaintext, ad, prefix }) => {
        const sealed = new Uint8Array(
          await s.encrypt(
            { name: 'AES-GCM', iv: view(nonce), additionalData: bytesOf(ad) },
            this.key,
            bytesOf(plaintext),
          ),
        );
        return prefix ? concat(prefix, sealed) : sealed;
      }),
    );
  }

  openMany(jobs: OpenJob[], failure: Failure): Promise<Uint8Array[]> {
    const s = subtle();
    return Promise.all(
      jobs.map(async ({ nonce, sealed, ad }, i) => {
        try {
          return new Uint8Array(
            await s.decrypt(
              { name: 'AES-GCM', iv: view(nonce), additionalData: bytesOf(ad) },
              this.key,
              view(sealed),
            ),
          );
        } catch (error) {
          throw refused(failure, i, error);
        }
      }),
    );
  }
}

class NodeAead extends Aead {
  constructor(
    private readonly crypto: NativeCrypto,
    private readonly key: object,
  ) {
    super();
  }

  // async only to answer as WebAead does: the work is done synchronously, in one go.
  async sealMany(jobs: SealJob[]): Promise<Uint8Array[]> {
    return jobs.map((job) => this.sealOne(job));
  }

  async openMany(jobs: OpenJob[], failure: Failure): Promise<Uint8Array[]> {
    return jobs.map((job, i) => this.openOne(job, failure, i));
  }

  /** Written in place: one output buffer for the run. */
  override async sealRun(
    bytes: Uint8Array,
    size: number,
    nonce: (i: number) => Uint8Array,
  ): Promise<Uint8Array> {
    const count = Math.max(1, Math.ceil(bytes.length / size));
    const out = new Uint8Array(bytes.length + count * TAG_BYTES);
    for (let i = 0; i < count; i++) {
      const plaintext = bytes.subarray(i * size, (i + 1) * size);
      this.sealInto(nonce(i), plaintext, out, i * (size + TAG_BYTES));
    }
    return out;
  }

  override async openRun(
    bytes: Uint8Array,
    size: number,
    nonce: (i: number) => Uint8Array,
    failure: Failure,
  ): Promise<Uint8Array> {
    const count = Math.ceil(bytes.length / size);
    const opened = [];
    for (let i = 0; i < count; i++) {
      const sealed = bytes.subarray(i * size, (i + 1) * size);
      opened.push(this.openOne({ nonce: nonce(i), sealed, ad: NO_AD }, failure, i));
    }
    return joined(opened);
  }

  /** prefix ‖ ciphertext ‖ tag (text is encoded by node:crypto itself, without a copy in JavaScript). */
  private sealOne({ nonce, plaintext, ad, prefix }: SealJob): Uint8Array {
    const cipher = this.crypto.createCipheriv('aes-256-gcm', this.key, nonce);
    if (ad.length) cipher.setAAD(typeof ad === 'string' ? utf8ForCall(ad) : ad);
    const body = typeof plaintext === 'string' ? cipher.update(plaintext, 'utf8') : cipher.update(plaintext);
    cipher.final(); // GCM holds nothing back
    const at = prefix?.length ?? 0;
    const out = new Uint8Array(at + body.length + TAG_BYTES);
    if (prefix) out.set(prefix);
    out.set(body, at);
    out.set(cipher.getAuthTag(), at + body.length);
    return out;
  }

  /** Writes ciphertext ‖ tag of `plaintext` into `out` at `at`. */
  private sealInto(nonce: Uint8Array, plaintext: Uint8Array, out: Uint8Array, at: number): void {
    const cipher = this.crypto.createCipheriv('aes-256-gcm', this.key, nonce);
    out.set(cipher.update(plaintext), at);
    cipher.final();
    out.set(cipher.getAuthTag(), at + plaintext.length);
  }

  private openOne({ nonce, sealed, ad }: OpenJob, failure: Failure, index: number): Uint8Array {
    if (sealed.length < TAG_BYTES) throw refused(failure, index, new Error('shorter than a tag'));
    const body = sealed.length - TAG_BYTES;
    try {
      const decipher = this.crypto.createDecipheriv('aes-256-gcm', this.key, nonce);
      decipher.setAuthTag(sealed.subarray(body));
      if (ad.length) decipher.setAAD(typeof ad === 'string' ? utf8ForCall(ad) : ad);
      const plaintext = decipher.update(sealed.subarray(0, body));
      decipher.final(); // throws when the tag does not verify
      // A plain Uint8Array view (no copy), as WebCrypto answers: callers get the same type everywhere.
      return new Uint8Array(plaintext.buffer, plaintext.byteOffset, plaintext.byteLength);
    } catch (error) {
      throw refused(failure, index, error);
    }
  }
}
