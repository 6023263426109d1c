import { describe, expect, it } from 'vitest';
import { p256 } from '@noble/curves/nist.js';
import crypto from 'node:crypto';
import {
  base58ToBytes,
  base64urlToBytes,
  bytesToBase58,
  bytesToBase64url,
  bytesToHex,
  compressPublicKey,
  createKeySigner,
  decompressPublicKey,
  generateKeyPair,
  getPublicKey,
  hexToBytes,
  isValidPublicKey,
  verifySignature,
} from '../src/index.js';
import { verifySignatureSync } from '../src/verify.js';
import { GARBAGE, expectDidError, flipS, isHighS } from './helpers.js';

const data = new TextEncoder().encode('cella');

describe('keys', () => {
  it('generates 32-byte private and 33-byte compressed public keys', () => {
    const { privateKey, publicKey } = generateKeyPair();
    expect(privateKey).toHaveLength(32);
    expect(publicKey).toHaveLength(33);
    expect([2, 3]).toContain(publicKey[0]);
    expect(getPublicKey(privateKey)).toEqual(publicKey);
  });

  it('compresses and decompresses public keys', () => {
    const { publicKey } = generateKeyPair();
    const full = decompressPublicKey(publicKey);
    expect(full).toHaveLength(65);
    expect(full[0]).toBe(4);
    expect(compressPublicKey(full)).toEqual(publicKey);
    expect(isValidPublicKey(publicKey)).toBe(true);
    expect(isValidPublicKey(new Uint8Array(33))).toBe(false);
  });

  it('rejects bad keys with DidError', async () => {
    await expectDidError(() => getPublicKey(new Uint8Array(32)), 'INVALID_KEY');
    await expectDidError(() => getPublicKey(new Uint8Array(31).fill(1)), 'INVALID_KEY');
    await expectDidError(() => compressPublicKey(new Uint8Array(33).fill(7)), 'INVALID_KEY');
    await expectDidError(() => decompressPublicKey(new Uint8Array(10)), 'INVALID_KEY');
    for (const g of GARBAGE) {
      await expectDidError(() => getPublicKey(g as Uint8Array), 'INVALID_KEY');
      expect(isValidPublicKey(g)).toBe(false);
    }
  });
});

describe('encodings', () => {
  it('round-trips hex, base58 and base64url', () => {
    const bytes = crypto.randomBytes(40);
    expect(hexToBytes(bytesToHex(bytes))).toEqual(new Uint8Array(bytes));
    expect(hexToBytes(`0x${bytesToHex(bytes)}`)).toEqual(new Uint8Array(bytes));
    expect(base58ToBytes(bytesToBase58(bytes))).toEqual(new Uint8Array(bytes));
    expect(base64urlToBytes(bytesToBase64url(bytes))).toEqual(new Uint8Array(bytes));
    expect(bytesToBase64url(bytes)).toBe(Buffer.from(bytes).toString('base64url'));
  });

  it('accepts padded base64url', () => {
    expect(base64urlToBytes('YQ==')).toEqual(new Uint8Array([0x61]));
  });

  it('rejects garbage with DidError MALFORMED', async () => {
    for (const bad of ['zz', 'abc', '0g']) await expectDidError(() => hexToBytes(bad), 'MALFORMED');
    for (const bad of ['0OIl', '+/']) await expectDidError(() => base58ToBytes(bad), 'MALFORMED');
    for (const bad of ['a+b/', 'a b', '%%']) await expectDidError(() => base64urlToBytes(bad), 'MALFORMED');
    for (const g of GARBAGE.filter((x) => typeof x !== 'string')) {
      await expectDidError(() => hexToBytes(g as string), 'MALFORMED');
      await expectDidError(() => base58ToBytes(g as string), 'MALFORMED');
      await expectDidError(() => base64urlToBytes(g as string), 'MALFORMED');
      if (!(g instanceof Uint8Array)) await expectDidError(() => bytesToHex(g as Uint8Array), 'MALFORMED');
    }
  });
});

