import { describe, expect, it } from 'vitest';
import {
  DidError,
  createDocument,
  didKeyDocument,
  findKey,
  findService,
  generateKeyPair,
  getDefaultKey,
  isAuthenticationKey,
  issueCredential,
  normalizeDocument,
  serializeDocument,
  signDocument,
  verifyDocument,
  bytesToBase58,
} from '../src/index.js';
import type { DIDDocument } from '../src/index.js';
import { GARBAGE, expectDidError, newSigner } from './helpers.js';

const NOW = new Date('2026-01-02T03:04:05.678Z');

function compactOf(doc: DIDDocument): Record<string, unknown> {
  // The on-chain "compact" form: relative ids, default type and controller omitted, no explicit default-key authentication.
  return {
    id: doc.id,
    publicKey: doc.publicKey!.map((k) => ({
      id: k.id.slice(doc.id.length),
      publicKeyBase58: k.publicKeyBase58,
    })),
    ...(doc.service ? { service: doc.service.map((s) => ({ ...s, id: s.id.slice(doc.id.length) })) } : {}),
    expires: doc.expires,
    proof: { created: doc.proof!.created, signatureValue: doc.proof!.signatureValue },
  };
}

describe('createDocument / verifyDocument', () => {
  it('creates a normalized, signed did:elastos document in the SDK field order', async () => {
    const signer = newSigner();
    const doc = await createDocument(signer, {
      now: NOW,
      services: [
        { id: '#zeta', type: 'Other', serviceEndpoint: 'https://z' },
        {
          id: '#hivevault',
          type: 'HiveVault',
          serviceEndpoint: 'https://vault.example',
          b: { y: 1, x: [{ d: 1, c: 2 }] },
          a: 1,
        },
      ],
    });
    expect(Object.keys(doc)).toEqual(['id', 'publicKey', 'authentication', 'service', 'expires', 'proof']);
    expect(doc.publicKey).toEqual([
      {
        id: `${signer.did}#primary`,
        type: 'ECDSAsecp256r1',
        controller: signer.did,
        publicKeyBase58: bytesToBase58(signer.publicKey),
      },
    ]);
    expect(doc.authentication).toEqual([`${signer.did}#primary`]);
    expect(doc.service!.map((s) => s.id)).toEqual([`${signer.did}#hivevault`, `${signer.did}#zeta`]);
    expect(JSON.stringify(doc.service![0])).toBe(
      `{"id":"${signer.did}#hivevault","type":"HiveVault","serviceEndpoint":"https://vault.example","a":1,"b":{"x":[{"c":2,"d":1}],"y":1}}`,
    );
    expect(doc.expires).toBe('2031-01-02T03:04:05Z');
    expect(Object.keys(doc.proof!)).toEqual(['type', 'created', 'creator', 'signatureValue']);
    expect(doc.proof!.created).toBe('2026-01-02T03:04:05Z');
    expect(await verifyDocument(doc, { now: NOW })).toEqual(doc);
    expect(serializeDocument(doc)).toBe(JSON.stringify(doc));
    expect(findService(doc, 'HiveVault')?.serviceEndpoint).toBe('https://vault.example');
    expect(findService(doc, 'Nope')).toBeUndefined();
    expect(getDefaultKey(doc).id).toBe(signer.keyId);
    expect(findKey(doc, '#primary')?.id).toBe(signer.keyId);
    expect(isAuthenticationKey(doc, '#primary')).toBe(true);
    expect(isAuthenticationKey(doc, '#other')).toBe(false);
  });

  it('accepts the compact form (and JSON text) by normalising before checking the proof', async () => {
    const signer = newSigner();
    const doc = await createDocument(signer, {
      services: [{ id: '#hivevault', type: 'HiveVault', serviceEndpoint: 'https://v' }],
    });
    const compact = compactOf(doc);
    expect(normalizeDocument(compact)).toEqual(doc);
    expect(await verifyDocument(JSON.stringify(compact))).toEqual(doc);
    expect(normalizeDocument(JSON.stringify(doc))).toEqual(doc);
  });

  it('normalizes dates to seconds and text to NFC', async () => {
    const signer = newSigner();
    const doc = await createDocument(signer, {
      services: [{ id: '#s', type: 'Profile', serviceEndpoint: 'https://x', name: 'Cafe\u0301' }],
    });
    expect(serializeDocument(doc)).toContain('"name":"Café"');
    const loose = { ...doc, expires: doc.expires!.replace('Z', '.999') };
    expect(normalizeDocument(loose).expires).toBe(doc.expires);
  });

  it('rejects a tampered document, a foreign creator, an id not derived from the key', async () => {
    const signer = newSigner();
    const doc = await createDocument(signer, {
      services: [{ id: '#hivevault', type: 'HiveVault', serviceEndpoint: 'https://a' }],
    });
    await expectDidError(
      verifyDocument({ ...doc, service: [{ ...doc.service![0]!, serviceEndpoint: 'https://evil' }] }),
      'BAD_SIGNATURE',
    );
    await expectDidError(
      verifyDocument({ ...doc, proof: { ...doc.proof!, signatureValue: 'AAAA' } }),
      'BAD_SIGNATURE',
    );
    const other = newSigner();
    await expectDidError(verifyDocument({ ...compactOf(doc), id: other.did }), 'INVALID_KEY');
    const withSecondKey = {
      ...doc,
      publicKey: [
        ...doc.publicKey!,
        {
          id: `${signer.did}#second`,
          type: 'ECDSAsecp256r1',
          controller: signer.did,
          publicKeyBase58: bytesToBase58(other.publicKey),
        },
      ],
    };
    await expectDidError(
      verifyDocument({ ...withSecondKey, proof: { ...doc.proof!, creator: `${signer.did}#second` } }),
      'INVALID_KEY',
    );
    await expectDidError(
      verifyDocument({ ...doc, proof: { ...doc.proof!, type: 'RsaSignature2018' } }),
      'UNSUPPORTED',
    );
  });

  it('rejects expired documents unless allowed', async () => {
    const signer = newSigner();
    const doc = await createDocument(signer, {
      now: new Date('2020-01-01T00:00:00Z'),
      expires: new Date('2021-01-01T00:00:00Z'),
    });
    await expectDidError(verifyDocument(doc), 'EXPIRED');
    expect((await verifyDocument(doc, { allowExpired: true })).id).toBe(signer.did);
    expect((await verifyDocument(doc, { now: new Date('2020-06-01T00:00:00Z') })).id).toBe(signer.did);
  });

  it('rejects customized (controller / multisig) DIDs with UNSUPPORTED', async () => {
    const doc = await createDocument(newSigner());
    await expectDidError(() => normalizeDocument({ ...doc, controller: doc.id }), 'UNSUPPORTED');
    await expectDidError(() => normalizeDocument({ ...doc, multisig: '1:2' }), 'UNSUPPORTED');
    await expectDidError(() => normalizeDocument({ ...doc, proof: [doc.proof, doc.proof] }), 'UNSUPPORTED');
    await expectDidError(() => normalizeDocument({ ...doc, id: 'did:web:example.com' }), 'UNSUPPORTED');
  });

  it('checks key references', async () => {
    const signer = newSigner();
    const doc = await createDocument(signer);
    await expectDidError(() => normalizeDocument({ ...doc, authentication: ['#missing'] }), 'MALFORMED');
    await expectDidError(
      () => normalizeDocument({ ...doc, publicKey: [...doc.publicKey!, doc.publicKey![0]] }),
      'MALFORMED',
    );
    const foreign = {
      id: '#f',
      controller: newSigner().did,
      publicKeyBase58: bytesToBase58(generateKeyPair().publicKey),
    };
    await expectDidError(() => normalizeDocument({ ...doc, authentication: [foreign] }), 'MALFORMED');
    // embedded authentication keys join publicKey; authorization keys must belong to another DID
    const extra = { id: '#extra', publicKeyBase58: bytesToBase58(generateKeyPair().publicKey) };
    const n = normalizeDocument({ ...doc, authentication: [extra], authorization: [foreign] });
    expect(n.publicKey!.map((k) => k.id)).toEqual([`${doc.id}#extra`, `${doc.id}#f`, `${doc.id}#primary`]);
    expect(n.authentication).toEqual([`${doc.id}#extra`, `${doc.id}#primary`]);
    expect(n.authorization).toEqual([`${doc.id}#f`]);
    await expectDidError(() => normalizeDocument({ ...doc, authorization: ['#primary'] }), 'MALFORMED');
  });

  it('normalizes embedded (self-proclaimed) credentials', async () => {
    const signer = newSigner();
    const vc = await issueCredential(signer, {
      id: '#profile',
      types: ['ProfileCredential'],
      subject: { id: signer.did, name: 'Ann' },
    });
    const compactVc = {
      ...vc,
      id: '#profile',
      issuer: undefined,
      credentialSubject: { name: 'Ann' },
      proof: { ...vc.proof, verificationMethod: '#primary' },
    };
    const doc = await signDocument(signer, {
      ...(await createDocument(signer)),
      verifiableCredential: [compactVc],
    });
    expect(doc.verifiableCredential).toEqual([vc]);
    expect(Object.keys(doc)).toEqual([
      'id',
      'publicKey',
      'authentication',
      'verifiableCredential',
      'expires',
      'proof',
    ]);
    expect((await verifyDocument(doc)).verifiableCredential).toEqual([vc]);
  });

  it('re-signs an edited document with signDocument, only with the default key', async () => {
    const signer = newSigner();
    const doc = await createDocument(signer);
    const edited = await signDocument(signer, {
      ...doc,
      service: [{ id: '#hivevault', type: 'HiveVault', serviceEndpoint: 'https://new' }],
    });
    expect((await verifyDocument(edited)).service![0]!.serviceEndpoint).toBe('https://new');
    await expectDidError(signDocument(newSigner(), doc), 'INVALID_KEY');
  });
});

