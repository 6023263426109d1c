/**
 * Sign-in end to end over HTTP (spec §2, §5): the SDK's handshake for did:elastos and did:key users,
 * and every refusal a client can provoke, each a 401 (or 400 for malformed input), never a 500.
 */
import { readFileSync } from 'node:fs';
import {
  bytesToBase64url,
  createDocument,
  createKeySigner,
  createPresentation,
  decodeJwt,
  generateKeyPair,
  hexToBytes,
  signJwt,
  type Signer,
} from '@cella/did';
import { startIdChainStandIn, type IdChainStandIn } from '@cella/did/stand-in';
import { CellaApiError, connect, createDevIdentity } from '@cella/sdk';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { identityFile } from '../../src/auth/node-identity.js';
import { startTempNode, type TempNode } from '../helpers/temp-node.js';

let chain: IdChainStandIn;
let node: TempNode;

beforeAll(async () => {
  chain = await startIdChainStandIn();
  node = await startTempNode({ eidRpcUrl: chain.url, challengeTtlSeconds: 2 });
});
afterAll(async () => {
  await node?.stop();
  await chain?.close();
});

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${node.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

async function getInfo(token: string) {
  const response = await fetch(`${node.url}/api/v2/node/info`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

async function challengeFor(signer: Signer) {
  const document = await createDocument(signer);
  const { status, body } = await post('/api/v2/did/signin', { document });
  expect(status).toBe(201);
  const { claims } = decodeJwt(body.challenge as string);
  return {
    challenge: body.challenge as string,
    nonce: claims.nonce as string,
    realm: claims.iss as string,
    claims,
  };
}

async function signInManually(signer: Signer) {
  const { nonce, realm } = await challengeFor(signer);
  const vp = await createPresentation(signer, { realm, nonce });
  return post('/api/v2/did/auth', { challenge_response: vp });
}

function expectRefused(
  result: { status: number; body: Record<string, any> },
  status: 400 | 401,
  message?: RegExp,
) {
  expect(result.status).toBe(status);
  expect(result.body.error.message).toEqual(expect.any(String));
  if (message) expect(result.body.error.message).toMatch(message);
}

describe('signing in', () => {
  test('a did:elastos user signs in through the SDK and reaches an authenticated endpoint', async () => {
    const user = createDevIdentity('elastos');
    await chain.publishDocument(user.signer, await createDocument(user.signer));
    const vault = await connect({ url: node.url, signer: user.signer });
    const info = await vault.node.info();
    expect(info.service_did).toMatch(/^did:elastos:i/);
  });

  test('a did:key user signs in through the SDK', async () => {
    const user = createDevIdentity('key');
    expect(user.did).toMatch(/^did:key:zDn/);
    const vault = await connect({ url: node.url, signer: user.signer });
    expect((await vault.node.info()).role).toBe('both');
  });

  test('an unpublished did:elastos user signs in with the document it presents', async () => {
    const user = createDevIdentity('elastos');
    const vault = await connect({ url: node.url, signer: user.signer });
    expect((await vault.node.info()).role).toBe('both');
  });

  test('the challenge carries exactly the spec claims and the token its expiry', async () => {
    const signer = createDevIdentity().signer;
    const { claims } = await challengeFor(signer);
    expect(claims).toMatchObject({
      iss: expect.stringMatching(/^did:elastos:/),
      sub: 'DIDAuthChallenge',
      aud: signer.did,
      nonce: expect.any(String),
    });
    expect(claims.exp! - claims.iat!).toBe(2);
    const result = await signInManually(signer);
    expect(result.status).toBe(201);
    expect(result.body.exp).toBeGreaterThan(Date.now() / 1000 + 6 * 86400);
    expect(decodeJwt(result.body.token as string).claims.exp).toBe(result.body.exp);
  });

  test('the reference form `Authorization: token <jwt>` is accepted', async () => {
    const { body } = await signInManually(createDevIdentity().signer);
    const response = await fetch(`${node.url}/api/v2/node/info`, {
      headers: { authorization: `token ${body.token as string}` },
    });
    expect(response.status).toBe(200);
  });

  test('the reference challenge_response JWT wrapping the presentation is accepted', async () => {
    const signer = createDevIdentity().signer;
    const { nonce, realm } = await challengeFor(signer);
    const vp = await createPresentation(signer, { realm, nonce });
    const jwt = await signJwt(signer, {
      sub: 'DIDAuthResponse',
      aud: realm,
      exp: Math.floor(Date.now() / 1000) + 60,
      presentation: vp,
    });
    const result = await post('/api/v2/did/auth', { challenge_response: jwt });
    expect(result.status).toBe(201);
  });
});

describe('refusals', () => {
  test('an expired challenge', async () => {
    const signer = createDevIdentity().signer;
    const { nonce, realm } = await challengeFor(signer);
    await new Promise((r) => setTimeout(r, 3100));
    const vp = await createPresentation(signer, { realm, nonce });
    expectRefused(await post('/api/v2/did/auth', { challenge_response: vp }), 401, /expired/);
  });

  test('a reused nonce', async () => {
    const signer = createDevIdentity().signer;
    const { nonce, realm } = await challengeFor(signer);
    const vp = await createPresentation(signer, { realm, nonce });
    expect((await post('/api/v2/did/auth', { challenge_response: vp })).status).toBe(201);
    expectRefused(await post('/api/v2/did/auth', { challenge_response: vp }), 401, /already used|unknown/);
  });

  test("the nonce of another DID's challenge", async () => {
    const alice = createDevIdentity().signer;
    const mallory = createDevIdentity().signer;
    await challengeFor(mallory); // mallory's own document is known to the node
    const { nonce, realm } = await challengeFor(alice);
    const vp = await createPresentation(mallory, { realm, nonce });
    expectRefused(await post('/api/v2/did/auth', { challenge_response: vp }), 401, /another DID/);
  });

  test('a nonce that was never issued', async () => {
    const signer = createDevIdentity().signer;
    const { realm } = await challengeFor(signer);
    const vp = await createPresentation(signer, { realm, nonce: 'not-a-real-nonce' });
    expectRefused(await post('/api/v2/did/auth', { challenge_response: vp }), 401);
  });

  test('a wrong realm', async () => {
    const signer = createDevIdentity().signer;
    const { nonce } = await challengeFor(signer);
    const vp = await createPresentation(signer, {
      realm: 'did:elastos:iSomeOtherNodeXXXXXXXXXXXXXXXXXXXX',
      nonce,
    });
    expectRefused(await post('/api/v2/did/auth', { challenge_response: vp }), 401, /realm/);
  });

  test('a presentation signed by another key', async () => {
    const signer = createDevIdentity().signer;
    const { nonce, realm } = await challengeFor(signer);
    const vp = await createPresentation(signer, { realm, nonce });
    const other = createDevIdentity().signer;
    const forged = await createPresentation(other, { realm, nonce });
    const tampered = { ...vp, proof: { ...vp.proof, signature: forged.proof.signature } };
    expectRefused(await post('/api/v2/did/auth', { challenge_response: tampered }), 401, /signature|verify/);
  });

  test('a tampered DID document', async () => {
    const signer = createDevIdentity().signer;
    const document = await createDocument(signer);
    const tampered = { ...document, expires: '2099-01-01T00:00:00Z' };
    const result = await post('/api/v2/did/signin', { document: tampered });
    expect([400, 401]).toContain(result.status);
    expect(result.body.error.message).toMatch(/refused/);
    const swappedKey = {
      ...document,
      publicKey: [
        {
          ...document.publicKey![0]!,
          publicKeyBase58: (await createDocument(createDevIdentity().signer)).publicKey![0]!.publicKeyBase58,
        },
      ],
    };
    expect([400, 401]).toContain((await post('/api/v2/did/signin', { document: swappedKey })).status);
  });

  test('a DID deactivated on the identity chain', async () => {
    const user = createDevIdentity();
    await chain.publishDocument(user.signer, await createDocument(user.signer));
    const { nonce, realm } = await challengeFor(user.signer);
    await chain.deactivate(user.signer);
    const vp = await createPresentation(user.signer, { realm, nonce });
    expectRefused(await post('/api/v2/did/auth', { challenge_response: vp }), 401, /deactivated/);
  });

  test('an expired token, a token of another node, for another audience, and alg none', async () => {
    const { privateKey: nodeKeyHex } = JSON.parse(readFileSync(identityFile(node.dataDir), 'utf8')) as {
      privateKey: string;
    };
    const nodeSigner = createKeySigner(hexToBytes(nodeKeyHex));
    const user = createDevIdentity().did;
    const now = Math.floor(Date.now() / 1000);
    const props = JSON.stringify({ userDid: user });
    const good = { iss: nodeSigner.did, sub: 'AccessToken', aud: user, iat: now, exp: now + 600, props };
    expect((await getInfo(await signJwt(nodeSigner, good))).status).toBe(200); // the control

    const expired = await signJwt(nodeSigner, { ...good, iat: now - 1000, exp: now - 10 });
    expectRefused(await getInfo(expired), 401, /expired/);

    const otherNode = createKeySigner(generateKeyPair().privateKey);
    expectRefused(await getInfo(await signJwt(otherNode, { ...good, iss: otherNode.did })), 401);
    expectRefused(await getInfo(await signJwt(otherNode, good)), 401); // claims this node, signed by another

    expectRefused(
      await getInfo(await signJwt(nodeSigner, { ...good, aud: createDevIdentity().did })),
      401,
      /audience/,
    );
    expectRefused(await getInfo(await signJwt(nodeSigner, { ...good, sub: 'DIDAuthChallenge' })), 401);

    const header = bytesToBase64url(new TextEncoder().encode(JSON.stringify({ alg: 'none', typ: 'JWT' })));
    const payload = bytesToBase64url(new TextEncoder().encode(JSON.stringify(good)));
    expectRefused(await getInfo(`${header}.${payload}.`), 401);
    expectRefused(await getInfo(`${header}.${payload}`), 401);
  });

  test('a challenge JWT is not an access token', async () => {
    const { challenge } = await challengeFor(createDevIdentity().signer);
    expectRefused(await getInfo(challenge), 401);
  });

  test('garbage in every field is a 400 or 401, never a 500', async () => {
    const garbage: unknown[] = [
      null,
      0,
      'x',
      '',
      [],
      {},
      { id: 5 },
      'a.b.c',
      '\u0000',
      'e30.e30.e30',
      { type: 'VerifiablePresentation' },
      'x'.repeat(10000),
    ];
    for (const value of garbage) {
      for (const [path, field] of [
        ['/api/v2/did/signin', 'document'],
        ['/api/v2/did/signin', 'id'],
        ['/api/v2/did/auth', 'challenge_response'],
      ] as const) {
        const result = await post(path, { [field]: value });
        expect([400, 401], `${path} ${field}=${JSON.stringify(value).slice(0, 40)}`).toContain(result.status);
        expect(result.body.error.message).toEqual(expect.any(String));
      }
    }
    for (const raw of [
      '[]',
      '"string"',
      '42',
      'null',
      '{"document": {"id": "did:elastos:x", "publicKey": "nope"}}',
    ]) {
      const result = await post('/api/v2/did/signin', raw);
      expect([400, 401], raw).toContain(result.status);
    }
  });

  test('the SDK signs in again when its token is refused, and retries once', async () => {
    const user = createDevIdentity();
    const vault = await connect({ url: node.url, signer: user.signer });
    const first = await vault.session.token();
    await vault.session.invalidate(first); // as if the node had refused it
    await expect(vault.node.info()).resolves.toMatchObject({ role: 'both' });
    const error = await connect({
      url: node.url,
      signer: { ...user.signer, sign: async () => new Uint8Array(64) },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CellaApiError);
    expect(error).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
  });
});
