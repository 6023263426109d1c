/**
 * Plan upgrades paid on-chain (spec §1.5, §4 "Payment"): place an order (the node signs an order
 * proof), the user pays the contract with the proof as memo, then settles by the contract's order id.
 *
 * Settling is written so that a crash at any point neither upgrades twice nor loses a paid upgrade:
 *
 * 1. every check is made (chain, recipient, memo = an unsettled order of this user, expiry, proof,
 *    amount) before anything is written;
 * 2. the on-chain order is claimed by inserting its node-wide settlement record (unique key
 *    (chainId, contract, orderId)). From here the payment is accepted: the record holds all that
 *    is needed to finish, and a second claim of the same on-chain order fails on the key;
 * 3. completion — claim the local order, apply the plan, write the receipt, mark order and record
 *    done — is idempotent step by step: the order is claimed by the settlement key, the vault applies
 *    a settlement key once, the receipt id derives from the key. A completion interrupted anywhere is
 *    finished by the next settle call for the same on-chain order, or at the next start (`recover`).
 */
import { decodeJwt } from '@cella/did';
import type { schemas } from '@cella/openapi';
import { ObjectId } from 'bson';
import type { z } from 'zod';
import type { NodeIdentity } from '../auth/node-identity.js';
import type { Collection, Database } from '@cella/document-store';
import { StoreError } from '@cella/document-store';
import { CellaError } from '../errors.js';
import type { Logger } from '../logger.js';
import { priceToWei, type PlansFile } from '../vault/plans.js';
import type { PlanChange, VaultService } from '../vault/vaults.js';
import type { PaymentChain } from './chain.js';
import { signOrderProof, signReceiptProof, verifyOrderProof } from './proofs.js';
import {
  ORDERS,
  RECEIPTS,
  SETTLEMENTS,
  orderDoc,
  receiptDoc,
  receiptIdFor,
  settlementDoc,
  settlementKey,
  type OrderDoc,
  type ReceiptDoc,
  type SettlementDoc,
} from './records.js';
import type { PaymentSettings } from './settings.js';
import { planChange } from './upgrade.js';

export type OrderView = z.input<typeof schemas.payment.order>;
export type ReceiptView = z.input<typeof schemas.payment.receipt>;
export type PaymentConfigView = z.input<typeof schemas.payment.paymentConfig>;

/** An order can be paid for 7 days (the reference's expiry). */
export const ORDER_TTL_SECONDS = 7 * 86_400;
/** Unpaid, unexpired orders one user may hold (keeps the order table bounded). */
export const MAX_OPEN_ORDERS = 20;

/** The points of a settlement's completion, in order (test hooks can fail there to simulate a crash). */
export type SettleStep = 'claimed' | 'order-claimed' | 'upgraded' | 'receipt-written' | 'order-paid';

/** The backup services a backup node keeps (their plans are ordered and settled here too). */
export interface BackupPlanHolder {
  find(userDid: string): Promise<{ planAmount: number; end: number } | null>;
  applyPlanChange(
    userDid: string,
    settlementKey: string,
    compute: (current: { planAmount: number; end: number }) => PlanChange,
  ): Promise<boolean>;
}

export interface PaymentServiceOptions {
  nodeDb: Database;
  identity: NodeIdentity;
  vaults: VaultService;
  plans: PlansFile;
  clock: () => number;
  /** null: this node takes no payments (orders and settlements answer 501 FEATURE_NOT_OFFERED). */
  settings: PaymentSettings | null;
  chain: PaymentChain | null;
  log: Logger;
}

const badRequest = (message: string) => new CellaError('BAD_REQUEST', message);

function isDuplicate(error: unknown): boolean {
  return error instanceof StoreError && error.code === 'DUPLICATE_KEY';
}

export class PaymentService {
  /** Test hook: called after each completion step; a throw there leaves the settlement pending. */
  hooks: { afterStep?: (step: SettleStep, key: string) => void | Promise<void> } = {};

  private readonly orders: Collection;
  private readonly settlements: Collection;
  private readonly receipts: Collection;
  private backups: BackupPlanHolder | null = null;

  constructor(private readonly o: PaymentServiceOptions) {
    this.orders = o.nodeDb.collection(ORDERS);
    this.settlements = o.nodeDb.collection(SETTLEMENTS);
    this.receipts = o.nodeDb.collection(RECEIPTS);
  }

  /** The settings this node takes payments with (null: none). */
  get settings(): PaymentSettings | null {
    return this.o.settings;
  }

  private now(): number {
    return Math.floor(this.o.clock() / 1000);
  }

  /** Connects the backup services of a backup node (wired once the backup service is built). */
  useBackups(backups: BackupPlanHolder): void {
    this.backups = backups;
  }

