import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, importJWK, jwtVerify } from 'jose';
import { p256 } from '@noble/curves/nist.js';
import type { DidResolver, Signer } from '../src/index.js';
import {
  ChainedResolver,
  DidError,
  EidRpcResolver,
  SelfCertifyingResolver,
  bytesToBase64url,
  createDocument,
  createKeySigner,
  createPresentation,
  decodeJwt,
  decompressPublicKey,
  generateKeyPair,
  issueCredential,
  signJwt,
  verifyJwt,
  verifyPresentationJwt,
} from '../src/index.js';
import type { IdChainStandIn } from '../src/stand-in/index.js';
import { startIdChainStandIn } from '../src/stand-in/index.js';
import { GARBAGE, expectDidError, flipS, highSSigner, newSigner } from './helpers.js';

let chain: IdChainStandIn;
let resolver: DidResolver;
let node: Signer;
let app: Signer;
let user: Signer;
const nowS = () => Math.floor(Date.now() / 1000);

beforeAll(async () => {
  chain = await startIdChainStandIn();
  node = newSigner();
  user = newSigner();
  app = newSigner('key');
  await chain.publishDocument(node, await createDocument(node));
  await chain.publishDocument(user, await createDocument(user));
  resolver = new ChainedResolver([new SelfCertifyingResolver(), new EidRpcResolver({ url: chain.url })]);
});

afterAll(async () => {
  await chain.close();
});

function jwkOf(privateKey: Uint8Array): { kty: string; crv: string; x: string; y: string; d: string } {
  const full = decompressPublicKey(p256.getPublicKey(privateKey, true));
  return {
    kty: 'EC',
    crv: 'P-256',
    x: bytesToBase64url(full.subarray(1, 33)),
    y: bytesToBase64url(full.subarray(33)),
    d: bytesToBase64url(privateKey),
  };
}

