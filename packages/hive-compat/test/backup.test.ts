/**
 * Backup as a dApp on the official Hive JS SDK runs it between two Cella nodes: the backup service
 * subscribed on the backup node (BackupSubscription), the vault backed up and restored through the
 * vault node's BackupService (the SDK posts the user's HiveBackupCredential, then polls
 * `/vault/content` until the result is no longer "process"), and the backup promoted to a vault on
 * the backup node (Backup → PromotionService).
 */
import {
  AlreadyExistsException,
  Backup,
  BackupInfo,
  BackupNotFoundException,
  BackupResult,
  FileNotFoundException,
  NotImplementedException,
  Vault,
  VaultSubscription,
  BackupSubscription,
} from '@elastosfoundation/hive-js-sdk';
import { describe, expect, test } from 'vitest';
import { failure, newUser, world } from './support/env.js';
import { compatPlans } from './support/world.js';

const MiB = 1024 * 1024;
type Doc = Record<string, unknown>;

/** A subscribed vault with a file and a collection, and the user's backup service on the backup node. */
async function vaultWithData(name: string) {
  const user = await newUser(name);
  await new VaultSubscription(user.context, world.vault.url).subscribe();
  const vault = new Vault(user.context, world.vault.url);
  await vault.getFilesService().upload('notes/kept.txt', 'backed up');
  await vault.getDatabaseService().createCollection('diary');
  await vault.getDatabaseService().insertMany('diary', [{ day: 1 }, { day: 2 }]);
  await new BackupSubscription(user.context, world.backup.url).subscribe();
  const service = vault.getBackupService();
  service.setBackupContext(user.backupContext(world.backup));
  return { user, vault, service };
}

/** Runs `start` (startBackup or restoreFrom) and returns the results the SDK reported while it waited. */
async function watched(start: (callback: (result: string) => void) => Promise<void>): Promise<string[]> {
  const seen: string[] = [];
  await start((result) => seen.push(result));
  return seen;
}

async function days(vault: Vault): Promise<unknown[]> {
  return ((await vault.getDatabaseService().findMany('diary', {})) as Doc[]).map((d) => d.day).sort();
}

describe('the backup service on the backup node', () => {
  test('BackupSubscription: backup plans, subscribe (free plan), check, subscribing twice throws AlreadyExistsException, unsubscribe', async () => {
    const user = await newUser('backup-sub');
    const backup = new BackupSubscription(user.context, world.backup.url);
    const plans = await backup.getPricingPlanList();
    expect(plans.map((p) => p.getName())).toEqual(compatPlans.backupPlans.map((p) => p.name));
    expect((await backup.getPricingPlan('Standard')).getAmount()).toBe(0.005);

    const since = Date.now() - 2000;
    const info = await backup.subscribe();
    expect(info).toBeInstanceOf(BackupInfo);
    expect(info.getServiceDid()).toBe(world.backup.did);
    expect(info.getPricePlan()).toBe('Basic');
    expect(info.getStorageQuota()).toBe(500 * MiB);
    expect(info.getStorageUsed()).toBe(0);
    expect(info.getCreated().getTime()).toBeGreaterThanOrEqual(since);
    expect((await backup.checkSubscription()).getPricePlan()).toBe('Basic');
    expect(await failure(backup.subscribe())).toBeInstanceOf(AlreadyExistsException);

    await backup.unsubscribe();
    expect(await failure(backup.checkSubscription())).toBeInstanceOf(BackupNotFoundException);
  });
});

describe('backup and restore through the vault node', () => {
  test('checkResult before any backup: state "stop", result "success", empty message', async () => {
    const user = await newUser('backup-idle');
    await new VaultSubscription(user.context, world.vault.url).subscribe();
    const result = await new Vault(user.context, world.vault.url).getBackupService().checkResult();
    expect(result).toBeInstanceOf(BackupResult);
    expect(result.getState()).toBe('stop');
    expect(result.getResult()).toBe('success');
    expect(result.getMessage()).toBe('');
  });

  test('startBackup waits until the backup succeeded; restoreFrom brings back the vault as it was backed up', async () => {
    const { vault, service } = await vaultWithData('backup-restore');
    const backupSeen = await watched((cb) => service.startBackup(cb));
    expect(backupSeen.at(-1)).toBe('success');
    expect(backupSeen.filter((r) => r !== 'process' && r !== 'success')).toEqual([]);
    const afterBackup = await service.checkResult();
    expect(afterBackup.getState()).toBe('backup');
    expect(afterBackup.getResult()).toBe('success');

    // Change the vault, then restore the backup over it.
    const files = vault.getFilesService();
    await files.delete('notes/kept.txt');
    await files.upload('notes/after-backup.txt', 'not in the backup');
    await vault.getDatabaseService().insertOne('diary', { day: 3 });

    const restoreSeen = await watched((cb) => service.restoreFrom(cb));
    expect(restoreSeen.at(-1)).toBe('success');
    const afterRestore = await service.checkResult();
    expect(afterRestore.getState()).toBe('restore');
    expect(afterRestore.getResult()).toBe('success');
    expect((await files.download('notes/kept.txt')).toString()).toBe('backed up');
    expect(await failure(files.download('notes/after-backup.txt'))).toBeInstanceOf(FileNotFoundException);
    expect(await days(vault)).toEqual([1, 2]);
  });

  test('stopBackup and stopRestore are not implemented by the SDK (NotImplementedException)', async () => {
    const user = await newUser('backup-stop');
    const service = new Vault(user.context, world.vault.url).getBackupService();
    expect(await failure(service.stopBackup())).toBeInstanceOf(NotImplementedException);
    expect(await failure(service.stopRestore())).toBeInstanceOf(NotImplementedException);
  });
});

describe('promotion on the backup node', () => {
  test('promote(): the backup becomes a vault on the backup node, its files and documents readable there through the SDK; promoting again throws AlreadyExistsException', async () => {
    const { user, service } = await vaultWithData('promoted');
    const seen = await watched((cb) => service.startBackup(cb));
    expect(seen.at(-1)).toBe('success');

    const promotion = new Backup(user.context, world.backup.url).getPromotionService();
    await promotion.promote();
    const there = new Vault(user.context, world.backup.url);
    expect((await there.getFilesService().download('notes/kept.txt')).toString()).toBe('backed up');
    expect(await days(there)).toEqual([1, 2]);
    const info = await new VaultSubscription(user.context, world.backup.url).checkSubscription();
    expect(info.getServiceDid()).toBe(world.backup.did);
    expect(await failure(promotion.promote())).toBeInstanceOf(AlreadyExistsException);
  });
});
