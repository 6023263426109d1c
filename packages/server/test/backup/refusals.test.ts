/**
 * What is refused, with which error, between two real processes: a backup without a credential,
 * with an expired one, one issued by another user, one for another source node or another target,
 * a node that presents a credential about another node, and a backup over the backup plan's quota
 * (the job fails with a clear message and the backup node keeps nothing of it).
 */
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  bytesToBase64url,
  createDocument,
  createKeySigner,
  decodeJwt,
  generateKeyPair,
  normalizePresentation,
  type Signer,
} from '@cella/did';
import { CellaApiError, issueBackupCredential, type Vault } from '@cella/sdk';
import { spawnNode, type SpawnedNode } from '@cella/server/testing';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ALLOW_LOOPBACK, backupTokenFor, newUser, settled } from './helpers.js';
import { inspectBackupNode } from './inspect.js';

let primary: SpawnedNode;
let backupNode: SpawnedNode;
let tinyBackupNode: SpawnedNode;
let primaryDid: string;
let backupDid: string;
const plansFile = path.join(tmpdir(), `cella-tiny-backup-plans-${process.pid}.json`);

const basic = { name: 'Basic', maxStorage: 500, serviceDays: -1, amount: 0, currency: 'ELA' };

beforeAll(async () => {
  writeFileSync(
    plansFile,
    JSON.stringify({
      version: '1.0',
      pricingPlans: [basic],
      backupPlans: [{ ...basic, name: 'Tiny', maxStorage: 1 }],
    }),
  );
  [primary, backupNode, tinyBackupNode] = await Promise.all([
    spawnNode({ env: ALLOW_LOOPBACK }),
    spawnNode({ app: 'backup-node' }),
    spawnNode({ app: 'backup-node', env: { CELLA_PLANS_FILE: plansFile } }),
  ]);
  const probe = await newUser().on(primary.url);
  primaryDid = (await probe.node.info()).service_did;
  backupDid = (await (await newUser().on(backupNode.url)).node.info()).service_did;
});

afterAll(async () => {
  for (const node of [primary, backupNode, tinyBackupNode]) {
    if (!node) continue;
    await node.stop();
    rmSync(node.dataDir, { recursive: true, force: true });
  }
  rmSync(plansFile, { force: true });
});

async function refusal(promise: Promise<unknown>): Promise<CellaApiError> {
  const error = await promise.then(
    () => new Error('expected a refusal'),
    (e: unknown) => e,
  );
  if (!(error instanceof CellaApiError)) throw error as Error;
  return error;
}

async function userWithVault(): Promise<{ signer: Signer; did: string; vault: Vault }> {
  const user = newUser();
  const vault = await user.on(primary.url);
  await vault.subscription.subscribe();
  await vault.db.createCollection('notes');
  await vault.db.collection('notes').insert({ hello: 'world' });
  return { signer: user.signer, did: user.did, vault };
}

const credentialFor = (
  signer: Signer,
  overrides: Partial<Parameters<typeof issueBackupCredential>[1]> = {},
) =>
  issueBackupCredential(signer, {
    sourceNodeDid: primaryDid,
    targetNodeDid: backupDid,
    targetUrl: backupNode.url,
    ...overrides,
  });

describe('starting a backup is refused', () => {
  test('without a credential (400)', async () => {
    const { vault } = await userWithVault();
    const error = await refusal(vault.backup.start({ credential: '' }));
    expect(error).toMatchObject({ status: 400, code: 'INVALID_PARAMETER' });
    expect(error.message).toMatch(/credential/);
    const missing = await fetch(`${primary.url}/api/v2/vault/backup`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await vault.session.token()}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { error: { message: string } }).error.message).toMatch(/credential/);
    expect((await vault.backup.state()).state).toBe('idle');
  });

  test('with an expired credential (401)', async () => {
    const { signer, vault } = await userWithVault();
    const credential = await credentialFor(signer, {
      now: new Date(Date.now() - 3 * 86400_000),
      expiresInSeconds: 86400,
    });
    const error = await refusal(vault.backup.start({ credential }));
    expect(error.status).toBe(401);
    expect(error.message).toMatch(/backup credential was refused: .*expired/);
  });

  test('with a credential issued by another user (401)', async () => {
    const { vault } = await userWithVault();
    const other = newUser();
    const error = await refusal(vault.backup.start({ credential: await credentialFor(other.signer) }));
    expect(error.status).toBe(401);
    expect(error.message).toContain(`it was issued by ${other.did}, not by you`);
  });

  test('with a credential for another source node (401)', async () => {
    const { signer, vault } = await userWithVault();
    const error = await refusal(
      vault.backup.start({
        credential: await credentialFor(signer, { sourceNodeDid: backupDid, targetNodeDid: primaryDid }),
      }),
    );
    expect(error.status).toBe(401);
    expect(error.message).toContain(`it authorises the node ${backupDid}, not this node (${primaryDid})`);
  });

  test('with a credential for another target: the backup node refuses the primary, the job fails with its reason', async () => {
    const { signer, vault } = await userWithVault();
    const elsewhere = createKeySigner(generateKeyPair().privateKey).did;
    const started = await vault.backup.start({
      credential: await credentialFor(signer, { targetNodeDid: elsewhere }),
    });
    expect(started.result).toBe('running');
    const final = await settled(vault);
    expect(final.result).toBe('failed');
    expect(final.message).toContain(
      `the node at ${backupNode.url} is ${backupDid}, not the backup node named in the credential (${elsewhere})`,
    );
  });
});

