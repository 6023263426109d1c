import { describe, expect, it } from 'vitest';
import {
  base58ToBytes,
  didKeyDocument,
  didKeyFromPublicKey,
  elastosDidFromPublicKey,
  generateKeyPair,
  isDid,
  isElastosAddress,
  parseDid,
  publicKeyFromDidKey,
} from '../src/index.js';
import { parseDidUrl, qualifyDidUrl } from '../src/did-url.js';
import { GARBAGE, expectDidError } from './helpers.js';

describe('did:elastos ids', () => {
  it('derive an identity address (i…) with a valid checksum from the key', () => {
    const { publicKey } = generateKeyPair();
    const did = elastosDidFromPublicKey(publicKey);
    expect(did).toMatch(/^did:elastos:i/);
    expect(isElastosAddress(parseDid(did).methodSpecificId)).toBe(true);
    expect(isElastosAddress('iXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX')).toBe(false);
    expect(isElastosAddress('0OIl')).toBe(false);
  });

  it('matches a key/DID pair produced by the official SDK (see conformance tests for live ones)', () => {
    // publicKeyBase58 "rZ9aeCBr8tYgadBKxBpNZEHsT5qGR4WWU45AndJXyvdR" ↔ did:elastos:iZ5juRvcucGV7syLD4U2EewSAWnNggTTYW,
    // captured from @elastosfoundation/did-js-sdk 2.3.5 output.
    const pk = base58ToBytes('rZ9aeCBr8tYgadBKxBpNZEHsT5qGR4WWU45AndJXyvdR');
    expect(elastosDidFromPublicKey(pk)).toBe('did:elastos:iZ5juRvcucGV7syLD4U2EewSAWnNggTTYW');
  });
});

describe('did:key (P-256)', () => {
  it('round-trips the key through did:key:zDn…', () => {
    const { publicKey } = generateKeyPair();
    const did = didKeyFromPublicKey(publicKey);
    expect(did).toMatch(/^did:key:zDn/);
    expect(publicKeyFromDidKey(did)).toEqual(publicKey);
    const doc = didKeyDocument(did);
    expect(doc.id).toBe(did);
    expect(doc.authentication).toEqual([doc.publicKey![0]!.id]);
    expect(doc.publicKey![0]!.type).toBe('ECDSAsecp256r1');
  });

  it('rejects other multicodecs and garbage', async () => {
    // an Ed25519 did:key
    await expectDidError(
      () => publicKeyFromDidKey('did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK'),
      'UNSUPPORTED',
    );
    await expectDidError(() => publicKeyFromDidKey('did:key:Dn123'), 'MALFORMED');
    await expectDidError(
      () => publicKeyFromDidKey('did:elastos:iZ5juRvcucGV7syLD4U2EewSAWnNggTTYW'),
      'MALFORMED',
    );
    for (const g of GARBAGE) await expectDidError(() => publicKeyFromDidKey(g as string), 'MALFORMED');
  });
});

describe('DID and DID URL syntax', () => {
  it('parses DIDs like the SDK, trimming whitespace', () => {
    expect(parseDid(' did:elastos:iabc ')).toEqual({
      did: 'did:elastos:iabc',
      method: 'elastos',
      methodSpecificId: 'iabc',
    });
    expect(isDid('did:elastos:foo.bar-baz_1')).toBe(true);
    for (const bad of [
      'did:elastos',
      'did::x',
      'did:elastos:.x',
      'DID:elastos:x',
      'did:elastos:a b',
      'did:elastos:x#k',
    ]) {
      expect(isDid(bad)).toBe(false);
    }
    for (const g of GARBAGE) expect(isDid(g)).toBe(false);
  });

  it('qualifies relative DID URLs against a base DID', () => {
    expect(qualifyDidUrl('#primary', 'did:elastos:iabc')).toBe('did:elastos:iabc#primary');
    expect(qualifyDidUrl('primary', 'did:elastos:iabc')).toBe('did:elastos:iabc#primary');
    expect(qualifyDidUrl('did:elastos:other#k', 'did:elastos:iabc')).toBe('did:elastos:other#k');
    expect(qualifyDidUrl('did:elastos:iabc/path?x=1#k')).toBe('did:elastos:iabc/path?x=1#k');
    expect(parseDidUrl('did:elastos:iabc#').tail).toBe('');
  });

  it('rejects bad DID URLs with DidError', async () => {
    await expectDidError(() => qualifyDidUrl('#primary'), 'MALFORMED');
    await expectDidError(() => qualifyDidUrl('did:elastos:iabc#a b'), 'MALFORMED');
    await expectDidError(() => qualifyDidUrl('did:elastos:iabc#<script>'), 'MALFORMED');
    for (const g of GARBAGE.filter((x) => typeof x !== 'string' || !/^[#a-z]/.test(x))) {
      await expectDidError(() => qualifyDidUrl(g, 'did:elastos:iabc'), 'MALFORMED');
    }
  });
});
