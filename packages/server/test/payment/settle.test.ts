/**
 * Order → pay → settle end to end on a real anvil with the PaymentV1 contract, through the SDK with
 * ethers wallets, and every refusal the settlement must make.
 */
import { payOrder } from '@cella/contracts-abi/ethers';
import { startDevChain, type DevChain } from '@cella/contracts-abi/dev-chain';
import { decodeJwt, verifyJwt } from '@cella/did';
import { CellaApiError, connect, createDevIdentity, type Order, type Vault } from '@cella/sdk';
import { payOrder as payWithEthers } from '@cella/sdk/ethers';
import { JsonRpcProvider, Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { quotaBytes } from '../../src/vault/plans.js';
import { signedInUser } from '../helpers/users.js';
import { DAY, startPaymentNode, testPlans, type PaymentTestNode } from './payment-node.js';

let chain: DevChain;
let node: PaymentTestNode;
let provider: JsonRpcProvider;
let alice: Vault;
let bob: Vault;
let aliceWallet: Wallet;
let bobWallet: Wallet;

const standard = testPlans.pricingPlans[1]!;
const premium = testPlans.pricingPlans[2]!;
const STANDARD_WEI = 10n ** 15n; // 0.001 ELA

beforeAll(async () => {
  chain = await startDevChain();
  node = await startPaymentNode({ chain });
  provider = new JsonRpcProvider(chain.rpcUrl, chain.chainId, { staticNetwork: true, cacheTimeout: -1 });
  aliceWallet = new Wallet(chain.accounts[2]!.privateKey, provider);
  bobWallet = new Wallet(chain.accounts[3]!.privateKey, provider);
  alice = await signedInUser(node.url);
  bob = await signedInUser(node.url, 'elastos');
});

afterAll(async () => {
  provider?.destroy();
  await node?.stop();
  await chain?.stop();
});

async function refused(promise: Promise<unknown>): Promise<CellaApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CellaApiError);
  return error as CellaApiError;
}

/** Pays an order with the contract helpers directly, for payments the SDK would never make. */
async function payRaw(
  wallet: Wallet,
  order: Order,
  overrides: { to?: string; valueWei?: bigint } = {},
): Promise<number> {
  const paid = await payOrder(chain.contractAddress, wallet, {
    to: overrides.to ?? order.receiving_address,
    memo: order.proof,
    valueWei: overrides.valueWei ?? BigInt(order.payment_amount_wei),
  });
  return Number(paid.orderId);
}

describe('payment_config', () => {
  test('lists the plans file and where to pay', async () => {
    const config = await alice.payment.config();
    expect(config.version).toBe('1.0');
    expect(config.pricingPlans).toEqual(testPlans.pricingPlans);
    expect(config.backupPlans).toEqual(testPlans.backupPlans);
    expect(config.payment).toEqual({
      receivingAddress: chain.accounts[1]!.address,
      contractAddress: chain.contractAddress,
      chainId: chain.chainId,
      confirmations: 1,
    });
  });
});