describe('signJwt / verifyJwt', () => {
  it('signs the Elastos header and verifies through the resolver (default key)', async () => {
    const token = await signJwt(node, {
      sub: 'DIDAuthChallenge',
      aud: app.did,
      nonce: 'n1',
      exp: nowS() + 180,
    });
    const { header, claims } = decodeJwt(token);
    expect(header).toEqual({ alg: 'ES256', typ: 'JWT', version: '1.0' });
    expect(claims.iss).toBe(node.did);
    expect(typeof claims.iat).toBe('number');
    const v = await verifyJwt(token, {
      resolver,
      audience: app.did,
      subject: 'DIDAuthChallenge',
      issuer: node.did,
    });
    expect(v.claims['nonce']).toBe('n1');
    expect(v.issuerDocument?.id).toBe(node.did);
  });

  it('uses kid when present (full or relative), and only authentication keys of the issuer', async () => {
    const full = await signJwt(node, { exp: nowS() + 60 }, { kid: node.keyId });
    expect(decodeJwt(full).header.kid).toBe(node.keyId);
    await verifyJwt(full, { resolver });
    await verifyJwt(await signJwt(node, { exp: nowS() + 60 }, { kid: '#primary' }), { resolver });
    await expectDidError(
      verifyJwt(await signJwt(node, { exp: nowS() + 60 }, { kid: `${user.did}#primary` }), { resolver }),
      'INVALID_KEY',
    );
    await expectDidError(
      verifyJwt(await signJwt(node, { exp: nowS() + 60 }, { kid: '#nope' }), { resolver }),
      'INVALID_KEY',
    );
  });

  it('verifies with an explicit public key or document', async () => {
    const token = await signJwt(node, { exp: nowS() + 60 });
    await verifyJwt(token, { publicKey: node.publicKey });
    await verifyJwt(token, { document: await createDocument(node) });
    await expectDidError(verifyJwt(token, { publicKey: user.publicKey }), 'BAD_SIGNATURE');
    await expectDidError(verifyJwt(token, { document: await createDocument(user) }), 'WRONG_ISSUER');
    await expectDidError(verifyJwt(token, {}), 'MALFORMED');
  });

  it('rejects alg none, other algs and crit', async () => {
    const payload = bytesToBase64url(
      new TextEncoder().encode(JSON.stringify({ iss: node.did, exp: nowS() + 60 })),
    );
    const head = (h: object) => bytesToBase64url(new TextEncoder().encode(JSON.stringify(h)));
    const e1 = await expectDidError(
      verifyJwt(`${head({ alg: 'none' })}.${payload}.`, { resolver }),
      'UNSUPPORTED',
    );
    expect(e1.message).toMatch(/alg none/);
    await expectDidError(verifyJwt(`${head({ alg: 'HS256' })}.${payload}.AAAA`, { resolver }), 'UNSUPPORTED');
    await expectDidError(
      verifyJwt(`${head({ alg: 'ES256K' })}.${payload}.AAAA`, { resolver }),
      'UNSUPPORTED',
    );
    await expectDidError(
      verifyJwt(`${head({ alg: 'ES256', crit: ['b64'] })}.${payload}.AAAA`, { resolver }),
      'UNSUPPORTED',
    );
    await expectDidError(() => decodeJwt(`${head({ alg: 'none' })}.${payload}.`), 'UNSUPPORTED');
  });

  it('checks exp / nbf with a 300 s default clock skew', async () => {
    await verifyJwt(await signJwt(node, { exp: nowS() - 200 }), { resolver });
    await expectDidError(verifyJwt(await signJwt(node, { exp: nowS() - 400 }), { resolver }), 'EXPIRED');
    await expectDidError(
      verifyJwt(await signJwt(node, { exp: nowS() - 10 }), { resolver, clockSkewSeconds: 0 }),
      'EXPIRED',
    );
    await verifyJwt(await signJwt(node, { exp: nowS() + 600, nbf: nowS() + 200 }), { resolver });
    await expectDidError(
      verifyJwt(await signJwt(node, { exp: nowS() + 600, nbf: nowS() + 400 }), { resolver }),
      'NOT_YET_VALID',
    );
    const noExp = await signJwt(node, { sub: 'x' });
    await expectDidError(verifyJwt(noExp, { resolver }), 'MALFORMED');
    await verifyJwt(noExp, { resolver, requireExpiry: false });
    const fixed = await signJwt(node, { exp: 1_000_000 }, {}, { now: 999_000 * 1000 });
    expect(decodeJwt(fixed).claims.iat).toBe(999_000);
    await verifyJwt(fixed, { resolver, now: 999_500 * 1000 });
  });

  it('checks audience, subject and issuer', async () => {
    const token = await signJwt(node, { aud: [app.did, 'other'], sub: 'AccessToken', exp: nowS() + 60 });
    await verifyJwt(token, { resolver, audience: 'other' });
    await expectDidError(verifyJwt(token, { resolver, audience: user.did }), 'WRONG_AUDIENCE');
    await expectDidError(verifyJwt(token, { resolver, subject: 'DIDAuthChallenge' }), 'WRONG_SUBJECT');
    await expectDidError(verifyJwt(token, { resolver, issuer: user.did }), 'WRONG_ISSUER');
  });

  it('rejects tampered tokens, DER signatures and unknown issuers', async () => {
    const token = await signJwt(node, { sub: 'a', exp: nowS() + 60 });
    const [h, , s] = token.split('.');
    const forgedPayload = bytesToBase64url(
      new TextEncoder().encode(JSON.stringify({ iss: node.did, sub: 'b', exp: nowS() + 60 })),
    );
    await expectDidError(verifyJwt(`${h}.${forgedPayload}.${s}`, { resolver }), 'BAD_SIGNATURE');
    const der = bytesToBase64url(
      p256.Signature.fromBytes(new Uint8Array(Buffer.from(s!, 'base64url')), 'compact').toBytes('der'),
    );
    await expectDidError(verifyJwt(`${h}.${token.split('.')[1]}.${der}`, { resolver }), 'BAD_SIGNATURE');
    await expectDidError(
      verifyJwt(await signJwt(newSigner(), { exp: nowS() + 60 }), { resolver }),
      'NOT_FOUND',
    );
  });

  it('accepts high-S signatures', async () => {
    const hs = highSSigner(newSigner('key'));
    const token = await signJwt(hs, { exp: nowS() + 60 });
    const sig = new Uint8Array(Buffer.from(token.split('.')[2]!, 'base64url'));
    expect(
      p256.verify(sig, new TextEncoder().encode(token.split('.').slice(0, 2).join('.')), hs.publicKey),
    ).toBe(false);
    expect((await verifyJwt(token, { resolver })).claims.iss).toBe(hs.did);
    expect(flipS(flipS(sig))).toEqual(sig);
  });

  it('interoperates with jose both ways', async () => {
    const { privateKey } = generateKeyPair();
    const signer = createKeySigner(privateKey, { method: 'key' });
    const jwk = jwkOf(privateKey);
    const { d: _d, ...pub } = jwk;
    const ours = await signJwt(signer, { aud: 'x', exp: nowS() + 60 });
    const verified = await jwtVerify(ours, await importJWK(pub, 'ES256'), { audience: 'x' });
    expect(verified.payload.iss).toBe(signer.did);
    const theirs = await new SignJWT({ iss: signer.did, hello: 'world' })
      .setProtectedHeader({ alg: 'ES256', typ: 'JWT', version: '1.0' })
      .setExpirationTime('1m')
      .sign(await importJWK(jwk, 'ES256'));
    expect((await verifyJwt(theirs, { resolver })).claims['hello']).toBe('world');
  });
});

