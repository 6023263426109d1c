import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DidResolver, Signer, VerifiableCredential } from '../src/index.js';
import {
  ChainedResolver,
  DidError,
  bytesToBase64url,
  EidRpcResolver,
  SelfCertifyingResolver,
  createDocument,
  createPresentation,
  issueCredential,
  normalizeCredential,
  normalizePresentation,
  verifyCredential,
  verifyPresentation,
} from '../src/index.js';
import type { IdChainStandIn } from '../src/stand-in/index.js';
import { startIdChainStandIn } from '../src/stand-in/index.js';
import { GARBAGE, expectDidError, highSSigner, newSigner } from './helpers.js';

let chain: IdChainStandIn;
let resolver: DidResolver;
let user: Signer;
let app: Signer;
let node: Signer;
const presented = new Map<string, unknown>();

beforeAll(async () => {
  chain = await startIdChainStandIn();
  user = newSigner();
  app = newSigner();
  node = newSigner();
  await chain.publishDocument(user, await createDocument(user));
  await chain.publishDocument(node, await createDocument(node));
  // The app instance is not published: the node keeps the document it presented at sign-in.
  presented.set(app.did, await createDocument(app));
  resolver = new ChainedResolver([
    new SelfCertifyingResolver({ documents: presented }),
    new EidRpcResolver({ url: chain.url }),
  ]);
});

afterAll(async () => {
  await chain.close();
});

async function appIdCredential(
  issuer: Signer = user,
  subject: Signer = app,
  extra: Record<string, unknown> = {},
): Promise<VerifiableCredential> {
  return issueCredential(issuer, {
    id: '#app-id-credential',
    types: ['AppIdCredential'],
    subject: {
      id: subject.did,
      appDid: 'did:elastos:iAppDidXXXXXXXXXXXXXXXXXXXXXXXXXXX',
      appInstanceDid: subject.did,
      ...extra,
    },
  });
}

describe('credentials', () => {
  it('issues a normalized AppIdCredential and verifies it against the issuer on chain', async () => {
    const vc = await appIdCredential();
    expect(Object.keys(vc)).toEqual([
      'id',
      'type',
      'issuer',
      'issuanceDate',
      'expirationDate',
      'credentialSubject',
      'proof',
    ]);
    expect(vc.id).toBe(`${app.did}#app-id-credential`);
    expect(vc.type).toEqual(['AppIdCredential', 'VerifiableCredential']);
    expect(Object.keys(vc.credentialSubject)).toEqual(['id', 'appDid', 'appInstanceDid']);
    expect(Object.keys(vc.proof)).toEqual(['type', 'created', 'verificationMethod', 'signature']);
    const verified = await verifyCredential(vc, { resolver });
    expect(verified.issuer).toBe(user.did);
    expect(verified.subject.id).toBe(app.did);
    expect(verified.types).toContain('AppIdCredential');
    expect(verified.expirationDate!.getTime()).toBeGreaterThan(Date.now());
  });

  it('issues arbitrary types (HiveBackupCredential) with nested claims sorted', async () => {
    const vc = await issueCredential(user, {
      types: ['HiveBackupCredential', 'Alpha'],
      subject: { id: node.did, targetHost: 'https://backup', z: { b: 1, a: [{ y: 1, x: 2 }] } },
      expirationDate: new Date(Date.now() + 3600_000),
    });
    expect(vc.type).toEqual(['Alpha', 'HiveBackupCredential', 'VerifiableCredential']);
    expect(JSON.stringify(vc.credentialSubject)).toBe(
      `{"id":"${node.did}","targetHost":"https://backup","z":{"a":[{"x":2,"y":1}],"b":1}}`,
    );
    expect(vc.id.startsWith(`${node.did}#`)).toBe(true);
    expect((await verifyCredential(vc, { resolver })).subject['targetHost']).toBe('https://backup');
  });

  it('caps expiry at 5 years and rejects expired credentials', async () => {
    const far = await issueCredential(user, {
      subject: { id: app.did },
      expirationDate: new Date('2200-01-01T00:00:00Z'),
    });
    expect(new Date(far.expirationDate!).getUTCFullYear()).toBeLessThanOrEqual(
      new Date().getUTCFullYear() + 5,
    );
    const vc = await issueCredential(user, {
      subject: { id: app.did },
      expirationDate: new Date(Date.now() + 1000),
    });
    await expectDidError(verifyCredential(vc, { resolver, now: Date.now() + 60_000 }), 'EXPIRED');
  });

  it('rejects tampering, foreign keys, unknown issuers and ids outside the subject', async () => {
    const vc = await appIdCredential();
    await expectDidError(
      verifyCredential(
        { ...vc, credentialSubject: { ...vc.credentialSubject, appDid: 'did:elastos:evil' } },
        { resolver },
      ),
      'BAD_SIGNATURE',
    );
    await expectDidError(
      verifyCredential(
        { ...vc, issuer: node.did, proof: { ...vc.proof, verificationMethod: `${node.did}#primary` } },
        { resolver },
      ),
      'BAD_SIGNATURE',
    );
    await expectDidError(
      verifyCredential(
        { ...vc, proof: { ...vc.proof, verificationMethod: `${node.did}#primary` } },
        { resolver },
      ),
      'INVALID_KEY',
    );
    await expectDidError(
      verifyCredential(
        { ...vc, proof: { ...vc.proof, verificationMethod: `${user.did}#other` } },
        { resolver },
      ),
      'INVALID_KEY',
    );
    await expectDidError(verifyCredential({ ...vc, id: `${user.did}#x` }, { resolver }), 'MALFORMED');
    await expectDidError(
      verifyCredential({ ...vc, proof: { ...vc.proof, type: 'Other' } }, { resolver }),
      'UNSUPPORTED',
    );
    const stranger = newSigner();
    await expectDidError(verifyCredential(await appIdCredential(stranger), { resolver }), 'NOT_FOUND');
  });

  it('rejects credentials from a deactivated issuer', async () => {
    const issuer = newSigner();
    await chain.publishDocument(issuer, await createDocument(issuer));
    const vc = await appIdCredential(issuer);
    expect((await verifyCredential(vc, { resolver })).issuer).toBe(issuer.did);
    await chain.deactivate(issuer);
    await expectDidError(verifyCredential(vc, { resolver }), 'DEACTIVATED');
  });

  it('normalizes the compact form (self-proclaimed, relative ids)', async () => {
    const vc = await issueCredential(user, { id: '#profile', subject: { id: user.did, name: 'x' } });
    const compact = {
      id: '#profile',
      type: 'VerifiableCredential',
      issuanceDate: vc.issuanceDate,
      expirationDate: vc.expirationDate,
      credentialSubject: { name: 'x' },
      proof: { created: vc.proof.created, verificationMethod: '#primary', signature: vc.proof.signature },
    };
    expect(normalizeCredential(compact, user.did)).toEqual(vc);
    await expectDidError(() => normalizeCredential(compact), 'MALFORMED');
  });
});

