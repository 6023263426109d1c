/**
 * What any ServiceEndpoint tells a dApp about the node (version, commit id, node info with the
 * ownership presentation, the node's DID learnt at sign-in), and the Provider service of the node's
 * owner (every vault, every backup, every filled order).
 */
import { VerifiablePresentation } from '@elastosfoundation/did-js-sdk';
import {
  AnonymousScriptRunner,
  BackupDetail,
  BackupSubscription,
  FilledOrderDetail,
  ForbiddenException,
  NodeInfo,
  NodeVersion,
  Provider,
  Vault,
  VaultDetail,
  VaultSubscription,
} from '@elastosfoundation/hive-js-sdk';
import { describe, expect, test } from 'vitest';
import { failure, newUser, nodeOwner, world } from './support/env.js';
import { payAsWallet } from './support/wallet.js';

const MiB = 1024 * 1024;

describe('about the node', () => {
  test('getNodeVersion needs no sign-in: integer major, minor and patch', async () => {
    const version = await new AnonymousScriptRunner(world.vault.url).getNodeVersion();
    expect(version).toBeInstanceOf(NodeVersion);
    for (const part of [version.getMajor(), version.getMinor(), version.getPatch()])
      expect(Number.isInteger(part)).toBe(true);
  });

  test('getLatestCommitId needs no sign-in: a non-empty string', async () => {
    const commit = await new AnonymousScriptRunner(world.vault.url).getLatestCommitId();
    expect(commit).toBeTypeOf('string');
    expect(commit.length).toBeGreaterThan(0);
  });

  test('getServiceInstanceDid: the node DID, learnt from the sign-in', async () => {
    const endpoint = new VaultSubscription((await newUser('about-did')).context, world.vault.url);
    expect(await endpoint.getServiceInstanceDid()).toBe(world.vault.did);
  });

  test('getNodeInfo: service and owner DIDs, an ownership presentation held by the node and carrying the owner’s credential, name, counts and sizes', async () => {
    const user = await newUser('about-info');
    const endpoint = new VaultSubscription(user.context, world.vault.url);
    await endpoint.subscribe();
    const info = await endpoint.getNodeInfo();
    expect(info).toBeInstanceOf(NodeInfo);
    expect(info.getServiceDid()).toBe(world.vault.did);
    expect(info.getOwnerDid()).toBe(world.owner.did);

    const presentation = info.getOwnershipPresentation();
    expect(presentation).toBeInstanceOf(VerifiablePresentation);
    expect(await presentation.isValid()).toBe(true);
    expect(presentation.getHolder().toString()).toBe(world.vault.did);
    const [credential] = presentation.getCredentials();
    expect(credential!.getIssuer().toString()).toBe(world.owner.did);
    expect(credential!.getSubject().getId().toString()).toBe(world.vault.did);
    expect(credential!.getType()).toContain('HiveNodeOwnerCredential');

    expect(info.getName()).toBe(world.vault.name);
    expect(info.getEmail()).toBeTypeOf('string');
    expect(info.getDescription()).toBeTypeOf('string');
    expect(info.getVersion()).toBeTypeOf('string');
    expect(info.getLastCommitId()).toBeTypeOf('string');
    expect(info.getUserCount()).toBeGreaterThanOrEqual(1);
    expect(info.getVaultCount()).toBeGreaterThanOrEqual(1);
    expect(info.getBackupCount()).toBeGreaterThanOrEqual(0);
    expect(info.getLatestAccessTime().getTime()).toBeGreaterThan(Date.now() - 600_000);
    for (const size of [
      info.getMemoryUsed(),
      info.getMemoryTotal(),
      info.getStorageUsed(),
      info.getStorageTotal(),
    ])
      expect(size).toBeGreaterThan(0);
  });
});

describe('Provider (the node owner)', () => {
  test('getVaults lists every vault: plan, quota, file and database usage, user DID', async () => {
    const user = await newUser('provider-vault');
    await new VaultSubscription(user.context, world.vault.url).subscribe();
    await new Vault(user.context, world.vault.url)
      .getFilesService()
      .upload('provider/counted.bin', Buffer.alloc(4096, 3));
    const vaults = await new Provider((await nodeOwner()).context, world.vault.url).getVaults();
    expect(vaults.every((v) => v instanceof VaultDetail)).toBe(true);
    const mine = vaults.find((v) => v.getUserDid() === user.did)!;
    expect(mine.getPricingName()).toBe('Basic');
    expect(mine.getMaxStorage()).toBe(500 * MiB);
    expect(mine.getFileUseStorage()).toBe(4096);
    expect(mine.getDatabaseUseStorage()).toBeTypeOf('number');
  });

  test('getBackups on the backup node lists every backup service: plan, quota, usage, user DID', async () => {
    const user = await newUser('provider-backup');
    await new BackupSubscription(user.context, world.backup.url).subscribe();
    const backups = await new Provider((await nodeOwner()).context, world.backup.url).getBackups();
    expect(backups.every((b) => b instanceof BackupDetail)).toBe(true);
    const mine = backups.find((b) => b.getUserDid() === user.did)!;
    expect(mine.getPricingName()).toBe('Basic');
    expect(mine.getMaxStorage()).toBe(500 * MiB);
    expect(mine.getUseStorage()).toBe(0);
  });

  test('getFilledOrders lists every settled order: ids, user, plan, amount, receiving address', async () => {
    const user = await newUser('provider-order');
    const subscription = new VaultSubscription(user.context, world.vault.url);
    await subscription.subscribe();
    const order = await subscription.placeOrder('Premium');
    const contractOrderId = await payAsWallet(world.chain, world.chain.payerKeys[2]!, order);
    const receipt = await subscription.settleOrder(contractOrderId);

    const filled = await new Provider((await nodeOwner()).context, world.vault.url).getFilledOrders();
    expect(filled.every((o) => o instanceof FilledOrderDetail)).toBe(true);
    const mine = filled.find((o) => o.getReceiptId() === receipt.getReceiptId())!;
    expect(mine.getOrderId()).toBe(contractOrderId);
    expect(mine.getUserDid()).toBe(user.did);
    expect(mine.getPaidDid()).toBe(user.did);
    expect(mine.getSubscription()).toBe('vault');
    expect(mine.getPricingName()).toBe('Premium');
    expect(mine.getElaAmount()).toBe(0.02);
    expect(mine.getElaAddress().toLowerCase()).toBe(world.chain.receivingAddress.toLowerCase());
  });

  test('a user who does not own the node gets ForbiddenException from every Provider call', async () => {
    const provider = new Provider((await newUser('not-owner')).context, world.vault.url);
    for (const call of [
      () => provider.getVaults(),
      () => provider.getBackups(),
      () => provider.getFilledOrders(),
    ])
      expect(await failure(call())).toBeInstanceOf(ForbiddenException);
  });
});
