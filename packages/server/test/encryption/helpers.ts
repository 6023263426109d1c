/** The shared setup of the encryption tests: identities that can encrypt, stream readers, error catchers. */
import { CellaCryptoError, connect, createDevIdentity, type Vault } from '@cella/sdk';
import { createHdKeySigner, elastosDidKey, hdKeyFromMnemonic } from '@cella/sdk/elastos';
import { expect } from 'vitest';

/** The fixed mnemonic of the Elastos identity (its chain code gives the official Hive scheme's key). */
export const ELASTOS_WORDS =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
export const ELASTOS_APP_ID = 'did:elastos:iZmUY9oUp4Xy1fpxLJ2Cxko9Yqr6oBR1RS';

/** A fresh dev identity signed in to `url`, with its private key (to sign in again as another device). */
export async function keyUser(
  url: string,
  method: 'key' | 'elastos' = 'key',
): Promise<{ vault: Vault; key: string }> {
  const identity = createDevIdentity(method);
  return { vault: await connect({ url, signer: identity.signer }), key: identity.privateKeyHex };
}

/** The Elastos identity of `ELASTOS_WORDS` signed in to `url`: it can use the official `'hive'` scheme. */
export function elastosUser(url: string): Promise<Vault> {
  return connect({
    url,
    signer: createHdKeySigner(elastosDidKey(hdKeyFromMnemonic(ELASTOS_WORDS), 0)),
    appId: ELASTOS_APP_ID,
  });
}

export async function readBytes(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

export async function readText(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new TextDecoder().decode(await readBytes(stream));
}

/** What `promise` failed with; fails the test when it succeeds. */
export async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    (value) => {
      throw new Error(`expected a failure, got ${JSON.stringify(value)}`);
    },
    (e: unknown) => e,
  );
}

/** The CellaCryptoError `promise` failed with. */
export async function cryptoError(promise: Promise<unknown>): Promise<CellaCryptoError> {
  const error = await failure(promise);
  expect(error).toBeInstanceOf(CellaCryptoError);
  return error as CellaCryptoError;
}
