/**
 * DIDs made with the official Elastos DID JS SDK (@elastosfoundation/did-js-sdk 2.3.5) sign in to
 * the node: the user's own presentation (spec §5), and the reference's app-instance flow (a VP of an
 * AppIdCredential issued by the user, wrapped in a JWT by the app instance).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decodeJwt } from '@cella/did';
import { startIdChainStandIn, type IdChainStandIn } from '@cella/did/stand-in';
import * as official from '@elastosfoundation/did-js-sdk';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTempNode, type TempNode } from '../helpers/temp-node.js';

const STOREPASS = 'storepass';
let chain: IdChainStandIn;
let node: TempNode;
let storeDir: string;
let store: official.DIDStore;
let root: official.RootIdentity;

beforeAll(async () => {
  chain = await startIdChainStandIn();
  node = await startTempNode({ eidRpcUrl: chain.url });
  // The simulated-chain adapter publishes through POST /idtx, which the stand-in serves.
  official.DIDBackend.initialize(new official.SimulatedIDChainAdapter(chain.url));
  storeDir = mkdtempSync(path.join(tmpdir(), 'cella-official-'));
  store = await official.DIDStore.open(storeDir);
  const mnemonic = official.Mnemonic.getInstance(official.Mnemonic.ENGLISH).generate();
  root = official.RootIdentity.createFromMnemonic(
    mnemonic,
    '',
    store,
    STOREPASS,
  ) as unknown as official.RootIdentity;
  root = await Promise.resolve(root);
}, 60_000);

afterAll(async () => {
  await node?.stop();
  await chain?.close();
  rmSync(storeDir, { recursive: true, force: true });
});

async function signin(document: unknown) {
  const response = await fetch(`${node.url}/api/v2/did/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ document }),
  });
  expect(response.status).toBe(201);
  const { challenge } = (await response.json()) as { challenge: string };
  return decodeJwt(challenge).claims as { iss: string; nonce: string };
}

async function auth(challengeResponse: unknown) {
  const response = await fetch(`${node.url}/api/v2/did/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ challenge_response: challengeResponse }),
  });
  return {
    status: response.status,
    body: (await response.json()) as { token?: string; error?: { message: string } },
  };
}

test('a DID created and published with the official SDK signs in with its own presentation', async () => {
  const doc = await root.newDid(STOREPASS, 0);
  await doc.publish(STOREPASS);
  const { iss, nonce } = await signin(JSON.parse(doc.toString(true)) as unknown);
  const vp = await (
    await official.VerifiablePresentation.createFor(doc.getSubject(), null, store)
  )
    .realm(iss)
    .nonce(nonce)
    .seal(STOREPASS);
  const result = await auth(JSON.parse(vp.toString(true)) as unknown);
  expect(result.body.error?.message).toBeUndefined();
  expect(result.status).toBe(201);
  const info = await fetch(`${node.url}/api/v2/node/info`, {
    headers: { authorization: `Bearer ${result.body.token!}` },
  });
  expect(info.status).toBe(200);
}, 30_000);

test('the reference app-instance flow: AppIdCredential VP inside a JWT signed by the app instance', async () => {
  const userDoc = await root.newDid(STOREPASS, 1);
  await userDoc.publish(STOREPASS);
  const appInstanceDoc = await root.newDid(STOREPASS, 2); // never published: the node keeps the sign-in document
  const appDid = 'did:elastos:ic8pRXyAT3JqEXo4PzHQHv5rsoYyEyDwpB';
  const { iss, nonce } = await signin(JSON.parse(appInstanceDoc.toString(true)) as unknown);

  const issuer = await official.Issuer.create(userDoc);
  const vc = await issuer
    .issueFor(appInstanceDoc.getSubject())
    .id('#app-id-credential')
    .type('AppIdCredential')
    .properties({ appInstanceDid: appInstanceDoc.getSubject().toString(), appDid })
    .seal(STOREPASS);
  const vp = await (
    await official.VerifiablePresentation.createFor(appInstanceDoc.getSubject(), null, store)
  )
    .credentials(vc)
    .realm(iss)
    .nonce(nonce)
    .seal(STOREPASS);
  const jwt = await appInstanceDoc
    .jwtBuilder()
    .addHeader(official.JWTHeader.TYPE, official.JWTHeader.JWT_TYPE)
    .addHeader('version', '1.0')
    .setSubject('DIDAuthResponse')
    .setAudience(iss)
    .setIssuedAt(Math.floor(Date.now() / 1000))
    .setExpiration(Math.floor(Date.now() / 1000) + 60)
    .claimsWithJson('presentation', vp.toString(true))
    .sign(STOREPASS);
  const result = await auth(jwt);
  expect(result.body.error?.message).toBeUndefined();
  expect(result.status).toBe(201);
  const props = JSON.parse(String(decodeJwt(result.body.token!).claims.props)) as {
    userDid: string;
    appDid: string;
  };
  expect(props).toMatchObject({ userDid: userDoc.getSubject().toString(), appDid });
}, 30_000);