describe('the backup node refuses', () => {
  test('a node that presents a credential about another node (401)', async () => {
    const { signer } = await userWithVault();
    const credential = await credentialFor(signer); // about the primary
    // A rogue node signs in with its own DID and presents the primary's credential.
    const rogue = createKeySigner(generateKeyPair().privateKey);
    const signin = await fetch(`${backupNode.url}/api/v2/did/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ document: await createDocument(rogue) }),
    });
    const { challenge } = (await signin.json()) as { challenge: string };
    const nonce = String(decodeJwt(challenge).claims.nonce);
    const created = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
    const draft = normalizePresentation({
      type: ['VerifiablePresentation'],
      holder: rogue.did,
      created,
      verifiableCredential: [credential],
      proof: { created, verificationMethod: rogue.keyId, realm: backupDid, nonce, signature: 'unsigned' },
    });
    const { proof, ...body } = draft;
    const input = new TextEncoder().encode(JSON.stringify(body).normalize('NFC') + backupDid + nonce);
    const presentation = {
      ...draft,
      proof: { ...proof, signature: bytesToBase64url(await rogue.sign(input)) },
    };
    const answer = await fetch(`${backupNode.url}/api/v2/did/backup_auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ challenge_response: presentation }),
    });
    expect(answer.status).toBe(401);
    expect(((await answer.json()) as { error: { message: string } }).error.message).toMatch(
      /backup sign-in was refused: .*(not the holder|about )/,
    );
  });

  test('the internal API without a backup token (401), and with a user access token (401)', async () => {
    const bare = await fetch(`${backupNode.url}/api/v2/vault-backup-service/state`);
    expect(bare.status).toBe(401);
    const there = await newUser().on(backupNode.url);
    const asUser = await fetch(`${backupNode.url}/api/v2/vault-backup-service/state`, {
      headers: { authorization: `Bearer ${await there.session.token()}` },
    });
    expect(asUser.status).toBe(401);
    expect(((await asUser.json()) as { error: { message: string } }).error.message).toMatch(/backup token/);
  });

  test('a calling node naming strings that are no CIDs (400, was 500)', async () => {
    const token = await backupTokenFor(backupNode.url, newUser('key').signer);
    const call = async (route: string, body: unknown) => {
      const response = await fetch(`${backupNode.url}/api/v2/vault-backup-service/${route}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as { error?: { message: string } } };
    };
    // Of the CID alphabet, as the contract's pattern asks, but no CID.
    const missing = await call('blocks/missing', { cids: ['b5je4gajzmtz'] });
    expect(missing).toEqual({
      status: 400,
      body: { error: { message: 'not a CID: b5je4gajzmtz', internal_code: 1 } },
    });
    const begun = await call('begin', { bytes: 10 });
    expect(begun.status).toBe(201);
    const attempt = (begun.body as unknown as { attempt_id: string }).attempt_id;
    const held = await call('roots', { attempt_id: attempt, cids: ['b5je4gajzmtz'] });
    expect(held.status).toBe(400);
    expect(held.body.error?.message).toBe('not a CID: b5je4gajzmtz');
  });

  test("a backup over the backup plan's quota: the job fails with a clear message, nothing of it is kept", async () => {
    const { signer, vault } = await userWithVault();
    await vault.files.upload('big.bin', new Uint8Array(2 * 1024 * 1024).fill(7));
    const tinyDid = (await (await newUser().on(tinyBackupNode.url)).node.info()).service_did;
    const credential = await credentialFor(signer, { targetNodeDid: tinyDid, targetUrl: tinyBackupNode.url });
    await vault.backup.start({ credential });
    const final = await settled(vault);
    expect(final.result).toBe('failed');
    expect(final.message).toMatch(
      /backup failed: .*needs \d+ bytes but the backup plan "Tiny" on the backup node allows 1048576 bytes/,
    );
    const tinyView = await newUser().on(tinyBackupNode.url);
    expect((await tinyView.backup.state()).state).toBe('idle');
    await tinyBackupNode.stop();
    const seen = await inspectBackupNode(tinyBackupNode.dataDir, { sweep: true });
    expect(seen.records.every((r) => r.current === null && r.pending === null)).toBe(true);
    expect(seen.holders).toEqual([]);
    expect(seen.pins).toEqual([]);
    expect(seen.blocks).toBe(0);
  });
});