describe('signatures', () => {
  it('a key signer makes 64-byte r‖s signatures over SHA-256(data) that node:crypto verifies', async () => {
    const { privateKey, publicKey } = generateKeyPair();
    const signer = createKeySigner(privateKey);
    const sig = await signer.sign(data);
    expect(sig).toHaveLength(64);
    const spki = Buffer.concat([
      Buffer.from('3039301306072a8648ce3d020106082a8648ce3d030107032200', 'hex'),
      publicKey,
    ]);
    const key = crypto.createPublicKey({ key: spki, format: 'der', type: 'spki' });
    expect(crypto.verify('sha256', data, { key, dsaEncoding: 'ieee-p1363' }, sig)).toBe(true);
    expect(await verifySignature(publicKey, data, sig)).toBe(true);
    expect(await verifySignature(decompressPublicKey(publicKey), data, sig)).toBe(true);
  });

  it('verifies node:crypto signatures, rejects tampering', async () => {
    const { privateKey, publicKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const sig = crypto.sign('sha256', data, { key: privateKey, dsaEncoding: 'ieee-p1363' });
    const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(-65);
    expect(await verifySignature(raw, data, sig)).toBe(true);
    const bad = Uint8Array.from(sig);
    bad[10]! ^= 1;
    expect(await verifySignature(raw, data, bad)).toBe(false);
    expect(await verifySignature(raw, new TextEncoder().encode('other'), sig)).toBe(false);
    expect(await verifySignature(raw, data, sig.subarray(0, 63))).toBe(false);
  });

  it('accepts high-S signatures (WebCrypto and pure-JS paths)', async () => {
    const { privateKey, publicKey } = generateKeyPair();
    const low = p256.sign(data, privateKey);
    const high = flipS(low);
    expect(isHighS(high)).toBe(true);
    expect(p256.verify(high, data, publicKey)).toBe(false); // noble's default low-S rule would reject it
    expect(await verifySignature(publicKey, data, high)).toBe(true);
    expect(verifySignatureSync(publicKey, data, high)).toBe(true);
  });

  it('verifies without WebCrypto (noble fallback)', async () => {
    const { privateKey, publicKey } = generateKeyPair();
    const sig = flipS(p256.sign(data, privateKey));
    const original = Object.getOwnPropertyDescriptor(globalThis, 'crypto')!;
    Object.defineProperty(globalThis, 'crypto', { value: {}, configurable: true });
    try {
      expect(await verifySignature(publicKey, data, sig)).toBe(true);
      expect(await verifySignature(publicKey, data, new Uint8Array(64))).toBe(false);
    } finally {
      Object.defineProperty(globalThis, 'crypto', original);
    }
  });

  it('signer derives did:elastos (#primary) or did:key ids', () => {
    const { privateKey } = generateKeyPair();
    const e = createKeySigner(privateKey);
    expect(e.did).toMatch(/^did:elastos:i[1-9A-HJ-NP-Za-km-z]+$/);
    expect(e.keyId).toBe(`${e.did}#primary`);
    const k = createKeySigner(privateKey, { method: 'key' });
    expect(k.did).toMatch(/^did:key:zDn/);
    expect(k.keyId).toBe(`${k.did}#${k.did.slice('did:key:'.length)}`);
    expect(createKeySigner(privateKey, { fragment: 'app' }).keyId).toBe(`${e.did}#app`);
  });

  it('signer construction and signing reject garbage with DidError', async () => {
    for (const g of GARBAGE) await expectDidError(() => createKeySigner(g as Uint8Array), 'INVALID_KEY');
    const { privateKey } = generateKeyPair();
    await expectDidError(() => createKeySigner(privateKey, { method: 'web' as 'key' }), 'UNSUPPORTED');
    await expectDidError(() => createKeySigner(privateKey, { fragment: 'bad fragment' }), 'MALFORMED');
    const signer = createKeySigner(privateKey);
    await expectDidError(signer.sign('text' as unknown as Uint8Array), 'MALFORMED');
    for (const g of GARBAGE.filter((x) => !(x instanceof Uint8Array))) {
      await expectDidError(
        verifySignature(g as Uint8Array, data, new Uint8Array(64)),
        g instanceof Uint8Array ? 'INVALID_KEY' : 'MALFORMED',
      );
    }
  });
});