  private async step(step: SettleStep, key: string): Promise<void> {
    await this.hooks.afterStep?.(step, key);
  }

  private ready(): { settings: PaymentSettings; chain: PaymentChain } {
    if (!this.o.settings || !this.o.chain) {
      // Not a passing outage: asking again will not help, so not the retryable 503.
      throw new CellaError(
        'FEATURE_NOT_OFFERED',
        'this node takes no payments (no payment contract and receiving address configured)',
      );
    }
    return { settings: this.o.settings, chain: this.o.chain };
  }

  /** `GET /payment/payment_config`: the plans and where to pay. */
  async config(): Promise<PaymentConfigView> {
    const { settings, chain } = this.o;
    let chainId = settings?.chainId ?? null;
    if (settings && chain && chainId === null) chainId = await chain.chainId().catch(() => null);
    return {
      version: this.o.plans.version,
      pricingPlans: this.o.plans.pricingPlans,
      backupPlans: this.o.plans.backupPlans,
      payment: {
        receivingAddress: settings?.receivingAddress ?? null,
        contractAddress: settings?.contractAddress ?? null,
        chainId,
        confirmations: settings?.confirmations ?? 1,
      },
    };
  }

  async placeOrder(
    userDid: string,
    subscription: 'vault' | 'backup',
    pricingName: string,
  ): Promise<OrderView> {
    const { settings } = this.ready();
    if (subscription === 'backup' && !(this.backups && (await this.backups.find(userDid)))) {
      throw new CellaError(
        'BACKUP_NOT_FOUND',
        this.backups
          ? 'you have no backup service on this node: subscribe to it first (PUT /api/v2/subscription/backup)'
          : 'this node keeps no backups: backup plans cannot be ordered here',
      );
    }
    const offered = subscription === 'backup' ? this.o.plans.backupPlans : this.o.plans.pricingPlans;
    const plan = offered.find((p) => p.name === pricingName);
    if (!plan)
      throw new CellaError('PLAN_NOT_FOUND', `no ${subscription} plan named "${pricingName}" on this node`);
    if (plan.amount <= 0)
      throw new CellaError('INVALID_PARAMETER', `the plan "${plan.name}" is free: there is nothing to order`);
    if (subscription === 'vault') await this.o.vaults.open(userDid);
    const now = this.now();
    const open = await this.orders.count({ userDid, state: 'normal', expires: { $gt: now } });
    if (open >= MAX_OPEN_ORDERS) {
      throw new CellaError(
        'INVALID_PARAMETER',
        `you already have ${open} unpaid orders; pay one or wait until they expire`,
      );
    }
    const id = new ObjectId().toHexString();
    const expires = now + ORDER_TTL_SECONDS;
    const claim = {
      interim_orderid: id,
      subscription,
      pricing_plan: plan.name,
      paying_did: userDid,
      payment_amount: plan.amount,
      create_time: now,
      expiration_time: expires,
      receiving_address: settings.receivingAddress,
      state: 'normal',
    };
    const doc: OrderDoc = {
      _id: id,
      userDid,
      subscription,
      plan,
      amountWei: priceToWei(plan.amount).toString(),
      receivingAddress: settings.receivingAddress,
      created: now,
      expires,
      proof: await signOrderProof(this.o.identity, userDid, claim, now, expires),
      state: 'normal',
      settlement: null,
      contractOrderId: null,
      receiptId: null,
    };
    await this.orders.insertMany([doc]);
    return this.orderView(doc);
  }

  async listOrders(userDid: string): Promise<{ orders: OrderView[] }> {
    const orders: OrderView[] = [];
    for await (const batch of this.orderBatches(userDid)) orders.push(...batch);
    return { orders };
  }

  /** The user's orders, oldest first, in batches read as they are pulled; `skip` leaves out the first. */
  async *orderBatches(userDid: string, skip = 0): AsyncGenerator<OrderView[]> {
    const cursor = this.orders.findExtJsonCursor({ userDid }, { sort: { created: 1 }, skip });
    for await (const texts of cursor)
      yield texts.map((text) => this.orderView(orderDoc.parse(JSON.parse(text))));
  }

  /** Every receipt of this node, oldest first (the node owner's filled orders). */
  async allReceipts(): Promise<(ReceiptView & { user_did: string })[]> {
    const docs = await this.receipts.find({}, { sort: { created: 1 } });
    return docs.map((d) => {
      const receipt = receiptDoc.parse(d);
      return { ...receiptView(receipt), user_did: receipt.userDid };
    });
  }

  async listReceipts(userDid: string): Promise<{ receipts: ReceiptView[] }> {
    const receipts: ReceiptView[] = [];
    for await (const batch of this.receiptBatches(userDid)) receipts.push(...batch);
    return { receipts };
  }

