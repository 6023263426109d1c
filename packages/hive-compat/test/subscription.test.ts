/**
 * VaultSubscription (plans, subscribe, check, freeze, unsubscribe) and Vault.getAppStats, called
 * by a dApp on the official Hive JS SDK against a Cella vault node. Payment methods of
 * VaultSubscription are in payment.test.ts.
 */
import {
  FileNotFoundException,
  PricingPlan,
  PricingPlanNotFoundException,
  Vault,
  VaultFrozenException,
  VaultInfo,
  VaultNotFoundException,
  VaultSubscription,
} from '@elastosfoundation/hive-js-sdk';
import { describe, expect, test } from 'vitest';
import { failure, newUser, world } from './support/env.js';
import { compatPlans } from './support/world.js';

const MiB = 1024 * 1024;

/** A date the node stamped during this test run, from epoch seconds (±1 s of rounding). */
function expectRecent(date: Date | null, since: number): void {
  expect(date).toBeInstanceOf(Date);
  const ms = date!.getTime();
  expect(ms).toBeGreaterThanOrEqual(since - 2000);
  expect(ms).toBeLessThanOrEqual(Date.now() + 2000);
}

const planFields = (p: PricingPlan) => ({
  name: p.getName(),
  maxStorage: p.getMaxStorage(),
  serviceDays: p.getServiceDays(),
  amount: p.getAmount(),
  currency: p.getCurrency(),
});

async function subscriber(name: string) {
  const user = await newUser(name);
  return {
    user,
    subscription: new VaultSubscription(user.context, world.vault.url),
    vault: new Vault(user.context, world.vault.url),
  };
}

describe('pricing plans', () => {
  test('getPricingPlanList: the vault plans of the node, fields and units as the plans file', async () => {
    const { subscription } = await subscriber('plans');
    const plans = await subscription.getPricingPlanList();
    expect(plans.every((p) => p instanceof PricingPlan)).toBe(true);
    expect(plans.map(planFields)).toEqual(compatPlans.pricingPlans);
  });

  test('getPricingPlan(name): that plan; an unknown name throws PricingPlanNotFoundException', async () => {
    const { subscription } = await subscriber('plan');
    const plan = await subscription.getPricingPlan('Standard');
    expect(planFields(plan)).toEqual(compatPlans.pricingPlans[1]);
    expect(await failure(subscription.getPricingPlan('Platinum'))).toBeInstanceOf(
      PricingPlanNotFoundException,
    );
  });
});

describe('subscribe and check', () => {
  test('subscribe: a vault on the free plan, quota in bytes, times in seconds; subscribing again returns it unchanged', async () => {
    const { subscription } = await subscriber('subscribe');
    const since = Date.now();
    const info = await subscription.subscribe();
    expect(info).toBeInstanceOf(VaultInfo);
    expect(info.getServiceDid()).toBe(world.vault.did);
    expect(info.getPricePlan()).toBe('Basic');
    expect(info.getStorageQuota()).toBe(500 * MiB);
    expect(info.getStorageUsed()).toBe(0);
    expectRecent(info.getCreated(), since);
    expectRecent(info.getUpdated(), since);
    expect(info.getAppCount()).toBe(1);
    expect(info.getAccessCount()).toBeTypeOf('number');
    expect(info.getAccessAmount()).toBeTypeOf('number');

    const again = await subscription.subscribe();
    expect(again.getCreated()).toEqual(info.getCreated());
    expect(again.getPricePlan()).toBe('Basic');
  });

  test('checkSubscription: plan, quota, usage counting an upload, start time, no end time for the free plan', async () => {
    const { subscription, vault } = await subscriber('check');
    const since = Date.now();
    await subscription.subscribe();
    await vault.getFilesService().upload('usage/one-kib.bin', Buffer.alloc(1024, 7));
    const info = await subscription.checkSubscription();
    expect(info.getServiceDid()).toBe(world.vault.did);
    expect(info.getPricePlan()).toBe('Basic');
    expect(info.getStorageQuota()).toBe(500 * MiB);
    expect(info.getStorageUsed()).toBeGreaterThanOrEqual(1024);
    expectRecent(info.getStartTime(), since);
    expect(info.getEndTime()).toBeNull();
    expectRecent(info.getCreated(), since);
    expectRecent(info.getUpdated(), since);
    expect(info.getAppCount()).toBe(1);
    expect(info.getAccessCount()).toBeGreaterThanOrEqual(1);
    expect(info.getAccessAmount()).toBeGreaterThanOrEqual(1024);
    expectRecent(info.getAccessLastTime(), since);
  });

  test('checkSubscription before subscribing throws VaultNotFoundException', async () => {
    const { subscription } = await subscriber('never');
    expect(await failure(subscription.checkSubscription())).toBeInstanceOf(VaultNotFoundException);
  });
});

