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
import { bytesToBase64url, createKeySigner, hexToBytes } from '@cella/did';
import { buildOpenApiDocument, signInProtocolMarkdown, signInVector as v } from '@cella/openapi';
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

/** The order of P-256: a signature (r, s) is low-S when s ≤ n/2; (r, n − s) is its equally valid twin. */
const P256_N = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n;
const sOf = (signature: string) =>
  BigInt(`0x${Buffer.from(signature, 'base64url').subarray(32).toString('hex')}`);
/** The high-S twin of a low-S signature. */
function twin(signature: string): string {
  const bytes = Buffer.from(signature, 'base64url');
  const s = (P256_N - sOf(signature)).toString(16).padStart(64, '0');
  return Buffer.concat([bytes.subarray(0, 32), Buffer.from(s, 'hex')]).toString('base64url');
}

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

  test('its signatures are low-S, as the text beside it says, and their high-S twins verify too', () => {
    const signatures = [
      (JSON.parse(v.document.json) as { proof: { signatureValue: string } }).proof.signatureValue,
      v.challenge.jwt.split('.')[2]!,
      (JSON.parse(v.presentation.json) as { proof: { signature: string } }).proof.signature,
    ];
    for (const signature of signatures) expect(sOf(signature) <= P256_N / 2n).toBe(true);
    const user = p256Key(v.user.publicKeyHex);
    expect(verifies(user, v.presentation.signedText, twin(signatures[2]!))).toBe(true);
    expect(v.presentation.signatureSHex).toBe(sOf(signatures[2]!).toString(16).padStart(64, '0'));
    expect(signInProtocolMarkdown).toMatch(/low-S/);
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

  test('refuses a created time with milliseconds signed as such (400, saying why), and accepts the high-S twin of the vector', async () => {
    const vectorClaims = JSON.parse(v.challenge.claimsJson) as { exp: number };
    await node.ctx.nodeDb
      .collection('auth_nonces')
      .insertMany([{ _id: v.inputs.nonce, did: v.user.did, expiresAt: vectorClaims.exp }]);
    now = Date.parse(v.inputs.presentationCreated);
    const presentation = JSON.parse(v.presentation.json) as Record<string, unknown> & {
      proof: Record<string, unknown>;
    };

    // What `toISOString()` gives, signed as it is sent: the signed form has whole seconds.
    const created = new Date(now).toISOString();
    expect(created).toMatch(/\.000Z$/);
    const { proof: _proof, ...body } = { ...presentation, created };
    const signer = createKeySigner(hexToBytes(v.inputs.userPrivateKeyHex));
    const signed = new TextEncoder().encode(`${JSON.stringify(body)}${v.node.did}${v.inputs.nonce}`);
    const withMs = {
      ...body,
      proof: { ...presentation.proof, created, signature: bytesToBase64url(await signer.sign(signed)) },
    };
    const refused = await post('/api/v2/did/auth', { challenge_response: withMs });
    expect(refused.status).toBe(400);
    const { error } = (await refused.json()) as { error: { message: string; internal_code: number } };
    expect(error.internal_code).toBe(1);
    expect(error.message).toMatch(
      /created .*\.000Z has fractional seconds.*whole seconds \(2026-03-02T09:30:01Z\)/,
    );

    // The refusal left the challenge usable; any valid signature is accepted, high-S included.
    const highS = {
      ...presentation,
      proof: { ...presentation.proof, signature: twin(presentation.proof.signature as string) },
    };
    expect((await post('/api/v2/did/auth', { challenge_response: highS })).status).toBe(201);
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
