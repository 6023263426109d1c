/**
 * The official Hive JS SDK's encrypted documents (`encrypt_method: "user_did"`, its
 * `EncryptionDatabaseService`), reproduced for interoperability: every string, number and boolean
 * value, at any depth, becomes `{"__binary__": hex(ciphertext ‖ tag), "__type__": 2 | 8 | 16}`
 * (string, boolean, number), the ciphertext being XChaCha20-Poly1305 (IETF) of the value's text
 * under the application's cipher key (key-material.ts `hiveCipherKey`) with one fixed nonce, the
 * bytes 0x40…0x57, and no associated data; null stays null. A filter encrypts its top-level basic
 * values (`{k: v}` → `{"k.__binary__": …, "k.__type__": …}`), an update its `$set` and
 * `$setOnInsert`. Because the nonce never changes, equal values give equal ciphertexts (what makes
 * those filters work) and two ciphertexts XOR to their plaintexts' XOR: docs/encryption.md says
 * why the Cella scheme is the default.
 */
import { CellaCryptoError } from '@cella/sdk';
import { xchacha20poly1305 } from '@noble/ciphers/chacha.js';
import { bytesToHex, hexToBytes } from '@noble/ciphers/utils.js';
import { fromUtf8, utf8 } from './bytes.js';

export const HIVE_METHOD = 'user_did';
const NONCE = hexToBytes('404142434445464748494a4b4c4d4e4f5051525354555657');
const TYPES = { string: 2, boolean: 8, number: 16 } as const;

type Doc = Record<string, unknown>;
const isPlainObject = (v: unknown): v is Doc =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;

export class HiveCipher {
  constructor(private readonly key: Uint8Array) {}

  sealValue(value: string | number | boolean): { __binary__: string; __type__: number } {
    const type = TYPES[typeof value as keyof typeof TYPES];
    if (type === undefined) throw new TypeError(`not a string, number or boolean: ${String(value)}`);
    return {
      __binary__: bytesToHex(xchacha20poly1305(this.key, NONCE).encrypt(utf8(String(value)))),
      __type__: type,
    };
  }

  openValue(binary: unknown, type: unknown): string | number | boolean {
    let text: string;
    try {
      text = fromUtf8(xchacha20poly1305(this.key, NONCE).decrypt(hexToBytes(String(binary))));
    } catch (error) {
      throw new CellaCryptoError(
        'WRONG_KEY',
        "a value does not open with this identity's Hive cipher key (another app instance DID or app DID), or it was changed",
        { cause: error },
      );
    }
    if (type === TYPES.string) return text;
    if (type === TYPES.boolean) return text === 'true';
    if (type === TYPES.number) return Number(text);
    throw new CellaCryptoError('TAMPERED', `an encrypted value has the unknown __type__ ${String(type)}`);
  }

  encryptDocument(doc: Doc): Doc {
    const walk = (value: unknown): unknown => {
      if (value === undefined || value === null) return null;
      if (isPlainObject(value))
        return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v)]));
      if (Array.isArray(value)) return value.map(walk);
      return this.sealValue(value as string | number | boolean);
    };
    if (!isPlainObject(doc)) throw new TypeError('a document must be a plain object');
    return walk(doc) as Doc;
  }

  decryptDocument(doc: Doc): Doc {
    const walk = (value: unknown): unknown => {
      if (value === undefined || value === null) return null;
      if (isPlainObject(value)) {
        if ('__binary__' in value && '__type__' in value)
          return this.openValue(value.__binary__, value.__type__);
        return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v)]));
      }
      if (Array.isArray(value)) return value.map(walk);
      return value;
    };
    return walk(doc) as Doc;
  }

  encryptFilter(filter: Doc): Doc {
    const out: Doc = {};
    for (const [key, value] of Object.entries(filter)) {
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
        const sealed = this.sealValue(value);
        out[`${key}.__binary__`] = sealed.__binary__;
        out[`${key}.__type__`] = sealed.__type__;
      } else out[key] = value;
    }
    return out;
  }

  encryptUpdate(update: Doc): Doc {
    const out: Doc = { ...update };
    for (const op of ['$set', '$setOnInsert'])
      if (isPlainObject(out[op])) out[op] = this.encryptDocument(out[op]);
    return out;
  }
}