describe('presentations', () => {
  it('creates a VP in the SDK shape and verifies holder, realm, nonce and credentials', async () => {
    const vc = await appIdCredential();
    const vp = await createPresentation(app, { credentials: [vc], realm: node.did, nonce: 'nonce-1' });
    expect(Object.keys(vp)).toEqual(['type', 'holder', 'created', 'verifiableCredential', 'proof']);
    expect(vp.type).toBe('VerifiablePresentation');
    expect(Object.keys(vp.proof)).toEqual([
      'type',
      'created',
      'verificationMethod',
      'realm',
      'nonce',
      'signature',
    ]);
    const v = await verifyPresentation(vp, {
      resolver,
      realm: node.did,
      nonce: 'nonce-1',
      minCredentials: 1,
    });
    expect(v.holder).toBe(app.did);
    expect(v.realm).toBe(node.did);
    expect(v.nonce).toBe('nonce-1');
    expect(v.credentials.map((c) => c.issuer)).toEqual([user.did]);
    expect(v.presentation).toEqual(vp);
  });

  it('Cella flow: the user is the holder, no credentials', async () => {
    const vp = await createPresentation(user, { realm: node.did, nonce: 'n2', types: ['CellaSignIn'] });
    expect(vp.type).toEqual(['CellaSignIn', 'VerifiablePresentation']);
    expect(vp.verifiableCredential).toEqual([]);
    const v = await verifyPresentation(JSON.stringify(vp), { resolver, realm: node.did, nonce: 'n2' });
    expect(v.holder).toBe(user.did);
    await expectDidError(verifyPresentation(vp, { resolver, minCredentials: 1 }), 'MALFORMED');
  });

  it('a created time with milliseconds: accepted when the whole-second form was signed (the SDKs drop the fraction), else a MALFORMED that says why', async () => {
    const vp = await createPresentation(user, { realm: node.did, nonce: 'n-ms' });
    const withMs = vp.created!.replace('Z', '.123Z');
    // Signed over whole seconds, sent with milliseconds: what the reference and the SDKs accept.
    const sent = { ...vp, created: withMs, proof: { ...vp.proof, created: withMs } };
    await expect(verifyPresentation(sent, { resolver, nonce: 'n-ms' })).resolves.toMatchObject({
      holder: user.did,
    });
    // Signed over the text with milliseconds (a client that signs what toISOString() gave).
    const { proof: _proof, ...body } = sent;
    const signed = new TextEncoder().encode(`${JSON.stringify(body)}${node.did}n-ms`);
    const signature = bytesToBase64url(await user.sign(signed));
    const error = await verifyPresentation(
      { ...sent, proof: { ...sent.proof, signature } },
      { resolver },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DidError);
    expect((error as DidError).code).toBe('MALFORMED');
    expect((error as DidError).message).toMatch(/created .*\.123Z has fractional seconds.*whole seconds/);
  });

  it('signature binds realm and nonce', async () => {
    const vp = await createPresentation(user, { realm: node.did, nonce: 'n3' });
    await expectDidError(verifyPresentation(vp, { resolver, realm: app.did }), 'WRONG_REALM');
    await expectDidError(verifyPresentation(vp, { resolver, nonce: 'other' }), 'WRONG_NONCE');
    await expectDidError(
      verifyPresentation({ ...vp, proof: { ...vp.proof, nonce: 'other' } }, { resolver }),
      'BAD_SIGNATURE',
    );
    await expectDidError(
      verifyPresentation({ ...vp, proof: { ...vp.proof, realm: app.did } }, { resolver }),
      'BAD_SIGNATURE',
    );
    await expectDidError(
      verifyPresentation({ ...vp, created: '2020-01-01T00:00:00Z' }, { resolver }),
      'BAD_SIGNATURE',
    );
  });

  it('every credential must be about the holder', async () => {
    const aboutSomeoneElse = await appIdCredential(user, node);
    await expectDidError(
      createPresentation(app, { credentials: [aboutSomeoneElse], realm: node.did, nonce: 'x' }),
      'WRONG_HOLDER',
    );
    const vp = await createPresentation(node, {
      credentials: [aboutSomeoneElse],
      realm: node.did,
      nonce: 'x',
    });
    const swapped = {
      ...vp,
      holder: app.did,
      proof: { ...vp.proof, verificationMethod: `${app.did}#primary` },
    };
    await expectDidError(verifyPresentation(swapped, { resolver }), 'WRONG_HOLDER');
  });

  it('proof key must be an authentication key of the holder; holder must resolve', async () => {
    const vp = await createPresentation(app, { realm: node.did, nonce: 'x' });
    await expectDidError(
      verifyPresentation(
        { ...vp, proof: { ...vp.proof, verificationMethod: `${app.did}#nope` } },
        { resolver },
      ),
      'INVALID_KEY',
    );
    const unknown = newSigner();
    await expectDidError(
      verifyPresentation(await createPresentation(unknown, { realm: node.did, nonce: 'x' }), { resolver }),
      'NOT_FOUND',
    );
    // did:key holders resolve by themselves
    const keyHolder = newSigner('key');
    const keyVp = await createPresentation(keyHolder, {
      realm: node.did,
      nonce: 'x',
      credentials: [await appIdCredential(user, keyHolder)],
    });
    expect((await verifyPresentation(keyVp, { resolver })).holder).toBe(keyHolder.did);
  });

  it('v1 presentations without holder take it from the proof key', async () => {
    const vp = await createPresentation(app, { realm: node.did, nonce: 'x' });
    const { holder: _h, ...withoutHolder } = vp;
    expect(normalizePresentation(withoutHolder).holder).toBeUndefined();
    // the holder is part of the signed bytes, so the original signature no longer matches
    await expectDidError(verifyPresentation(withoutHolder, { resolver }), 'BAD_SIGNATURE');
  });

  it('a credential in the presentation is verified too', async () => {
    const vc = await appIdCredential();
    const forged = { ...vc, credentialSubject: { ...vc.credentialSubject, appDid: 'did:elastos:evil' } };
    const vp = await createPresentation(app, { credentials: [forged], realm: node.did, nonce: 'x' });
    await expectDidError(verifyPresentation(vp, { resolver }), 'BAD_SIGNATURE');
  });
});