describe('verifyPresentationJwt (Hive challenge_response)', () => {
  it('verifies the JWT, then the presentation in its claim; iss must be the holder', async () => {
    const vc = await issueCredential(user, {
      id: '#app-id-credential',
      types: ['AppIdCredential'],
      subject: { id: app.did, appDid: 'did:elastos:iApp' },
    });
    const vp = await createPresentation(app, { credentials: [vc], realm: node.did, nonce: 'chal-1' });
    const token = await signJwt(app, {
      sub: 'DIDAuthResponse',
      aud: node.did,
      exp: nowS() + 60,
      presentation: vp,
    });
    const r = await verifyPresentationJwt(token, {
      resolver,
      realm: node.did,
      nonce: 'chal-1',
      audience: node.did,
      minCredentials: 1,
    });
    expect(r.presentation.holder).toBe(app.did);
    expect(r.presentation.credentials[0]!.issuer).toBe(user.did);
    expect(r.claims.sub).toBe('DIDAuthResponse');
    // Essentials' minimal shape: {iss, presentation (as JSON text here), exp}
    const minimal = await signJwt(app, { presentation: JSON.stringify(vp), exp: nowS() + 60 });
    expect((await verifyPresentationJwt(minimal, { resolver, realm: node.did })).presentation.nonce).toBe(
      'chal-1',
    );
    await expectDidError(verifyPresentationJwt(token, { resolver, realm: user.did }), 'WRONG_REALM');
    await expectDidError(verifyPresentationJwt(token, { resolver, nonce: 'other' }), 'WRONG_NONCE');
    const wrongIssuer = await signJwt(user, { exp: nowS() + 60, presentation: vp });
    await expectDidError(verifyPresentationJwt(wrongIssuer, { resolver }), 'WRONG_HOLDER');
    await expectDidError(
      verifyPresentationJwt(await signJwt(app, { exp: nowS() + 60 }), { resolver }),
      'MALFORMED',
    );
  });
});

describe('garbage input', () => {
  it('every JWT entry point answers DidError', async () => {
    const good = await signJwt(node, { exp: nowS() + 60 });
    const [h, p] = good.split('.');
    const inputs = [
      ...GARBAGE,
      'a.b.c',
      `${h}.${p}`,
      `${h}.${p}.!!!`,
      `${h}.e30.${'A'.repeat(86)}`,
      `${h}.bnVsbA.AAAA`,
      `${h}.${bytesToBase64url(new TextEncoder().encode('{"exp":"soon"}'))}.AAAA`,
    ];
    for (const g of inputs) {
      for (const call of [
        // a well-formed token with a zero signature decodes fine (decodeJwt does not verify)
        ...(g === `${h}.e30.${'A'.repeat(86)}` ? [] : [() => decodeJwt(g as string)]),
        () => verifyJwt(g as string, { resolver }),
        () => verifyPresentationJwt(g as string, { resolver }),
        ...(g !== null && typeof g === 'object' && !Array.isArray(g) && !(g instanceof Uint8Array)
          ? []
          : [() => signJwt(node, g as never)]),
        () => signJwt(g as never, {}),
        () => verifyJwt(good, { publicKey: g as Uint8Array, resolver: g as never }),
      ]) {
        let error: unknown;
        try {
          await call();
        } catch (err) {
          error = err;
        }
        expect(
          error,
          `input ${typeof g === 'symbol' ? 'symbol' : String(JSON.stringify(g)).slice(0, 40)}`,
        ).toBeInstanceOf(DidError);
      }
    }
  });
});