describe('order, pay, settle', () => {
  test('end to end through the SDK: receipt listed, plan and quota raised', async () => {
    const before = await alice.subscription.subscribe();
    expect(before).toMatchObject({
      pricing_plan: 'Basic',
      storage_quota: quotaBytes(testPlans.pricingPlans[0]!),
      end_time: -1,
      state: 'running',
    });

    const order = await alice.payment.placeOrder('Standard');
    expect(order).toMatchObject({
      subscription: 'vault',
      pricing_plan: 'Standard',
      paying_did: alice.did,
      payment_amount: standard.amount,
      payment_amount_wei: STANDARD_WEI.toString(),
      receiving_address: chain.accounts[1]!.address,
      state: 'normal',
      order_id: null,
    });
    expect(order.expiration_time - order.create_time).toBe(7 * DAY);
    // The proof: node-signed, for this user, expiring with the order.
    const nodeDid = (await alice.node.info()).service_did;
    const { claims } = decodeJwt(order.proof);
    expect(claims).toMatchObject({
      iss: nodeDid,
      sub: 'Hive Payment',
      aud: alice.did,
      exp: order.expiration_time,
    });
    expect(claims.order).toMatchObject({
      interim_orderid: order.interim_orderid,
      pricing_plan: 'Standard',
      paying_did: alice.did,
    });

    const received = await provider.getBalance(chain.accounts[1]!.address);
    const paid = await payWithEthers(alice, order, aliceWallet);
    expect(await provider.getBalance(chain.accounts[1]!.address)).toBe(received + STANDARD_WEI);

    const receipt = await alice.payment.settle(paid.orderId);
    expect(receipt).toMatchObject({
      order_id: paid.orderId,
      interim_orderid: order.interim_orderid,
      subscription: 'vault',
      pricing_plan: 'Standard',
      payment_amount: standard.amount,
      paid_did: alice.did,
      receiving_address: chain.accounts[1]!.address,
    });
    const receiptClaims = decodeJwt(receipt.receipt_proof).claims;
    expect(receiptClaims).toMatchObject({
      iss: nodeDid,
      sub: 'Hive Receipt',
      aud: alice.did,
      receipt: { receipt_id: receipt.receipt_id, order_id: paid.orderId },
    });
    await expect(
      verifyJwt(receipt.receipt_proof, {
        publicKey: node.ctx.identity.signer.publicKey,
        requireExpiry: false,
      }),
    ).resolves.toBeTruthy();

    expect(await alice.payment.receipts()).toEqual([receipt]);
    const [listed] = await alice.payment.orders();
    expect(listed).toMatchObject({
      interim_orderid: order.interim_orderid,
      state: 'paid',
      order_id: paid.orderId,
    });

    const after = await alice.subscription.info();
    expect(after).toMatchObject({
      pricing_plan: 'Standard',
      storage_quota: quotaBytes(standard),
      state: 'running',
    });
    expect(after.end_time - after.start_time).toBe(30 * DAY);
  });

  test('the same contract order settles once, ever: again by its payer or by anyone else is 455', async () => {
    const order = await alice.payment.placeOrder('Standard');
    const { orderId } = await payWithEthers(alice, order, aliceWallet);
    await alice.payment.settle(orderId);
    const plan = await alice.subscription.info();

    expect(await refused(alice.payment.settle(orderId))).toMatchObject({
      status: 455,
      code: 'ALREADY_EXISTS',
    });
    expect(await refused(bob.payment.settle(orderId))).toMatchObject({ status: 455, code: 'ALREADY_EXISTS' });
    // Even with the local order's mark gone (the reference's gap), the node-wide record holds.
    await node.ctx.nodeDb
      .collection('payment_orders')
      .updateOne(
        { _id: order.interim_orderid },
        { $set: { state: 'normal', settlement: null, contractOrderId: null } },
      );
    expect(await refused(alice.payment.settle(orderId))).toMatchObject({ status: 455 });
    expect((await alice.subscription.info()).end_time).toBe(plan.end_time);
  });

  test('an underpaid order is refused and stays payable', async () => {
    const order = await alice.payment.placeOrder('Standard');
    const short = await payRaw(aliceWallet, order, { valueWei: STANDARD_WEI - 1n });
    const error = await refused(alice.payment.settle(short));
    expect(error).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
    expect(error.message).toContain(`paid ${STANDARD_WEI - 1n} wei`);
    // The genuine payment for the same order still settles.
    const { orderId } = await payWithEthers(alice, order, aliceWallet);
    await expect(alice.payment.settle(orderId)).resolves.toMatchObject({
      interim_orderid: order.interim_orderid,
    });
    // The order is now paid: the short payment can never settle it.
    expect(await refused(alice.payment.settle(short))).toMatchObject({ status: 400 });
  });

  test('a payment to another address is refused', async () => {
    const order = await alice.payment.placeOrder('Standard');
    const elsewhere = await payRaw(aliceWallet, order, { to: chain.accounts[5]!.address });
    const error = await refused(alice.payment.settle(elsewhere));
    expect(error).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
    expect(error.message).toContain('receiving address');
  });

  test('an expired order is refused', async () => {
    const order = await alice.payment.placeOrder('Standard');
    const { orderId } = await payWithEthers(alice, order, aliceWallet);
    node.clock.advanceDays(8);
    try {
      const error = await refused(alice.payment.settle(orderId));
      expect(error).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
      expect(error.message).toContain('expired');
      expect(
        (await alice.payment.orders()).find((o) => o.interim_orderid === order.interim_orderid)?.state,
      ).toBe('expired');
      // An expired order cannot be paid through the SDK either.
      const expired = (await alice.payment.orders()).find(
        (o) => o.interim_orderid === order.interim_orderid,
      )!;
      await expect(payWithEthers(alice, expired, aliceWallet)).rejects.toThrow('expired');
    } finally {
      node.clock.reset();
    }
  });

  test("another user's order is refused (404) and stays settleable by its owner", async () => {
    const order = await bob.payment.placeOrder('Standard');
    // Alice pays Bob's order and tries to settle it for herself.
    const { orderId } = await payWithEthers(alice, order, aliceWallet);
    expect(await refused(alice.payment.settle(orderId))).toMatchObject({
      status: 404,
      code: 'ORDER_NOT_FOUND',
      internalCode: 7,
    });
    await expect(bob.payment.settle(orderId)).resolves.toMatchObject({
      paid_did: bob.did,
      pricing_plan: 'Standard',
    });
    expect((await bob.subscription.info()).pricing_plan).toBe('Standard');
  });

  test('a contract order that does not exist, free and unknown plans, backup plans', async () => {
    expect(await refused(alice.payment.settle(999_999))).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
    expect(await refused(alice.payment.placeOrder('Basic'))).toMatchObject({
      status: 400,
      code: 'INVALID_PARAMETER',
    });
    expect(await refused(alice.payment.placeOrder('Gold'))).toMatchObject({
      status: 404,
      code: 'PLAN_NOT_FOUND',
      internalCode: 5,
    });
    expect(await refused(alice.payment.placeOrder('Standard', { subscription: 'backup' }))).toMatchObject({
      status: 404,
      code: 'BACKUP_NOT_FOUND',
    });
  });

  test('upgrading carries the unused paid time over at the new price', async () => {
    const carol = await signedInUser(node.url);
    const first = await carol.payment.placeOrder('Standard');
    await carol.payment.settle(await payWithEthers(carol, first, bobWallet));
    const standardPlan = await carol.subscription.info();
    node.clock.advanceDays(10);
    try {
      const second = await carol.payment.placeOrder('Premium');
      await carol.payment.settle(await payWithEthers(carol, second, bobWallet));
      const upgraded = await carol.subscription.info();
      const now = upgraded.start_time;
      const remaining = standardPlan.end_time - now; // ~20 days
      const carried = Math.floor((remaining * standard.amount) / premium.amount); // at half the rate: ~10 days
      expect(upgraded).toMatchObject({ pricing_plan: 'Premium', storage_quota: quotaBytes(premium) });
      expect(upgraded.end_time).toBe(now + 30 * DAY + carried);
      expect(carried).toBeGreaterThan(9 * DAY);
      expect(carried).toBeLessThanOrEqual(10 * DAY);
    } finally {
      node.clock.reset();
    }
  });

  test('when the paid plan ends the vault drops to the free plan and keeps its data', async () => {
    const dave = await signedInUser(node.url);
    const order = await dave.payment.placeOrder('Standard');
    await dave.payment.settle(await payWithEthers(dave, order, bobWallet));
    const notes = await dave.db.createCollection('notes');
    await notes.insert({ text: 'kept' });
    node.clock.advanceDays(31);
    try {
      const info = await dave.subscription.info();
      expect(info).toMatchObject({
        pricing_plan: 'Basic',
        storage_quota: quotaBytes(testPlans.pricingPlans[0]!),
        end_time: -1,
      });
      expect(await notes.find().toArray()).toMatchObject([{ text: 'kept' }]);
    } finally {
      node.clock.reset();
    }
  });
});

