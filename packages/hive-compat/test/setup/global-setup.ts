/**
 * Once per run, before any test file: everything a Hive dApp's world needs, all real processes on
 * loopback.
 *
 * - the identity-chain stand-in (`@cella/did/stand-in`: a test double of the EID chain's DID
 *   JSON-RPC, which cannot run here) that the nodes, the DID SDK and the Hive SDK resolve through;
 * - a dev chain (anvil with the payment contract) for paid plans;
 * - a Cella vault node (`apps/node`) and a Cella backup node (`apps/backup-node`), both pointed at
 *   the stand-in and the dev chain, both owned by a published owner DID. Each node's key is
 *   provisioned in its data dir before the start (`identity/node-key.json`, as an operator may
 *   bring their own), so the owner can issue the node's `HiveNodeOwnerCredential` first; the node
 *   gets it in `CELLA_NODE_CREDENTIAL` (the reference's `NODE_CREDENTIAL`);
 * - a published application DID whose document carries a self-proclaimed `#appinfo` credential
 *   (what the reference node reads for app stats).
 *
 * Test files read the addresses with `inject()` (see `ProvidedContext` in support/env.ts).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startDevChain, type DevChain } from '@cella/contracts-abi/dev-chain';
import { bytesToHex, createKeySigner, generateKeyPair } from '@cella/did';
import { startIdChainStandIn, type IdChainStandIn } from '@cella/did/stand-in';
import { assertCleanLog, spawnNode, type SpawnedNode } from '@cella/server/testing';
import { DIDBackend, DefaultDIDAdapter, Logger as DidLogger } from '@elastosfoundation/did-js-sdk';
import type { TestProject } from 'vitest/node';
import { IdentityWallet, STOREPASS } from '../support/identities.js';
import { compatPlans, type CompatWorld } from '../support/world.js';

const NODE_NAME = 'Cella hive-compat vault';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const root = mkdtempSync(path.join(tmpdir(), 'cella-hive-compat-'));
  const started: { standIn?: IdChainStandIn; chain?: DevChain; nodes: SpawnedNode[] } = { nodes: [] };
  const teardown = async () => {
    await Promise.allSettled(started.nodes.map((node) => node.stop()));
    await started.chain?.stop();
    await started.standIn?.close();
    rmSync(root, { recursive: true, force: true });
  };
  try {
    DidLogger.setLevel(DidLogger.ERROR);
    const standIn = (started.standIn = await startIdChainStandIn());
    DIDBackend.initialize(new DefaultDIDAdapter(`${standIn.url}/resolve`));
    const chain = (started.chain = await startDevChain());

    // The node owner (an operator's DID) and a dApp developer's application DID.
    const owner = await IdentityWallet.create(path.join(root, 'owner-wallet'), standIn.url);
    const ownerDoc = await owner.newDid(0);
    await owner.publish(ownerDoc);
    const ownerDid = ownerDoc.getSubject().toString();
    const app = await publishApplication(path.join(root, 'developer-wallet'), standIn.url);

    const plansFile = path.join(root, 'plans.json');
    writeFileSync(plansFile, JSON.stringify(compatPlans));
    const env = {
      CELLA_EID_RPC_URL: standIn.url,
      CELLA_ESC_RPC_URL: chain.rpcUrl,
      CELLA_ESC_CHAIN_ID: String(chain.chainId),
      CELLA_PAYMENT_CONTRACT: chain.contractAddress,
      CELLA_PAYMENT_RECEIVING_ADDRESS: chain.accounts[1]!.address,
      CELLA_PLANS_FILE: plansFile,
      CELLA_LOG_LEVEL: 'warn',
      // The two nodes talk over loopback: the vault node may call the backup node there.
      CELLA_OUTBOUND_ALLOW: '127.0.0.1',
    };
    const vaultDir = path.join(root, 'vault-node');
    const backupDir = path.join(root, 'backup-node');
    const vaultDid = provisionNodeKey(vaultDir);
    const backupDid = provisionNodeKey(backupDir);
    const ownership = async (nodeDid: string) =>
      (
        await owner.issue(ownerDid, nodeDid, {
          id: '#hive-node-owner',
          types: ['HiveNodeOwnerCredential', 'VerifiableCredential'],
          properties: {},
        })
      ).toString(true);
    const spawned = await Promise.allSettled([
      spawnNode({
        dataDir: vaultDir,
        env: { ...env, CELLA_NODE_NAME: NODE_NAME, CELLA_NODE_CREDENTIAL: await ownership(vaultDid) },
      }),
      spawnNode({
        app: 'backup-node',
        dataDir: backupDir,
        env: { ...env, CELLA_NODE_CREDENTIAL: await ownership(backupDid) },
      }),
    ]);
    for (const outcome of spawned) if (outcome.status === 'fulfilled') started.nodes.push(outcome.value);
    for (const outcome of spawned) if (outcome.status === 'rejected') throw outcome.reason;
    const [vaultNode, backupNode] = started.nodes as [SpawnedNode, SpawnedNode];

    const world: CompatWorld = {
      root,
      standInUrl: standIn.url,
      vault: { url: vaultNode.url, did: vaultDid, name: NODE_NAME },
      backup: { url: backupNode.url, did: backupDid },
      chain: {
        rpcUrl: chain.rpcUrl,
        chainId: chain.chainId,
        contractAddress: chain.contractAddress,
        receivingAddress: chain.accounts[1]!.address,
        payerKeys: chain.accounts.slice(2, 8).map((a) => a.privateKey),
      },
      owner: { storeDir: owner.storeDir, did: ownerDid },
      app,
    };
    project.provide('world', world);
    // The official clients drive every Hive route here: a warning or an error a normal flow
    // leaves in a node's log (a 500, a framework complaint) fails the run, after the tests.
    // Vitest reports a teardown's error without failing the run, so the exit code says it too.
    return async () => {
      await teardown();
      try {
        // reference-tests.test.ts points a backup at a closed port (127.0.0.1:9) on purpose: its retries warn.
        assertCleanLog(vaultNode.output(), 'the vault node', {
          allow: [/^(?=.*backup jobs: transient failure, retrying)(?=.*127\.0\.0\.1:9\b)/],
        });
        assertCleanLog(backupNode.output(), 'the backup node');
      } catch (error) {
        process.exitCode = 1;
        throw error;
      }
    };
  } catch (error) {
    for (const node of started.nodes) console.error(node.output());
    await teardown();
    throw error;
  }
}

/**
 * The node's own key, written where the node keeps it (`<dataDir>/identity/node-key.json`, mode 600
 * in a 700 directory) before its first start; the node adopts it and its DID.
 */
function provisionNodeKey(dataDir: string): string {
  const { privateKey } = generateKeyPair();
  const did = createKeySigner(privateKey).did;
  const dir = path.join(dataDir, 'identity');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  writeFileSync(
    path.join(dir, 'node-key.json'),
    `${JSON.stringify({ version: 1, did, privateKey: bytesToHex(privateKey) }, null, 2)}\n`,
    { mode: 0o600 },
  );
  return did;
}

/** An application DID as a developer publishes it: with a self-proclaimed `#appinfo` credential. */
async function publishApplication(storeDir: string, chainUrl: string): Promise<CompatWorld['app']> {
  const developer = await IdentityWallet.create(storeDir, chainUrl);
  const name = 'Hive Compat Notes';
  const iconUrl = 'https://example.org/notes.png';
  const doc = await developer.newDid(0);
  const published = await developer.edit(doc, (builder) =>
    builder.createAndAddCredential(
      STOREPASS,
      '#appinfo',
      { name, iconUrl, endpoints: { redirectUrl: 'https://example.org/callback' } },
      ['AppInfoCredential', 'SelfProclaimedCredential'],
    ),
  );
  await developer.publish(published);
  return { did: published.getSubject().toString(), name, iconUrl };
}
