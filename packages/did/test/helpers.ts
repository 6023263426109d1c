// Shared test helpers: signers (including one that always emits high-S signatures, as the
// Elastos SDK sometimes does), and an assertion that a call fails with a given DidError code.
import { expect } from 'vitest';
import { p256 } from '@noble/curves/nist.js';
import type { DidErrorCode, Signer } from '../src/index.js';
import { DidError, createKeySigner, generateKeyPair } from '../src/index.js';

export const P256_N = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n;

export function newSigner(method: 'elastos' | 'key' = 'elastos'): Signer {
  return createKeySigner(generateKeyPair().privateKey, { method });
}

function toBigInt(bytes: Uint8Array): bigint {
  return BigInt(`0x${Buffer.from(bytes).toString('hex')}`);
}

function toBytes32(n: bigint): Uint8Array {
  return Uint8Array.from(Buffer.from(n.toString(16).padStart(64, '0'), 'hex'));
}

export function isHighS(signature: Uint8Array): boolean {
  return toBigInt(signature.subarray(32)) > P256_N / 2n;
}

/** Flip s to n - s: an equally valid signature, high-S when the original was low-S. */
export function flipS(signature: Uint8Array): Uint8Array {
  const s = toBigInt(signature.subarray(32));
  const out = new Uint8Array(64);
  out.set(signature.subarray(0, 32), 0);
  out.set(toBytes32(P256_N - s), 32);
  return out;
}

/** A signer whose every signature is high-S (noble signs low-S; we flip). */
export function highSSigner(base: Signer = newSigner()): Signer {
  return {
    did: base.did,
    keyId: base.keyId,
    publicKey: base.publicKey,
    async sign(data) {
      const sig = await base.sign(data);
      const high = isHighS(sig) ? sig : flipS(sig);
      expect(p256.verify(high, data, base.publicKey, { lowS: false })).toBe(true);
      return high;
    },
  };
}

export async function expectDidError(
  promiseOrFn: Promise<unknown> | (() => unknown),
  code: DidErrorCode,
): Promise<DidError> {
  let error: unknown;
  try {
    if (typeof promiseOrFn === 'function') await promiseOrFn();
    else await promiseOrFn;
  } catch (err) {
    error = err;
  }
  expect(error, `expected DidError ${code}`).toBeInstanceOf(DidError);
  expect((error as DidError).code, (error as DidError).message).toBe(code);
  return error as DidError;
}

/** Every value here is garbage for every public entry point. */
export const GARBAGE: unknown[] = [
  undefined,
  null,
  0,
  -1,
  Number.NaN,
  true,
  '',
  ' ',
  'garbage',
  '{',
  '[]',
  'null',
  'did:',
  'did:elastos:',
  'did:elastos:i@@@',
  '#primary',
  [],
  [1, 2, 3],
  {},
  { id: 42 },
  { id: 'did:elastos:iXXX', publicKey: 'nope' },
  { id: 'did:elastos:iXXX', proof: [] },
  { type: 'VerifiablePresentation', proof: { verificationMethod: 1 } },
  new Uint8Array(3),
  Symbol('x'),
  () => 1,
  {
    toString: () => {
      throw new Error('boom');
    },
  },
  'x'.repeat(100_000),
];
