/**
 * The sign-in test vector published in the API reference and docs/did.md (`signInVector` of
 * `@cella/openapi`) is true: recomputed from its fixed inputs it is the same byte for byte; its
 * signatures verify with node:crypto over exactly the bytes it says are signed (no Cella code
 * involved); and a node with the vector's key, its clock at the vector's time, accepts the
 * vector's document and presentation over HTTP and serves the token it answers.
 */
import { createHash, createPublicKey, verify as verifySignature, type KeyObject } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildOpenApiDocument, signInVector as v } from '@cella/openapi';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig, startNode, type CellaNode } from '../../src/index.js';
import { buildSignInVector } from './sign-in-vector-build.js';

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/** A P-256 public key from its 33-byte compressed form, for node:crypto (SPKI DER). */
function p256Key(compressedHex: string): KeyObject {
  const spkiPrefix = Buffer.from('3039301306072a8648ce3d020106082a8648ce3d030107032200', 'hex');
  return createPublicKey({
    key: Buffer.concat([spkiPrefix, Buffer.from(compressedHex, 'hex')]),
    format: 'der',
    type: 'spki',
  });
}

/** ECDSA P-256 over SHA-256, signature as raw r ‖ s: what the vector says every signature is. */
const verifies = (key: KeyObject, signed: string, signatureBase64url: string): boolean =>
  verifySignature(
    'sha256',
    Buffer.from(signed, 'utf8'),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signatureBase64url, 'base64url'),
  );

describe('the sign-in test vector', () => {
  test('is what its fixed inputs give, byte for byte', async () => {
    expect(v.inputs.userPrivateKeyHex).toBe(sha256('cella sign-in test vector: user key').toString('hex'));
    expect(v.inputs.nodePrivateKeyHex).toBe(sha256('cella sign-in test vector: node key').toString('hex'));
    expect(await buildSignInVector(v.inputs)).toEqual(v);
  });

  test('its signatures verify over exactly the bytes it names, checked with node:crypto alone', () => {
    const user = p256Key(v.user.publicKeyHex);
    const node = p256Key(v.node.publicKeyHex);
    const document = JSON.parse(v.document.json) as { proof: { signatureValue: string } };
    expect(verifies(user, v.document.signedText, document.proof.signatureValue)).toBe(true);
    expect(sha256(v.document.signedText).toString('hex')).toBe(v.document.signedSha256Hex);

    const [header, claims, signature] = v.challenge.jwt.split('.') as [string, string, string];
    expect(Buffer.from(header, 'base64url').toString()).toBe(v.challenge.headerJson);
    expect(Buffer.from(claims, 'base64url').toString()).toBe(v.challenge.claimsJson);
    expect(verifies(node, `${header}.${claims}`, signature)).toBe(true);

    const presentation = JSON.parse(v.presentation.json) as { proof: { signature: string } };
    expect(verifies(user, v.presentation.signedText, presentation.proof.signature)).toBe(true);
    expect(Buffer.from(presentation.proof.signature, 'base64url').toString('hex')).toBe(
      v.presentation.signatureRHex + v.presentation.signatureSHex,
    );
    // A changed byte does not verify: the text is exactly what is signed.
    expect(verifies(user, `${v.presentation.signedText} `, presentation.proof.signature)).toBe(false);
  });

  test('is the example of the sign-in requests and answers in the OpenAPI document', () => {
    type Example = { value?: unknown; $ref?: string };
    const document = buildOpenApiDocument() as unknown as {
      paths: Record<
        string,
        {
          post: {
            requestBody: { content: Record<string, { examples: Record<string, Example> }> };
            responses: Record<string, { content?: Record<string, { examples: Record<string, Example> }> }>;
          };
        }
      >;
      components: { examples: Record<string, Example> };
    };
    const values = (examples: Record<string, Example>) =>
      Object.values(examples).map(
        (e) => (e.$ref ? document.components.examples[e.$ref.split('/').pop()!]! : e).value,
      );
    const operation = (p: string) => document.paths[p]!.post;
    const request = (p: string) => values(operation(p).requestBody.content['application/json']!.examples);
    expect(request('/api/v2/did/signin')).toEqual([{ document: JSON.parse(v.document.json) }]);
    expect(request('/api/v2/did/auth')).toEqual([{ challenge_response: JSON.parse(v.presentation.json) }]);
    expect(
      values(operation('/api/v2/did/signin').responses['201']!.content!['application/json']!.examples),
    ).toEqual([{ challenge: v.challenge.jwt }]);
  });
});

describe("a node with the vector's key, at the vector's time", () => {
  let node: CellaNode;
  let dataDir: string;
  const issued = Date.parse(v.inputs.challengeIssued);
  let now = issued;
  const post = (route: string, body: unknown) =>
    fetch(`${node.url}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'cella-vector-'));
    mkdirSync(path.join(dataDir, 'identity'), { mode: 0o700 });
    writeFileSync(
      path.join(dataDir, 'identity', 'node-key.json'),
      JSON.stringify({ version: 1, did: v.node.did, privateKey: v.inputs.nodePrivateKeyHex }),
      { mode: 0o600 },
    );
    node = await startNode(loadConfig({}, { port: 0, dataDir, logLevel: 'silent' }), { clock: () => now });
  });
  afterAll(async () => {
    await node?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('answers the vector document with the vector challenge (but its own nonce), accepts the vector presentation once, and serves its token', async () => {
    expect(node.ctx.identity.did).toBe(v.node.did);

    const signin = await post('/api/v2/did/signin', { document: JSON.parse(v.document.json) });
    expect(signin.status).toBe(201);
    const { challenge } = (await signin.json()) as { challenge: string };
    const [header, claims] = challenge
      .split('.')
      .slice(0, 2)
      .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()));
    expect(header).toEqual(JSON.parse(v.challenge.headerJson));
    expect({ ...claims, nonce: undefined }).toEqual({
      ...JSON.parse(v.challenge.claimsJson),
      nonce: undefined,
    });

    // The vector's nonce, as if the node had drawn it for this challenge (nonces are random).
    const vectorClaims = JSON.parse(v.challenge.claimsJson) as { exp: number };
    await node.ctx.nodeDb
      .collection('auth_nonces')
      .insertMany([{ _id: v.inputs.nonce, did: v.user.did, expiresAt: vectorClaims.exp }]);

    now = Date.parse(v.inputs.presentationCreated);
    const authRequest = { challenge_response: JSON.parse(v.presentation.json) };
    const auth = await post('/api/v2/did/auth', authRequest);
    expect(auth.status).toBe(201);
    const { token, exp } = (await auth.json()) as { token: string; exp: number };
    expect(exp).toBe(now / 1000 + 7 * 86_400);

    const vault = await fetch(`${node.url}/api/v2/subscription/vault`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(vault.status).toBe(200);
    expect(((await vault.json()) as { service_did: string }).service_did).toBe(v.node.did);

    // The nonce was consumed: the same presentation is refused.
    const again = await post('/api/v2/did/auth', authRequest);
    expect(again.status).toBe(401);
    expect(((await again.json()) as { error: { message: string } }).error.message).toMatch(/already used/);
  });

  test('accepts the did:key form of the same key: its implied document, no proof', async () => {
    const signin = await post('/api/v2/did/signin', { document: JSON.parse(v.didKey.documentJson) });
    expect(signin.status).toBe(201);
    const { challenge } = (await signin.json()) as { challenge: string };
    const claims = JSON.parse(Buffer.from(challenge.split('.')[1]!, 'base64url').toString()) as {
      aud: string;
    };
    expect(claims.aud).toBe(v.didKey.did);
  });
});
