// docs/encryption.md's test vectors, checked against the SDK's own code so the page cannot drift
// from it: the deterministic values (key derivation, search token, Hive documents) are recomputed,
// the randomised ones (a Cella document and file, a Hive file, a wrapped key) are opened.
import { createDecipheriv, createPrivateKey, createPublicKey, diffieHellman, hkdfSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { bytesToHex, createKeySigner, hexToBytes } from '@cella/did';
import { elastosDidKey, hdKeyFromMnemonic, serializeExtendedKey } from '@cella/did/hd-key';
import { describe, expect, test } from 'vitest';
import { collectionKeys, openDocument, searchToken } from '../../src/crypto/cella-documents.js';
import { cellaDecrypt, ownerFileKey } from '../../src/crypto/cella-files.js';
import { HiveCipher } from '../../src/crypto/hive-documents.js';
import { hiveDecrypt } from '../../src/crypto/hive-files.js';
import {
  appSecret,
  collectionSecret,
  derive,
  filesKey,
  KEY_MATERIAL_MESSAGE,
  signerSecret,
} from '../../src/crypto/key-material.js';
import { unwrapWith, wrapFor, x25519KeyAgreement } from '../../src/crypto/wrap.js';
import { createHdKeySigner } from '../../src/elastos.js';

const doc = readFileSync(new URL('../../../../docs/encryption.md', import.meta.url), 'utf8');
const block = [...doc.matchAll(/```json\n([\s\S]*?)```/g)]
  .map((m) => m[1]!)
  .find((text) => text.includes('"cella-e2ee-v1 test vectors"'));
if (!block) throw new Error('docs/encryption.md has no test-vector block');
// The page's JSON (untyped): every field is checked below.
const v = JSON.parse(block);

const text = new TextEncoder();
async function* once(bytes: Uint8Array) {
  yield bytes;
}
async function readAll(source: AsyncIterable<Uint8Array>): Promise<string> {
  const parts: Uint8Array[] = [];
  for await (const part of source) parts.push(part);
  return Buffer.concat(parts).toString('utf8');
}

describe('docs/encryption.md test vectors', () => {
  const signer = createKeySigner(hexToBytes(v.keys.signerPrivateKey));

  test('key derivation (section 2), recomputed', async () => {
    expect(bytesToHex(signer.publicKey)).toBe(v.keys.signerPublicKey);
    expect(signer.did).toBe(v.keys.did);
    expect(bytesToHex(await signer.sign(text.encode(KEY_MATERIAL_MESSAGE)))).toBe(v.keys.ikm);
    const prk = await signerSecret(signer);
    expect(bytesToHex(prk)).toBe(v.keys.signerPrk);
    const app = appSecret(prk, v.keys.appId);
    expect(bytesToHex(app)).toBe(v.keys.appSecret);
    const secret = collectionSecret(app, v.keys.collection, v.keys.generation);
    expect(bytesToHex(secret)).toBe(v.keys.collectionSecret);
    expect(bytesToHex(derive(secret, 'encrypt'))).toBe(v.keys.encryptKey);
    expect(bytesToHex(derive(secret, 'search'))).toBe(v.keys.searchKey);
    const keys = await collectionKeys(secret, v.keys.generation);
    expect(keys.check).toBe(v.keys.check);
    expect(bytesToHex(filesKey(app))).toBe(v.keys.filesKey);
    expect(searchToken(keys, v.searchToken.path, v.searchToken.value)).toBe(v.searchToken.token);
  });

  test('a Cella document (section 3) opens to the stated plaintext', async () => {
    const keys = await collectionKeys(hexToBytes(v.keys.collectionSecret), v.keys.generation);
    const opened = await openDocument(keys, v.document.collection, v.document.stored);
    expect(opened).toEqual(v.document.plaintext);
    for (const path of v.document.searchable as string[])
      expect(v.document.stored[path]).toBe(searchToken(keys, path, v.document.plaintext[path]));
  });

  test('a Cella file (section 4) unwraps to the stated key and opens to the stated plaintext', async () => {
    const files = hexToBytes(v.keys.filesKey);
    const ciphertext = hexToBytes(v.file.ciphertext);
    const key = await ownerFileKey(files, ciphertext.subarray(0, 86));
    expect(bytesToHex(key.id)).toBe(v.file.fileKeyId);
    expect(bytesToHex(key.key)).toBe(v.file.fileKey);
    const plain = await readAll(cellaDecrypt((header) => ownerFileKey(files, header), once(ciphertext)));
    expect(plain).toBe(v.file.plaintext);
  });

  test('the Hive format (section 5): the key, a document both ways, a file', async () => {
    const didKey = elastosDidKey(hdKeyFromMnemonic(v.hive.mnemonic), v.hive.didKeyIndex);
    expect(serializeExtendedKey(didKey)).toBe(v.hive.didKeyXprv);
    const signer = createHdKeySigner(v.hive.didKeyXprv);
    expect(signer.did).toBe(v.hive.did);
    const key = await signer.elastosCipherKey!(v.hive.appDid, 0);
    expect(bytesToHex(key)).toBe(v.hive.cipherKey);
    const cipher = new HiveCipher(key);
    expect(cipher.encryptDocument(v.hive.document.plaintext)).toEqual(v.hive.document.stored);
    expect(cipher.decryptDocument(v.hive.document.stored)).toEqual(v.hive.document.plaintext);
    expect(await readAll(hiveDecrypt(key, once(hexToBytes(v.hive.file.ciphertext))))).toBe(
      v.hive.file.plaintext,
    );
  });

  test('a wrapped key (section 6) unwraps with the recipient key to the stated secret', async () => {
    const recipient = createKeySigner(hexToBytes(v.share.recipientPrivateKey), { method: 'key' });
    expect(recipient.did).toBe(v.share.recipient);
    expect(bytesToHex(recipient.publicKey)).toBe(v.share.recipientPublicKey);
    const secret = await unwrapWith(
      recipient,
      { epk: v.share.epk, wrapped: v.share.wrapped },
      (v.share.context as string[]).join('\0'),
    );
    expect(bytesToHex(secret)).toBe(v.share.secret);
    expect(v.share.secret).toBe(v.keys.collectionSecret);
  });

  test('a key wrapped for an X25519 key (section 6): the SDK unwraps it and wraps it again byte for byte; node:crypto opens it too', async () => {
    const x = v.shareX25519;
    const context = (x.context as string[]).join('\0');
    const agreement = x25519KeyAgreement(hexToBytes(x.recipientPrivateKey));
    expect(bytesToHex(agreement.publicKey)).toBe(x.recipientPublicKey);
    const signer = { ...createKeySigner(hexToBytes(v.share.recipientPrivateKey)), x25519: agreement };
    expect(
      bytesToHex(await unwrapWith(signer, { alg: 'X25519', epk: x.epk, wrapped: x.wrapped }, context)),
    ).toBe(x.secret);
    expect(
      await wrapFor(
        { alg: 'X25519', publicKey: agreement.publicKey },
        hexToBytes(x.secret),
        context,
        hexToBytes(x.ephemeralPrivateKey),
      ),
    ).toEqual({ alg: 'X25519', epk: x.epk, wrapped: x.wrapped });

    // The format read by another implementation (Node's OpenSSL), from the page's words alone.
    const b64 = (hex: string) => Buffer.from(hex, 'hex').toString('base64url');
    const epk = Buffer.from(x.epk, 'base64url');
    const z = diffieHellman({
      privateKey: createPrivateKey({
        key: { kty: 'OKP', crv: 'X25519', d: b64(x.recipientPrivateKey), x: b64(x.recipientPublicKey) },
        format: 'jwk',
      }),
      publicKey: createPublicKey({
        key: { kty: 'OKP', crv: 'X25519', x: epk.toString('base64url') },
        format: 'jwk',
      }),
    });
    const kek = Buffer.from(
      hkdfSync(
        'sha256',
        z,
        Buffer.concat([epk, Buffer.from(x.recipientPublicKey, 'hex')]),
        `cella-e2ee-v1 wrap-x25519\0${context}`,
        32,
      ),
    );
    const sealed = Buffer.from(x.wrapped, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', kek, Buffer.alloc(12));
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(sealed.subarray(-16));
    const opened = Buffer.concat([decipher.update(sealed.subarray(0, -16)), decipher.final()]);
    expect(opened.toString('hex')).toBe(x.secret);
  });
});
