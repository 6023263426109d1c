/**
 * `@cella/sdk/elastos`: Elastos identities with their chain code, the key material of the official
 * Hive SDK's encryption. The Hive SDK encrypts with the key `DIDDocument.createCipher(appDid, 0)`
 * derives from the app instance DID's extended key (as its DIDStore keeps it): a signer made here
 * from that key signs in like `createKeySigner` and also derives that cipher key, so data the
 * official SDK encrypted opens in this one (`encrypt: 'hive'`, docs/encryption.md).
 *
 * ```ts
 * import { createHdKeySigner } from '@cella/sdk/elastos';
 * const signer = createHdKeySigner(await store.loadPrivateKey(appInstanceDoc.getDefaultPublicKeyId(), storepass));
 * const vault = await connect({ url, signer, credentials: [appIdCredential] });
 * ```
 *
 * An entry of its own: HMAC-SHA512 and PBKDF2 load only in apps that import it.
 */
import { cipherPath, derivePath, parseExtendedKey, type HdKey } from '@cella/did/hd-key';
// The package itself (not a relative path), so this entry's build shares the main one's code.
import { createKeySigner, type KeySignerOptions, type Signer } from '@cella/sdk';

export {
  cipherPath,
  deriveChild,
  derivePath,
  elastosDidKey,
  hdKeyFromMnemonic,
  hdKeyFromSeed,
  parseExtendedKey,
  serializeExtendedKey,
  type HdKey,
} from '@cella/did/hd-key';

/**
 * A Signer over a DID's extended private key — the 82-byte key a DIDStore keeps (bytes or base58),
 * an `xprv`, or `elastosDidKey(hdKeyFromMnemonic(words), index)` — that also derives the official
 * SDKs' `createCipher` key (`Signer.elastosCipherKey`).
 */
export function createHdKeySigner(
  extendedKey: string | Uint8Array | HdKey,
  options: KeySignerOptions = {},
): Signer {
  const key =
    typeof extendedKey === 'string' || extendedKey instanceof Uint8Array
      ? parseExtendedKey(extendedKey)
      : {
          ...extendedKey,
          privateKey: Uint8Array.from(extendedKey.privateKey),
          chainCode: Uint8Array.from(extendedKey.chainCode),
        };
  return {
    ...createKeySigner(key.privateKey, options),
    async elastosCipherKey(identifier: string, securityCode: number): Promise<Uint8Array> {
      return derivePath(key, cipherPath(identifier, securityCode)).privateKey;
    },
  };
}