describe('crash safety', () => {
  test('a settlement interrupted after the upgrade finishes on retry without upgrading twice', async () => {
    const erin = await signedInUser(node.url);
    const order = await erin.payment.placeOrder('Standard');
    const { orderId } = await payWithEthers(erin, order, bobWallet);
    node.ctx.payment.hooks.afterStep = (step) => {
      if (step === 'upgraded') throw new Error('simulated crash');
    };
    try {
      expect(await refused(erin.payment.settle(orderId))).toMatchObject({ status: 500 });
    } finally {
      node.ctx.payment.hooks = {};
    }
    const upgraded = await erin.subscription.info();
    expect(upgraded.pricing_plan).toBe('Standard');
    expect(await erin.payment.receipts()).toEqual([]);

    node.clock.advanceDays(1); // a second application would move the end by a day
    try {
      const receipt = await erin.payment.settle(orderId);
      expect(receipt.order_id).toBe(orderId);
      expect((await erin.subscription.info()).end_time).toBe(upgraded.end_time);
      expect(await erin.payment.receipts()).toEqual([receipt]);
      expect(await refused(erin.payment.settle(orderId))).toMatchObject({ status: 455 });
    } finally {
      node.clock.reset();
    }
  });

  test('a settlement interrupted right after its claim is finished at the next start', async () => {
    const frank = await signedInUser(node.url);
    const order = await frank.payment.placeOrder('Premium');
    const { orderId } = await payWithEthers(frank, order, bobWallet);
    node.ctx.payment.hooks.afterStep = (step) => {
      if (step === 'claimed') throw new Error('simulated crash');
    };
    try {
      expect(await refused(frank.payment.settle(orderId))).toMatchObject({ status: 500 });
    } finally {
      node.ctx.payment.hooks = {};
    }
    expect((await frank.subscription.info()).pricing_plan).toBe('Basic');
    // What a restart runs before serving:
    expect(await node.ctx.payment.recover()).toBe(1);
    expect((await frank.subscription.info()).pricing_plan).toBe('Premium');
    expect(await frank.payment.receipts()).toHaveLength(1);
    expect(await node.ctx.payment.recover()).toBe(0);
  });
});