  /** The user's receipts, oldest first, in batches read as they are pulled; `skip` leaves out the first. */
  async *receiptBatches(userDid: string, skip = 0): AsyncGenerator<ReceiptView[]> {
    const cursor = this.receipts.findExtJsonCursor({ userDid }, { sort: { created: 1 }, skip });
    for await (const texts of cursor)
      yield texts.map((text) => receiptView(receiptDoc.parse(JSON.parse(text))));
  }

  /** `POST /payment/settle`: verifies the on-chain order `contractOrderId` and applies the plan. */
  async settle(userDid: string, contractOrderId: number): Promise<ReceiptView> {
    const { settings, chain } = this.ready();
    const chainId = await chain.chainId();
    const key = settlementKey(chainId, settings.contractAddress, contractOrderId);

    const known = await this.settlement(key);
    if (known) return this.resume(known, userDid);

    const read = await chain.readOrder(BigInt(contractOrderId));
    if (read.status === 'missing') throw badRequest(`the payment contract has no order ${contractOrderId}`);
    if (read.status === 'unconfirmed') {
      throw badRequest(
        `the payment of order ${contractOrderId} needs ${read.needed} confirmations; settle again after a few blocks`,
      );
    }
    const paid = read.order;
    if (paid.to !== settings.receivingAddress) {
      throw badRequest(
        `order ${contractOrderId} paid ${paid.to}, not this node's receiving address ${settings.receivingAddress}`,
      );
    }
    const order = await this.orderForMemo(userDid, paid.memo);
    if (order.settlement !== null || order.state !== 'normal') {
      throw badRequest(
        `the order ${order._id} has already been settled${order.contractOrderId !== null ? ` by contract order ${order.contractOrderId}` : ''}`,
      );
    }
    const now = this.now();
    if (order.expires <= now) {
      throw badRequest(
        `the order ${order._id} expired at ${new Date(order.expires * 1000).toISOString()}; place a new order`,
      );
    }
    await verifyOrderProof(this.o.identity, paid.memo, userDid, this.o.clock());
    if (paid.amount < BigInt(order.amountWei)) {
      throw badRequest(
        `order ${contractOrderId} paid ${paid.amount} wei; the plan "${order.plan.name}" costs ${order.amountWei} wei`,
      );
    }

    const record: SettlementDoc = {
      _id: key,
      state: 'pending',
      userDid,
      orderId: order._id,
      contractOrderId,
      chainId,
      contract: settings.contractAddress,
      paidWei: paid.amount.toString(),
      created: now,
    };
    try {
      await this.settlements.insertMany([record]);
    } catch (error) {
      if (!isDuplicate(error)) throw error;
      // Another request claimed this on-chain order between our read and our insert.
      const winner = await this.settlement(key);
      if (!winner) throw error;
      return this.resume(winner, userDid);
    }
    await this.step('claimed', key);
    return this.complete(record);
  }

  /** Finishes settlements interrupted by a crash (called at start). Returns how many it finished. */
  async recover(): Promise<number> {
    let finished = 0;
    for (const doc of await this.settlements.find({ state: 'pending' })) {
      const record = settlementDoc.parse(doc);
      try {
        await this.complete(record);
        finished++;
        this.o.log.info({ settlement: record._id }, 'finished an interrupted settlement');
      } catch (error) {
        this.o.log.warn({ err: error, settlement: record._id }, 'could not finish an interrupted settlement');
      }
    }
    return finished;
  }

  private async settlement(key: string): Promise<SettlementDoc | null> {
    const doc = await this.settlements.findOne({ _id: key });
    return doc ? settlementDoc.parse(doc) : null;
  }

  /** A settlement record exists for this on-chain order: finish it (same user, pending) or refuse. */
  private async resume(record: SettlementDoc, userDid: string): Promise<ReceiptView> {
    if (record.state === 'pending' && record.userDid === userDid) return this.complete(record);
    const id = record.contractOrderId;
    if (record.state === 'done') {
      const yours =
        record.userDid === userDid && record.receiptId ? ` (your receipt ${record.receiptId})` : '';
      throw new CellaError('ALREADY_EXISTS', `contract order ${id} has already been settled${yours}`);
    }
    if (record.state === 'rejected') {
      throw new CellaError(
        'ALREADY_EXISTS',
        `contract order ${id} was presented before and can never settle: ${record.reason ?? 'refused'}`,
      );
    }
    throw new CellaError('ALREADY_EXISTS', `contract order ${id} is being settled for another user`);
  }