describe('freeze', () => {
  test('deactivate: reads work, writes throw VaultFrozenException; activate: writable again', async () => {
    const { subscription, vault } = await subscriber('freeze');
    await subscription.subscribe();
    const files = vault.getFilesService();
    await files.upload('frozen/kept.txt', 'still readable');
    await subscription.deactivate();
    expect((await files.download('frozen/kept.txt')).toString()).toBe('still readable');
    expect(await failure(files.upload('frozen/new.txt', 'refused'))).toBeInstanceOf(VaultFrozenException);
    await subscription.activate();
    await files.upload('frozen/new.txt', 'accepted');
    expect((await files.download('frozen/new.txt')).toString()).toBe('accepted');
  });
});

describe('unsubscribe', () => {
  test('unsubscribe(): the vault is switched off (VaultNotFoundException) and subscribe() brings it back with its data', async () => {
    const { subscription, vault } = await subscriber('pause');
    await subscription.subscribe();
    await vault.getFilesService().upload('kept/note.txt', 'kept across unsubscribe');
    await subscription.unsubscribe();
    expect(await failure(subscription.checkSubscription())).toBeInstanceOf(VaultNotFoundException);
    expect(await failure(vault.getFilesService().download('kept/note.txt'))).toBeInstanceOf(
      VaultNotFoundException,
    );
    await subscription.subscribe();
    expect((await vault.getFilesService().download('kept/note.txt')).toString()).toBe(
      'kept across unsubscribe',
    );
  });

  test('unsubscribe(true): the vault and its data are deleted; a new subscription starts empty', async () => {
    const { subscription, vault } = await subscriber('leave');
    await subscription.subscribe();
    await vault.getFilesService().upload('gone/note.txt', 'deleted with the vault');
    await subscription.unsubscribe(true);
    expect(await failure(subscription.checkSubscription())).toBeInstanceOf(VaultNotFoundException);
    const fresh = await subscription.subscribe();
    expect(fresh.getStorageUsed()).toBe(0);
    expect(await failure(vault.getFilesService().download('gone/note.txt'))).toBeInstanceOf(
      FileNotFoundException,
    );
  });
});

describe('app stats', () => {
  test('Vault.getAppStats: this application, named from its #appinfo credential, with usage and access counts', async () => {
    const { user, subscription, vault } = await subscriber('stats');
    await subscription.subscribe();
    await vault.getFilesService().upload('stats/data.bin', Buffer.alloc(2048, 1));
    const apps = await vault.getAppStats();
    expect(apps).toHaveLength(1);
    const app = apps[0]!;
    expect(app.getAppDid()).toBe(world.app.did);
    expect(app.getUserDid()).toBe(user.did);
    expect(app.getName()).toBe(world.app.name);
    expect(app.getIconUrl()).toBe(world.app.iconUrl);
    expect(app.getDeveloperDid()).toBeTypeOf('string');
    expect(app.getUsedStorageSize()).toBeGreaterThanOrEqual(2048);
    expect(app.getAccessCount()).toBeGreaterThanOrEqual(1);
    expect(app.getAccessAmount()).toBeGreaterThanOrEqual(2048);
  });
});