describe('chain conditions', () => {
  test('a payment without enough confirmations is refused until the chain has them', async () => {
    const deep = await startPaymentNode({ chain, overrides: { paymentConfirmations: 3 } });
    try {
      const grace = await signedInUser(deep.url);
      const order = await grace.payment.placeOrder('Standard');
      const { orderId } = await payWithEthers(grace, order, bobWallet, { confirmations: 1 });
      const error = await refused(grace.payment.settle(orderId));
      expect(error).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
      expect(error.message).toContain('3 confirmations');
      await chain.mine(2);
      await expect(grace.payment.settle(orderId)).resolves.toMatchObject({ order_id: orderId });
    } finally {
      await deep.stop();
    }
  });

  test('an unreachable chain is 503 and changes nothing', async () => {
    const offline = await startPaymentNode({
      overrides: {
        escRpcUrl: 'http://127.0.0.1:9', // discard port: nothing listens
        escChainId: chain.chainId,
        paymentContractAddress: chain.contractAddress,
        paymentReceivingAddress: chain.accounts[1]!.address,
      },
    });
    try {
      // The outage is the node's answer here, not something for the SDK to wait out.
      const henry = await connect({ url: offline.url, signer: createDevIdentity().signer, retry: false });
      await henry.payment.placeOrder('Standard'); // placing an order needs no chain
      expect(await refused(henry.payment.settle(0))).toMatchObject({ status: 503, code: 'UNAVAILABLE' });
      expect((await henry.subscription.info()).pricing_plan).toBe('Basic');
    } finally {
      await offline.stop();
    }
  });

  test('a node without payment settings lists its plans and refuses orders and settlements with a final 501', async () => {
    const unpaid = await startPaymentNode();
    try {
      const ivy = await signedInUser(unpaid.url);
      expect((await ivy.payment.config()).payment).toEqual({
        receivingAddress: null,
        contractAddress: null,
        chainId: null,
        confirmations: 1,
      });
      // Not offered is final: a 501 with its own code, never the retryable 503 of an outage.
      for (const call of [ivy.payment.placeOrder('Standard'), ivy.payment.settle(1)]) {
        const error = await refused(call);
        expect(error).toMatchObject({ status: 501, code: 'FEATURE_NOT_OFFERED', retryable: false });
        expect(error.message).toMatch(/takes no payments/);
      }
    } finally {
      await unpaid.stop();
    }
  });
});
