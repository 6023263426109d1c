/**
 * Payment as a dApp on the official Hive JS SDK does it against Cella nodes: the SDK places the
 * order, a wallet pays it on the dev chain with the reference contract's ABI (the SDK cannot pay),
 * the SDK settles it and reads orders and receipts; the plan of the vault (and of the backup
 * service, on the backup node) is upgraded.
 */
import { JWTParserBuilder } from '@elastosfoundation/did-js-sdk';
import {
  BackupSubscription,
  InvalidParameterException,
  NotImplementedException,
  Order,
  PaymentService,
  Receipt,
  VaultSubscription,
} from '@elastosfoundation/hive-js-sdk';
import { describe, expect, test } from 'vitest';
import { failure, newUser, world } from './support/env.js';
import { payAsWallet } from './support/wallet.js';

const MiB = 1024 * 1024;
const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);
const sameAddress = (a: string, b: string) => expect(a.toLowerCase()).toBe(b.toLowerCase());

/** The claims of a JWT the node signed, verified through the identity chain as a wallet would. */
async function verifiedClaims(jwt: string) {
  return (await new JWTParserBuilder().setAllowedClockSkewSeconds(300).build().parse(jwt)).getBody();
}

describe('vault plans', () => {
  test('getVersion: the version of the payment configuration', async () => {
    const subscription = new VaultSubscription((await newUser('pay-version')).context, world.vault.url);
    expect(await subscription.getVersion()).toBe('1.0');
  });

  test('order → pay on chain → settle: Order and Receipt as the SDK parses them, the vault upgraded, orders and receipts listed', async () => {
    const user = await newUser('payer');
    const subscription = new VaultSubscription(user.context, world.vault.url);
    await subscription.subscribe();

    const placed = now();
    const order = await subscription.placeOrder('Standard');
    expect(order).toBeInstanceOf(Order);
    expect(order.getSubscription()).toBe('vault');
    expect(order.getPricingPlan()).toBe('Standard');
    expect(order.getPayingDid()).toBe(user.did);
    expect(order.getPaymentAmount()).toBe(0.01);
    expect(order.getState()).toBe('normal');
    expect(order.getOrderId()).toBeNull();
    expect(order.getCreateTime()).toBeGreaterThanOrEqual(placed - 1);
    expect(order.getExpirationTime() - order.getCreateTime()).toBe(7 * DAY);
    sameAddress(order.getReceivingAddress(), world.chain.receivingAddress);
    const proof = await verifiedClaims(order.getProof());
    expect(proof.getIssuer()).toBe(world.vault.did);
    expect(proof.getAudience()).toBe(user.did);
    expect(proof.getSubject()).toBe('Hive Payment');

    const contractOrderId = await payAsWallet(world.chain, world.chain.payerKeys[0]!, order);

    const receipt = await subscription.settleOrder(contractOrderId);
    expect(receipt).toBeInstanceOf(Receipt);
    expect(receipt.getReceiptId()).toBeTypeOf('string');
    expect(receipt.getOrderId()).toBe(contractOrderId);
    expect(receipt.getSubscription()).toBe('vault');
    expect(receipt.getPricingPlan()).toBe('Standard');
    expect(receipt.getPaymentAmount()).toBe(0.01);
    expect(receipt.getPaidDid()).toBe(user.did);
    expect(receipt.getCreateTime()).toBeGreaterThanOrEqual(placed - 1);
    sameAddress(receipt.getReceivingAddress(), world.chain.receivingAddress);
    const receiptProof = await verifiedClaims(receipt.getReceiptProof());
    expect(receiptProof.getIssuer()).toBe(world.vault.did);
    expect(receiptProof.getAudience()).toBe(user.did);

    const info = await subscription.checkSubscription();
    expect(info.getPricePlan()).toBe('Standard');
    expect(info.getStorageQuota()).toBe(2000 * MiB);
    const end = info.getEndTime().getTime() / 1000;
    expect(end).toBeGreaterThanOrEqual(placed + 30 * DAY - 5);
    expect(end).toBeLessThanOrEqual(now() + 30 * DAY + 5);

    // SDK 2.9.14 builds every listed Order from the answer's top-level fields (not the list item's),
    // so these read back right only for a query that matches one order, as here.
    const byId = await subscription.getOrder(contractOrderId);
    expect(byId.getOrderId()).toBe(contractOrderId);
    expect(byId.getState()).toBe('paid');
    expect(byId.getPricingPlan()).toBe('Standard');
    expect(byId.getProof()).toBe(order.getProof());
    const orders = await subscription.getOrders();
    expect(orders).toHaveLength(1);
    expect(orders[0]!.getState()).toBe('paid');
    expect(orders[0]!.getOrderId()).toBe(contractOrderId);

    const receipts = await subscription.getReceipts(contractOrderId);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.getReceiptId()).toBe(receipt.getReceiptId());
    expect(receipts[0]!.getOrderId()).toBe(contractOrderId);
    expect((await subscription.getReceipts()).map((r) => r.getReceiptId())).toEqual([receipt.getReceiptId()]);
  });

  test('placeOrder for the free plan or an unknown plan throws InvalidParameterException', async () => {
    const user = await newUser('pay-refused');
    const subscription = new VaultSubscription(user.context, world.vault.url);
    await subscription.subscribe();
    expect(await failure(subscription.placeOrder('Basic'))).toBeInstanceOf(InvalidParameterException);
    expect(await failure(subscription.placeOrder('Platinum'))).toBeInstanceOf(InvalidParameterException);
  });

  test('the SDK itself cannot pay: PaymentService.payOrder() rejects with NotImplementedException (wallets pay)', async () => {
    const subscription = new VaultSubscription((await newUser('pay-sdk')).context, world.vault.url);
    expect(await failure(new PaymentService(subscription).payOrder())).toBeInstanceOf(
      NotImplementedException,
    );
  });
});

describe('backup plans (on the backup node)', () => {
  test('BackupSubscription: order → pay → settle upgrades the backup service; version, orders and receipts', async () => {
    const user = await newUser('backup-payer');
    const backup = new BackupSubscription(user.context, world.backup.url);
    await backup.subscribe();
    expect(await backup.getVersion()).toBe('1.0');

    const order = await backup.placeOrder('Standard');
    expect(order.getSubscription()).toBe('backup');
    expect(order.getPricingPlan()).toBe('Standard');
    expect(order.getPaymentAmount()).toBe(0.005);
    const contractOrderId = await payAsWallet(world.chain, world.chain.payerKeys[1]!, order);
    const receipt = await backup.settleOrder(contractOrderId);
    expect(receipt.getSubscription()).toBe('backup');
    expect(receipt.getOrderId()).toBe(contractOrderId);

    const info = await backup.checkSubscription();
    expect(info.getPricePlan()).toBe('Standard');
    expect(info.getStorageQuota()).toBe(2000 * MiB);
    expect((await backup.getOrder(contractOrderId)).getState()).toBe('paid');
    expect((await backup.getOrders()).map((o) => o.getOrderId())).toEqual([contractOrderId]);
    expect((await backup.getReceipts(contractOrderId)).map((r) => r.getReceiptId())).toEqual([
      receipt.getReceiptId(),
    ]);
  });
});