describe('high-S signatures', () => {
  it('are accepted in documents, credentials and presentations', async () => {
    const hs = highSSigner();
    presented.set(hs.did, await createDocument(hs));
    const vc = await issueCredential(hs, { subject: { id: app.did, k: 1 } });
    expect((await verifyCredential(vc, { resolver })).issuer).toBe(hs.did);
    const selfVc = await issueCredential(user, { subject: { id: hs.did } });
    const vp = await createPresentation(hs, { credentials: [selfVc], realm: node.did, nonce: 'hs' });
    expect((await verifyPresentation(vp, { resolver, realm: node.did })).holder).toBe(hs.did);
  });
});

describe('garbage input', () => {
  it('every credential / presentation entry point answers DidError', async () => {
    for (const g of GARBAGE) {
      for (const call of [
        () => normalizeCredential(g),
        () => verifyCredential(g, { resolver }),
        () => normalizePresentation(g),
        () => verifyPresentation(g, { resolver }),
        () => issueCredential(user, g as never),
        () => issueCredential(user, { subject: { id: g as string } }),
        () => issueCredential(g as never, { subject: { id: app.did } }),
        () => createPresentation(user, g as never),
        () =>
          createPresentation(user, {
            realm: typeof g === 'string' && g !== '' ? '' : (g as string),
            nonce: 'x',
          }),
        () => createPresentation(user, { realm: 'r', nonce: 'x', credentials: [g] }),
        () => verifyCredential(appIdCredential(), g as never),
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
