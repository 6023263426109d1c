import { z } from 'zod';
import {
  count,
  did,
  epochSeconds,
  epochSecondsOrNever,
  nextSkip,
  queryBoolean,
  querySkip,
} from './common.js';
import {
  contractAddress,
  nodeDid,
  orderId,
  orderProof,
  receiptProof,
  receivingAddress,
  time,
  userDid,
} from './example-values.js';

const plans = {
  basic: { name: 'Basic', maxStorage: 500, serviceDays: -1, amount: 0, currency: 'ELA' },
  standard: { name: 'Standard', maxStorage: 2000, serviceDays: 30, amount: 2.5, currency: 'ELA' },
  premium: { name: 'Premium', maxStorage: 5000, serviceDays: 30, amount: 5, currency: 'ELA' },
};

export const pricingPlan = z
  .object({
    name: z.string().meta({ description: 'The plan name, as `pricing_name` of an order.' }),
    maxStorage: z.number().meta({ description: 'Storage quota in MiB.' }),
    serviceDays: z.number().int().min(-1).meta({ description: 'Days of service; -1 = no end.' }),
    amount: z.number().meta({ description: 'Price in `currency`; 0 = free.' }),
    currency: z
      .string()
      .meta({ description: 'The currency of `amount` (`ELA` on the Elastos Smart Chain).' }),
  })
  .meta({ id: 'PricingPlan', examples: [plans.standard] });

export const paymentConfig = z
  .object({
    version: z.string().meta({ description: "The version of the node's plans file." }),
    pricingPlans: z
      .array(pricingPlan)
      .meta({ description: 'Vault plans; the first free one is the default.' }),
    backupPlans: z.array(pricingPlan).meta({ description: 'Plans of backups kept on this node.' }),
    payment: z
      .object({
        receivingAddress: z
          .string()
          .nullable()
          .meta({ description: 'EVM address that must receive payments; null when this node takes none.' }),
        contractAddress: z.string().nullable().meta({
          description: 'The payment contract to call `payOrder` on; null when this node takes no payments.',
        }),
        chainId: z
          .number()
          .int()
          .min(1)
          .nullable()
          .meta({ description: 'The EVM chain id of the contract.' }),
        confirmations: z
          .number()
          .int()
          .min(1)
          .meta({ description: 'Blocks a payment needs before `settle` accepts it.' }),
      })
      .meta({ description: 'Where and how to pay.' }),
  })
  .meta({
    id: 'PaymentConfig',
    examples: [
      {
        version: '1.0',
        pricingPlans: [plans.basic, plans.standard, plans.premium],
        backupPlans: [plans.basic, { ...plans.standard, amount: 1.5 }, { ...plans.premium, amount: 3 }],
        payment: { receivingAddress, contractAddress, chainId: 20, confirmations: 2 },
      },
    ],
  });

export const subscriptionKind = z
  .enum(['vault', 'backup'])
  .meta({ description: '`vault`: a plan of the vault; `backup`: a plan of backups on this node.' });

export const placeOrderRequest = z
  .strictObject({
    subscription: subscriptionKind.default('vault'),
    pricing_name: z
      .string()
      .min(1)
      .max(64)
      .meta({ description: 'The name of a paid plan of `payment_config`.' }),
  })
  .meta({ id: 'PlaceOrderRequest', examples: [{ subscription: 'vault', pricing_name: 'Standard' }] });

export const orderExample = {
  interim_orderid: orderId,
  subscription: 'vault',
  pricing_plan: 'Standard',
  paying_did: userDid,
  payment_amount: 2.5,
  payment_amount_wei: '2500000000000000000',
  create_time: time.orderPlaced,
  expiration_time: time.orderPlaced + 7 * 86_400,
  receiving_address: receivingAddress,
  state: 'normal',
  proof: orderProof,
  order_id: null,
};

export const order = z
  .object({
    interim_orderid: z.string().meta({ description: "The node's id of the order (24 hex digits)." }),
    subscription: subscriptionKind,
    pricing_plan: z.string().meta({ description: 'The plan ordered.' }),
    paying_did: did.meta({ description: 'The user who ordered.' }),
    payment_amount: z.number().meta({ description: "Price in the plan's currency (ELA on ESC)." }),
    payment_amount_wei: z.string().regex(/^\d+$/).meta({
      description:
        'The same price in wei (10^-18), as a decimal string: the exact `value` to send with `payOrder`.',
    }),
    create_time: epochSeconds.meta({ description: 'When the order was placed.' }),
    expiration_time: epochSeconds.meta({ description: 'Pay and settle before this (7 days after placing).' }),
    receiving_address: z.string().meta({ description: 'The address the payment must go to.' }),
    state: z.enum(['normal', 'paid', 'expired', 'archive']).meta({
      description:
        '`normal`: waiting for payment; `paid`: settled; `expired`: not paid in time; `archive`: kept for the record.',
    }),
    proof: z
      .string()
      .meta({ description: 'Order proof JWT signed by the node; pass it as the memo of `payOrder`.' }),
    order_id: z
      .number()
      .int()
      .min(0)
      .nullable()
      .optional()
      .meta({ description: 'The contract order id once settled.' }),
  })
  .meta({ id: 'Order', examples: [orderExample] });