describe('did:key documents', () => {
  it('createDocument returns the implied did:key document and verifyDocument accepts it', async () => {
    const signer = newSigner('key');
    const doc = await createDocument(signer);
    expect(doc).toEqual(didKeyDocument(signer.did));
    expect(doc.proof).toBeUndefined();
    expect(await verifyDocument(doc)).toEqual(doc);
    expect(await verifyDocument({ id: signer.did })).toEqual(doc);
    expect(getDefaultKey(doc).id).toBe(signer.keyId);
  });

  it('rejects a did:key document listing a foreign key', async () => {
    const signer = newSigner('key');
    const doc = didKeyDocument(signer.did);
    const forged = {
      ...doc,
      publicKey: [{ ...doc.publicKey![0]!, publicKeyBase58: bytesToBase58(generateKeyPair().publicKey) }],
    };
    await expectDidError(verifyDocument(forged), 'INVALID_KEY');
  });
});

describe('garbage input', () => {
  it('every document entry point answers DidError, never TypeError', async () => {
    const signer = newSigner();
    for (const g of GARBAGE) {
      for (const call of [
        () => normalizeDocument(g),
        () => verifyDocument(g),
        () => serializeDocument(g),
        () => serializeDocument(g, { withProof: false }),
        () => signDocument(signer, g),
        () => createDocument(g as never),
        () => getDefaultKey(g as DIDDocument),
      ]) {
        let error: unknown;
        try {
          await call();
        } catch (err) {
          error = err;
        }
        expect(
          error,
          `input ${String(typeof g === 'symbol' ? 'symbol' : JSON.stringify(g))?.slice(0, 40)}`,
        ).toBeInstanceOf(DidError);
      }
      // Lookup helpers may answer "nothing" for a document-shaped object, but never throw a TypeError.
      for (const call of [
        () => findService(g as DIDDocument, 'HiveVault'),
        () => findKey(g as DIDDocument, '#primary'),
        () => isAuthenticationKey(g as DIDDocument, '#primary'),
      ]) {
        try {
          call();
        } catch (err) {
          expect(err).toBeInstanceOf(DidError);
        }
      }
    }
  });
});
