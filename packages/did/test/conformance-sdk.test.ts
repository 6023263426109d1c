// Conformance against the official @elastosfoundation/did-js-sdk 2.3.5, offline: its DIDBackend
// talks to our identity-chain stand-in (SimulatedIDChainAdapter protocol), so artefacts flow both
// ways through the exact wire format. SDK-made documents, credentials, presentations and JWTs
// must verify here, byte-for-byte in normalized form; ours must verify in the SDK.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sdk from '@elastosfoundation/did-js-sdk';
import type { DIDDocument as SdkDocument, DIDStore as SdkStore } from '@elastosfoundation/did-js-sdk';
import type { DidResolver, Signer } from '../src/index.js';
import {
  ChainedResolver,
  bytesToBase58,
  EidRpcResolver,
  SelfCertifyingResolver,
  createDocument,
  createPresentation,
  issueCredential,
  normalizeCredential,
  normalizeDocument,
  normalizePresentation,
  serializeDocument,
  signDocument,
  signJwt,
  verifyCredential,
  verifyDocument,
  verifyJwt,
  verifyPresentation,
  verifyPresentationJwt,
} from '../src/index.js';
import { canonicalJson } from '../src/canonical.js';
import type { IdChainStandIn } from '../src/stand-in/index.js';
import { startIdChainStandIn } from '../src/stand-in/index.js';
import { highSSigner, isHighS, newSigner } from './helpers.js';

const {
  DIDBackend,
  DIDStore,
  RootIdentity,
  Mnemonic,
  Issuer,
  VerifiablePresentation,
  VerifiableCredential,
  JWTParserBuilder,
  DIDDocument,
  DID,
  Logger,
  SimulatedIDChainAdapter,
  DefaultDIDAdapter,
} = sdk;

const PASS = 'storepass';
let chain: IdChainStandIn;
let tmp: string;
let store: SdkStore;
let sdkUser: SdkDocument;
let sdkApp: SdkDocument;
let resolver: DidResolver;
let node: Signer;
const nowS = () => Math.floor(Date.now() / 1000);

async function sdkResolve(did: string): Promise<SdkDocument> {
  const doc = await DID.from(did)!.resolve(true);
  expect(doc, `SDK resolves ${did}`).not.toBeNull();
  return doc;
}

beforeAll(async () => {
  Logger.setLevel(Logger.ERROR);
  chain = await startIdChainStandIn();
  DIDBackend.initialize(new SimulatedIDChainAdapter(chain.url));
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cella-did-sdk-'));
  store = await DIDStore.open(tmp);
  const mnemonic = Mnemonic.getInstance(Mnemonic.ENGLISH).generate();
  const root = await RootIdentity.createFromMnemonic(mnemonic, '', store, PASS);
  sdkUser = await root.newDid(PASS);
  sdkApp = await root.newDid(PASS);
  await sdkUser.publish(PASS);
  await sdkApp.publish(PASS);
  node = newSigner();
  await chain.publishDocument(node, await createDocument(node));
  resolver = new ChainedResolver([new SelfCertifyingResolver(), new EidRpcResolver({ url: chain.url })]);
});