export const orderList = z
  .object({
    orders: z.array(order).meta({ description: 'Oldest first; `[]` when none.' }),
    next_skip: nextSkip,
  })
  .meta({ id: 'OrderList', examples: [{ orders: [orderExample] }] });

export const settleRequest = z
  .strictObject({
    order_id: z
      .number()
      .int()
      .min(0)
      .meta({ description: 'The order id assigned by the payment contract (from its `OrderPaid` event).' }),
  })
  .meta({ id: 'SettleRequest', examples: [{ order_id: 17 }] });

export const receiptExample = {
  receipt_id: 'c2b7e0a4d91f3865a0e4b7d1',
  order_id: 17,
  interim_orderid: orderId,
  subscription: 'vault',
  pricing_plan: 'Standard',
  payment_amount: 2.5,
  paid_did: userDid,
  create_time: time.paid,
  receiving_address: receivingAddress,
  receipt_proof: receiptProof,
};

export const receipt = z
  .object({
    receipt_id: z.string().meta({ description: 'The id of the receipt (24 hex digits).' }),
    order_id: z.number().int().min(0).meta({ description: 'The contract order id.' }),
    interim_orderid: z.string().meta({ description: "The node's id of the order." }),
    subscription: subscriptionKind,
    pricing_plan: z.string().meta({ description: 'The plan paid for.' }),
    payment_amount: z.number().meta({ description: "Price paid, in the plan's currency." }),
    paid_did: did.meta({ description: 'The user who paid.' }),
    create_time: epochSeconds.meta({ description: 'When the payment was settled.' }),
    receiving_address: z.string().meta({ description: 'The address that received the payment.' }),
    receipt_proof: z.string().meta({ description: 'Receipt JWT signed by the node.' }),
  })
  .meta({ id: 'Receipt', examples: [receiptExample] });

export const receiptList = z
  .object({
    receipts: z.array(receipt).meta({ description: 'Oldest first; `[]` when none.' }),
    next_skip: nextSkip,
  })
  .meta({ id: 'ReceiptList', examples: [{ receipts: [receiptExample] }] });

export const listQuery = z.object({ skip: querySkip.optional() });

export const vaultStateQuery = z.object({
  op: z.enum(['activation', 'deactivation']).meta({
    description: '`deactivation` freezes the vault (read-only), `activation` unfreezes it.',
    examples: ['deactivation'],
  }),
});

export const unsubscribeQuery = z.object({
  force: queryBoolean.optional().meta({
    description:
      '`true`: delete the vault and everything in it (documents, scripts, files). Otherwise the vault is only switched off: every vault call answers 404 until `PUT /api/v2/subscription/vault` restores it with its data.',
  }),
});

/** `GET /subscription/vault`: the reference node's option (its tests read `files_used` with it). */
export const vaultInfoQuery = z.object({
  files_used: queryBoolean.optional().meta({
    description:
      "The reference node's option to add `files_used` to the answer; accepted for its clients, the answer carries `files_used` either way.",
  }),
});

export const vaultInfo = z
  .object({
    service_did: did.meta({ description: 'The DID of the node holding the vault.' }),
    pricing_plan: z.string().meta({ description: 'The current plan.' }),
    storage_quota: count.meta({ description: 'Bytes.' }),
    storage_used: count.meta({ description: 'Bytes: document bytes + logical file bytes.' }),
    database_used: count.meta({ description: 'Bytes of documents (BSON size) in collections and scripts.' }),
    files_used: count.meta({ description: 'Bytes of files (a copy counts again).' }),
    start_time: epochSeconds.meta({ description: 'When the current plan started.' }),
    end_time: z
      .number()
      .int()
      .min(-1)
      .meta({ description: 'When the current plan ends (then the free plan applies); -1 = no end.' }),
    created: epochSeconds.meta({ description: 'When the vault was created.' }),
    updated: epochSeconds.meta({ description: 'When the vault record last changed.' }),
    state: z.enum(['running', 'frozen', 'read_only']).meta({
      description:
        '`running`; `frozen` by its owner (reads only); `read_only` = over quota: writes are refused until usage drops.',
    }),
    app_count: count.meta({ description: 'Applications that used the vault.' }),
    access_count: count.meta({ description: 'Signed-in requests to the vault.' }),
    access_amount: count.meta({ description: 'Their bytes in and out.' }),
    access_last_time: epochSecondsOrNever.meta({ description: 'The latest of them; -1 = never.' }),
  })
  .meta({
    id: 'VaultInfo',
    examples: [
      {
        service_did: nodeDid,
        pricing_plan: 'Standard',
        storage_quota: 2000 * 1024 * 1024,
        storage_used: 493_650,
        database_used: 11_537,
        files_used: 482_113,
        start_time: time.paid,
        end_time: time.paid + 30 * 86_400,
        created: time.vaultCreated,
        updated: time.paid,
        state: 'running',
        app_count: 2,
        access_count: 318,
        access_amount: 1_204_733,
        access_last_time: time.photoUploaded,
      },
    ],
  });
