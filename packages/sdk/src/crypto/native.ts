/**
 * The runtime's own `node:crypto`, where it has one (Node ≥ 20.16, Deno, Bun): AES-256-GCM, HMAC
 * and random bytes called synchronously in native code, without WebCrypto's per-call promise and
 * thread-pool hop (in Node those cost more than sealing a document). Reached through
 * `process.getBuiltinModule`, which a browser bundler does not follow: browsers use WebCrypto.
 * The bytes are the same either way; only the speed differs.
 */

/** The part of node:crypto the formats use (typed here: the SDK's types do not depend on Node's). */
export interface NativeCrypto {
  createSecretKey(key: Uint8Array): object;
  createCipheriv(algorithm: 'aes-256-gcm', key: object, iv: Uint8Array): NativeCipher;
  createDecipheriv(algorithm: 'aes-256-gcm', key: object, iv: Uint8Array): NativeDecipher;
  createHmac(
    algorithm: 'sha256',
    key: object,
  ): {
    update(text: string, encoding: 'utf8'): { digest(): Uint8Array };
  };
  randomFillSync<T extends Uint8Array>(bytes: T): T;
}
interface NativeCipher {
  setAAD(ad: Uint8Array): void;
  update(data: Uint8Array): Uint8Array;
  update(text: string, encoding: 'utf8'): Uint8Array;
  final(): Uint8Array;
  getAuthTag(): Uint8Array;
}
interface NativeDecipher {
  setAAD(ad: Uint8Array): void;
  setAuthTag(tag: Uint8Array): void;
  update(data: Uint8Array): Uint8Array;
  final(): Uint8Array;
}

interface BufferLike {
  from(bytes: ArrayBufferLike, offset: number, length: number): { toString(encoding: 'base64url'): string };
  from(text: string, encoding: 'base64url' | 'utf8'): Uint8Array;
}

function builtin<T>(id: string): T | undefined {
  try {
    const process = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
    return process?.getBuiltinModule?.(id) as T | undefined;
  } catch {
    return undefined;
  }
}

/** node:crypto, or undefined (browsers, and runtimes without it): then WebCrypto and @noble. */
export const nativeCrypto: NativeCrypto | undefined = builtin<NativeCrypto>('node:crypto');

/** Node's Buffer (native base64url), or undefined. */
export const nativeBuffer: BufferLike | undefined = builtin<{ Buffer: BufferLike }>('node:buffer')?.Buffer;