afterAll(async () => {
  await chain.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('SDK → Cella', () => {
  it('documents published by the SDK resolve and verify; our serialization is byte-identical', async () => {
    const json = sdkUser.toString(true);
    expect(serializeDocument(JSON.parse(json))).toBe(json);
    expect(canonicalJson(await verifyDocument(json))).toBe(json);
    // the compact form the SDK can also write verifies after normalisation
    const compact = sdkUser.toString(false);
    expect(compact).not.toBe(json);
    expect(canonicalJson(await verifyDocument(compact))).toBe(json);
    const r = await resolver.resolve(sdkUser.getSubject().toString());
    expect(r.status).toBe('valid');
    expect(canonicalJson(r.document)).toBe(json);
  });

  it('an SDK document with services, extra properties, extra keys and a credential round-trips exactly', async () => {
    const builder = DIDDocument.Builder.newFromDocument(sdkUser).edit();
    builder.addService('#hivevault', 'HiveVault', 'https://vault.example', {
      zeta: 1,
      alpha: { b: [{ y: 2, x: 1 }], a: 'Cafe\u0301' },
    });
    builder.addService('#apps', 'AppList', 'https://apps.example');
    builder.addAuthenticationKey('#second', bytesToBase58(newSigner().publicKey));
    await builder.createAndAddCredential(PASS, '#profile', { name: 'Ann', nested: { b: 2, a: 1 } }, [
      'ProfileCredential',
    ]);
    const edited = await builder.seal(PASS);
    await edited.publish(PASS);
    sdkUser = edited;
    const json = edited.toString(true);
    expect(serializeDocument(json)).toBe(json);
    const verified = await verifyDocument(json);
    expect(canonicalJson(verified)).toBe(json);
    expect(verified.service?.map((s) => s.type)).toEqual(['AppList', 'HiveVault']);
    expect(verified.authentication).toHaveLength(2);
    const r = await resolver.resolve(edited.getSubject().toString());
    expect(r.metadata?.txid).toBeTruthy();
    expect(canonicalJson(r.document)).toBe(json);
  });

  it('an SDK AppIdCredential verifies here', async () => {
    const issuer = await Issuer.newWithDocument(sdkUser);
    const vc = await issuer
      .issueFor(sdkApp.getSubject())
      .id('#app-id-credential')
      .type('AppIdCredential')
      .properties({
        appDid: 'did:elastos:iAppDidXXXXXXXXXXXXXXXXXXXXXXXXXXX',
        appInstanceDid: sdkApp.getSubject().toString(),
      })
      .seal(PASS);
    const json = vc.toString(true);
    expect(canonicalJson(normalizeCredential(json))).toBe(json);
    const v = await verifyCredential(json, { resolver });
    expect(v.issuer).toBe(sdkUser.getSubject().toString());
    expect(v.types).toEqual(['AppIdCredential', 'VerifiableCredential']);
  });

  it('an SDK presentation and its challenge-response JWT verify here', async () => {
    const issuer = await Issuer.newWithDocument(sdkUser);
    const vc = await issuer
      .issueFor(sdkApp.getSubject())
      .id('#app-id-credential')
      .type('AppIdCredential')
      .properties({ appDid: 'did:elastos:iApp' })
      .seal(PASS);
    const vp = await (
      await VerifiablePresentation.createFor(sdkApp.getSubject(), null, store)
    )
      .credentials(vc)
      .realm(node.did)
      .nonce('nonce-sdk')
      .seal(PASS);
    const json = vp.toString(true);
    expect(canonicalJson(normalizePresentation(json))).toBe(json);
    const v = await verifyPresentation(json, {
      resolver,
      realm: node.did,
      nonce: 'nonce-sdk',
      minCredentials: 1,
    });
    expect(v.holder).toBe(sdkApp.getSubject().toString());
    expect(v.credentials[0]!.issuer).toBe(sdkUser.getSubject().toString());

    const token = await sdkApp
      .jwtBuilder()
      .addHeader('typ', 'JWT')
      .addHeader('version', '1.0')
      .setSubject('DIDAuthResponse')
      .setAudience(node.did)
      .setIssuedAt(nowS())
      .setExpiration(nowS() + 3600)
      .claimsWithJson('presentation', json)
      .sign(PASS);
    const r = await verifyPresentationJwt(token, {
      resolver,
      realm: node.did,
      nonce: 'nonce-sdk',
      audience: node.did,
    });
    expect(r.header).toMatchObject({ alg: 'ES256', typ: 'JWT', version: '1.0' });
    expect(r.presentation.holder).toBe(sdkApp.getSubject().toString());
    // with an explicit kid
    const withKid = await sdkApp
      .jwtBuilder()
      .setExpiration(nowS() + 60)
      .sign(PASS, `${sdkApp.getSubject().toString()}#primary`);
    expect((await verifyJwt(withKid, { resolver })).header.kid).toBe(
      `${sdkApp.getSubject().toString()}#primary`,
    );
  });

  it('accepts the high-S signatures the SDK produces', async () => {
    const issuer = await Issuer.newWithDocument(sdkUser);
    let found = false;
    for (let i = 0; i < 64 && !found; i++) {
      const vc = await issuer.issueFor(sdkApp.getSubject()).id(`#c${i}`).properties({ i }).seal(PASS);
      const sig = Buffer.from(vc.getProof().getSignature(), 'base64url');
      if (isHighS(sig)) {
        found = true;
        expect((await verifyCredential(vc.toString(true), { resolver })).id).toBe(
          `${sdkApp.getSubject().toString()}#c${i}`,
        );
      }
    }
    expect(found).toBe(true);
  });

  it('a DID deactivated through the SDK resolves as deactivated', async () => {
    const root2 = await RootIdentity.createFromMnemonic(
      Mnemonic.getInstance(Mnemonic.ENGLISH).generate(),
      '',
      store,
      PASS,
      true,
    );
    const doomed = await root2.newDid(PASS);
    await doomed.publish(PASS);
    const did = doomed.getSubject().toString();
    expect((await resolver.resolve(did)).status).toBe('valid');
    await doomed.deactivate(null as never, PASS);
    const r = await new EidRpcResolver({ url: chain.url }).resolve(did);
    expect(r.status).toBe('deactivated');
    expect(canonicalJson(r.document)).toBe(doomed.toString(true));
  });
});

describe('Cella → SDK', () => {
  it('our published documents resolve and are valid in the SDK, serialized identically', async () => {
    const s = newSigner();
    const doc = await createDocument(s, {
      services: [
        { id: '#hivevault', type: 'HiveVault', serviceEndpoint: 'https://v', extra: { b: 1, a: [2] } },
      ],
    });
    await chain.publishDocument(s, doc);
    const resolved = await sdkResolve(s.did);
    expect(await resolved.isValid()).toBe(true);
    expect(resolved.isGenuine()).toBe(true);
    expect(resolved.toString(true)).toBe(serializeDocument(doc));
    expect(resolved.getService('#hivevault').getProperties()).toEqual({ extra: { a: [2], b: 1 } });
    const parsed = await DIDDocument.parseAsync(JSON.stringify(doc));
    expect(parsed.isGenuine()).toBe(true);
  });

  it('an update and a deactivation made here are followed by the SDK', async () => {
    const s = newSigner();
    await chain.publishDocument(s, await createDocument(s));
    const updated = await signDocument(s, {
      ...(await createDocument(s)),
      service: [{ id: '#x', type: 'X', serviceEndpoint: 'https://x2' }],
    });
    await chain.publishDocument(s, updated);
    expect((await sdkResolve(s.did)).getService('#x').getServiceEndpoint()).toBe('https://x2');
    await chain.deactivate(s);
    DIDBackend.getInstance().clearCache();
    expect(await DID.from(s.did)!.isDeactivated()).toBe(true);
  });

  it('our credentials and presentations are valid in the SDK', async () => {
    const issuer = newSigner();
    const holder = newSigner();
    await chain.publishDocument(issuer, await createDocument(issuer));
    await chain.publishDocument(holder, await createDocument(holder));
    const vc = await issueCredential(issuer, {
      id: '#app-id-credential',
      types: ['AppIdCredential'],
      subject: { id: holder.did, appDid: 'did:elastos:iApp', appInstanceDid: holder.did },
    });
    const sdkVc = VerifiableCredential.parse(JSON.stringify(vc));
    expect(await sdkVc.isValid()).toBe(true);
    expect(sdkVc.toString(true)).toBe(JSON.stringify(vc));
    const vp = await createPresentation(holder, { credentials: [vc], realm: node.did, nonce: 'n-cella' });
    const sdkVp = VerifiablePresentation.parse(JSON.stringify(vp));
    expect(await sdkVp.isValid()).toBe(true);
    expect(sdkVp.getProof().getRealm()).toBe(node.did);
    expect(sdkVp.getProof().getNonce()).toBe('n-cella');
    expect(sdkVp.toString(true)).toBe(JSON.stringify(vp));
    // a tampered one is not
    const tampered = { ...vp, proof: { ...vp.proof, nonce: 'other' } };
    expect(await VerifiablePresentation.parse(JSON.stringify(tampered)).isValid()).toBe(false);
  });

  it('our JWTs parse and verify in the SDK (issuer resolved on the stand-in)', async () => {
    const token = await signJwt(
      node,
      { sub: 'DIDAuthChallenge', aud: 'did:elastos:iApp', nonce: 'n', exp: nowS() + 180 },
      { kid: node.keyId },
    );
    const jwt = await new JWTParserBuilder().setAllowedClockSkewSeconds(300).build().parse(token);
    expect(jwt.getBody().getSubject()).toBe('DIDAuthChallenge');
    expect(jwt.getBody().get('nonce')).toBe('n');
    const noKid = await signJwt(node, {
      sub: 'AccessToken',
      exp: nowS() + 60,
      props: JSON.stringify({ userDid: 'did:elastos:iU', appDid: 'did:elastos:iA' }),
    });
    expect((await new JWTParserBuilder().build().parse(noKid)).getBody().getSubject()).toBe('AccessToken');
    const forged = `${token.split('.').slice(0, 2).join('.')}.${(await signJwt(newSigner(), {})).split('.')[2]}`;
    await expect(new JWTParserBuilder().build().parse(forged)).rejects.toThrow();
  });

  it('high-S signatures we produce are accepted by the SDK', async () => {
    const hs = highSSigner();
    const doc = await createDocument(hs);
    expect(isHighS(Buffer.from(doc.proof!.signatureValue, 'base64url'))).toBe(true);
    await chain.publishDocument(hs, doc);
    expect(await (await sdkResolve(hs.did)).isValid()).toBe(true);
    const vp = await createPresentation(hs, { realm: node.did, nonce: 'hs' });
    expect(await VerifiablePresentation.parse(JSON.stringify(vp)).isValid()).toBe(true);
    const token = await signJwt(hs, { exp: nowS() + 60 });
    expect((await new JWTParserBuilder().build().parse(token)).getBody().getIssuer()).toBe(hs.did);
  });

  it('the SDK resolves through the plain JSON-RPC endpoint too (DefaultDIDAdapter)', async () => {
    DIDBackend.initialize(new DefaultDIDAdapter(chain.url));
    try {
      expect(await (await sdkResolve(node.did)).isValid()).toBe(true);
    } finally {
      DIDBackend.initialize(new SimulatedIDChainAdapter(chain.url));
    }
  });
});

describe('garbage normalisation does not diverge', () => {
  it('documents normalised here and by the SDK agree on field order for a compact input', async () => {
    const s = newSigner();
    const doc = await createDocument(s);
    const compact = {
      id: doc.id,
      publicKey: [{ id: '#primary', publicKeyBase58: doc.publicKey![0]!.publicKeyBase58 }],
      expires: doc.expires,
      proof: { created: doc.proof!.created, signatureValue: doc.proof!.signatureValue },
    };
    const sdkDoc = await DIDDocument.parseAsync(JSON.stringify(compact));
    expect(sdkDoc.toString(true)).toBe(canonicalJson(normalizeDocument(compact)));
  });
});
