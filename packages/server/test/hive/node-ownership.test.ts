/**
 * The node's owner (`CELLA_NODE_CREDENTIAL`, the reference's NODE_CREDENTIAL): checked at start,
 * shown in node info as a presentation by the node's DID, and the only caller the provider
 * endpoints answer.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  bytesToBase58,
  bytesToHex,
  createKeySigner,
  generateKeyPair,
  issueCredential,
  SelfCertifyingResolver,
  verifyPresentation,
  type DIDDocument,
} from '@cella/did';
import { connect, createDevIdentity } from '@cella/sdk';
import { afterAll, describe, expect, test } from 'vitest';
import { loadConfig, startNode, type CellaNode } from '../../src/index.js';

const dirs: string[] = [];
const nodes: CellaNode[] = [];
afterAll(async () => {
  for (const node of nodes) await node.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A data dir with the node's key already in it (as an operator may bring one); returns the node DID. */
function provisioned(): { dataDir: string; nodeDid: string } {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cella-owned-'));
  dirs.push(dataDir);
  const { privateKey } = generateKeyPair();
  const nodeDid = createKeySigner(privateKey).did;
  mkdirSync(path.join(dataDir, 'identity'), { recursive: true, mode: 0o700 });
  writeFileSync(
    path.join(dataDir, 'identity', 'node-key.json'),
    JSON.stringify({ version: 1, did: nodeDid, privateKey: bytesToHex(privateKey) }),
    { mode: 0o600 },
  );
  return { dataDir, nodeDid };
}

async function start(dataDir: string, nodeCredential?: string): Promise<CellaNode> {
  const config = loadConfig(
    {},
    { port: 0, dataDir, logLevel: 'silent', ...(nodeCredential ? { nodeCredential } : {}) },
  );
  const node = await startNode(config);
  nodes.push(node);
  return node;
}

const ownerCredential =
  (owner = createDevIdentity('key'), subject?: string) =>
  async (nodeDid: string) =>
    issueCredential(owner.signer, {
      id: '#hive-node-owner',
      types: ['HiveNodeOwnerCredential'],
      subject: { id: subject ?? nodeDid },
    });

describe('the node owner', () => {
  test("node info names the owner and carries a presentation by the node holding the owner's credential; only the owner reaches /provider", async () => {
    const owner = createDevIdentity('key');
    const { dataDir, nodeDid } = provisioned();
    const credential = await ownerCredential(owner)(nodeDid);
    const node = await start(dataDir, JSON.stringify(credential));
    const user = await connect({ url: node.url, signer: createDevIdentity('key').signer });
    const info = await user.node.info();
    expect(info.owner_did).toBe(owner.did);
    const nodeDocuments = new Map<string, DIDDocument>([[nodeDid, node.ctx.identity.document]]);
    const verified = await verifyPresentation(info.ownership_presentation, {
      resolver: new SelfCertifyingResolver({ documents: nodeDocuments }),
      realm: nodeDid,
    });
    expect(verified.holder).toBe(nodeDid);
    expect(verified.credentials.map((c) => [c.issuer, c.types.includes('HiveNodeOwnerCredential')])).toEqual([
      [owner.did, true],
    ]);
    expect(info).toMatchObject({ vault_count: expect.any(Number), memory_total: expect.any(Number) });

    const ownerVault = await connect({ url: node.url, signer: owner.signer });
    await ownerVault.subscription.subscribe();
    const token = async (vault: typeof user) => ({ authorization: `Bearer ${await vault.session.token()}` });
    const asOwner = await fetch(`${node.url}/api/v2/provider/vaults`, { headers: await token(ownerVault) });
    expect(asOwner.status).toBe(200);
    expect((await asOwner.json()).vaults.map((v: { user_did: string }) => v.user_did)).toContain(owner.did);
    expect((await fetch(`${node.url}/api/v2/provider/vaults`, { headers: await token(user) })).status).toBe(
      403,
    );
  });

  test("the reference's base58 form of the credential is accepted", async () => {
    const owner = createDevIdentity('key');
    const { dataDir, nodeDid } = provisioned();
    const credential = await ownerCredential(owner)(nodeDid);
    const node = await start(dataDir, bytesToBase58(new TextEncoder().encode(JSON.stringify(credential))));
    expect(node.ctx.ownership.ownerDid).toBe(owner.did);
  });

  test('a credential issued to another DID, or altered, stops the node at start with the reason', async () => {
    const { dataDir, nodeDid } = provisioned();
    const elsewhere = await ownerCredential(undefined, createDevIdentity('key').did)(nodeDid);
    await expect(start(dataDir, JSON.stringify(elsewhere))).rejects.toThrow(/not to this node/);
    const altered = { ...(await ownerCredential()(nodeDid)), issuer: createDevIdentity('key').did };
    await expect(start(dataDir, JSON.stringify(altered))).rejects.toThrow(
      /CELLA_NODE_CREDENTIAL does not verify/,
    );
  });

  test('without a credential the node has no owner: an empty presentation, and /provider refuses everyone', async () => {
    const { dataDir } = provisioned();
    const node = await start(dataDir);
    const user = await connect({ url: node.url, signer: createDevIdentity('key').signer });
    const info = await user.node.info();
    expect(info.owner_did).toBe('');
    expect(info.ownership_presentation.verifiableCredential).toEqual([]);
    const headers = { authorization: `Bearer ${await user.session.token()}` };
    expect((await fetch(`${node.url}/api/v2/provider/backups`, { headers })).status).toBe(403);
  });
});