  /** The order whose proof is `memo`, if it is one of this user's orders. */
  private async orderForMemo(userDid: string, memo: string): Promise<OrderDoc> {
    let id: unknown;
    try {
      const order = decodeJwt(memo).claims.order as { interim_orderid?: unknown } | undefined;
      id = order?.interim_orderid;
    } catch {
      id = undefined;
    }
    const doc = typeof id === 'string' ? await this.orders.findOne({ _id: id }) : null;
    const order = doc ? orderDoc.parse(doc) : null;
    // Another user's order looks the same as no order: nothing about it is disclosed.
    if (!order || order.userDid !== userDid || order.proof !== memo) {
      throw new CellaError(
        'ORDER_NOT_FOUND',
        'the payment memo is not the proof of an order of yours on this node',
      );
    }
    return order;
  }

  /** Completion of a claimed settlement; each step is idempotent (see the header). */
  private async complete(record: SettlementDoc): Promise<ReceiptView> {
    const key = record._id;
    const claimed = await this.orders.findOneAndUpdate(
      { _id: record.orderId, userDid: record.userDid, settlement: { $in: [null, key] } },
      { $set: { settlement: key, contractOrderId: record.contractOrderId } },
    );
    if (!claimed) {
      const reason = 'its order was settled by another payment';
      await this.settlements.updateOne(
        { _id: key, state: 'pending' },
        { $set: { state: 'rejected', reason, completed: this.now() } },
      );
      throw badRequest(`contract order ${record.contractOrderId} cannot settle: ${reason}`);
    }
    const order = orderDoc.parse(claimed);
    await this.step('order-claimed', key);

    const change = (current: { planAmount: number; end: number }) =>
      planChange(current, order.plan, this.now());
    if (order.subscription === 'backup') {
      if (!this.backups) throw new CellaError('BACKUP_NOT_FOUND', 'this node keeps no backups');
      await this.backups.applyPlanChange(record.userDid, key, change);
    } else {
      await this.o.vaults.open(record.userDid);
      await this.o.vaults.applyPlanChange(record.userDid, key, change);
    }
    await this.step('upgraded', key);

    const receipt = await this.writeReceipt(record, order);
    await this.step('receipt-written', key);

    await this.orders.updateOne({ _id: order._id }, { $set: { state: 'paid', receiptId: receipt._id } });
    await this.step('order-paid', key);
    await this.settlements.updateOne(
      { _id: key },
      { $set: { state: 'done', receiptId: receipt._id, completed: this.now() } },
    );
    return receiptView(receipt);
  }

  private async writeReceipt(record: SettlementDoc, order: OrderDoc): Promise<ReceiptDoc> {
    const id = receiptIdFor(record._id);
    const existing = await this.receipts.findOne({ _id: id });
    if (existing) return receiptDoc.parse(existing);
    const now = this.now();
    const doc: Omit<ReceiptDoc, 'proof'> = {
      _id: id,
      userDid: record.userDid,
      orderId: order._id,
      contractOrderId: record.contractOrderId,
      subscription: order.subscription,
      pricingPlan: order.plan.name,
      amount: order.plan.amount,
      paidWei: record.paidWei,
      receivingAddress: order.receivingAddress,
      created: now,
    };
    const { receipt_proof: _unsigned, ...claim } = receiptView({ ...doc, proof: '' });
    const full: ReceiptDoc = {
      ...doc,
      proof: await signReceiptProof(this.o.identity, record.userDid, claim, now),
    };
    try {
      await this.receipts.insertMany([full]);
      return full;
    } catch (error) {
      if (!isDuplicate(error)) throw error;
      const winner = await this.receipts.findOne({ _id: id });
      if (!winner) throw error;
      return receiptDoc.parse(winner);
    }
  }

  private orderView(doc: OrderDoc): OrderView {
    const expired = doc.state === 'normal' && doc.expires <= this.now();
    return {
      interim_orderid: doc._id,
      subscription: doc.subscription,
      pricing_plan: doc.plan.name,
      paying_did: doc.userDid,
      payment_amount: doc.plan.amount,
      payment_amount_wei: doc.amountWei,
      create_time: doc.created,
      expiration_time: doc.expires,
      receiving_address: doc.receivingAddress,
      state: expired ? 'expired' : doc.state,
      proof: doc.proof,
      order_id: doc.contractOrderId,
    };
  }
}

function receiptView(doc: ReceiptDoc): ReceiptView {
  return {
    receipt_id: doc._id,
    order_id: doc.contractOrderId,
    interim_orderid: doc.orderId,
    subscription: doc.subscription,
    pricing_plan: doc.pricingPlan,
    payment_amount: doc.amount,
    paid_did: doc.userDid,
    create_time: doc.created,
    receiving_address: doc.receivingAddress,
    receipt_proof: doc.proof,
  };
}
