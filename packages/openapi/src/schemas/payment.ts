import { z } from 'zod';
import { did, epochSeconds, nextSkip, queryBoolean, querySkip } from './common.js';

export const pricingPlan = z
  .object({
    name: z.string(),
    maxStorage: z.number().meta({ description: 'Storage quota in MiB.' }),
    serviceDays: z.number().int().meta({ description: 'Days of service; -1 = no end.' }),
    amount: z.number().meta({ description: 'Price in `currency`; 0 = free.' }),
    currency: z.string(),
  })
  .meta({ id: 'PricingPlan' });

export const paymentConfig = z
  .object({
    version: z.string(),
    pricingPlans: z.array(pricingPlan),
    backupPlans: z.array(pricingPlan),
    payment: z
      .object({
        receivingAddress: z
          .string()
          .nullable()
          .meta({ description: 'EVM address that must receive payments.' }),
        contractAddress: z.string().nullable(),
        chainId: z.number().int().nullable(),
        confirmations: z.number().int(),
      })
      .meta({ description: 'Where and how to pay.' }),
  })
  .meta({ id: 'PaymentConfig' });

export const subscriptionKind = z.enum(['vault', 'backup']);

export const placeOrderRequest = z
  .object({ subscription: subscriptionKind.default('vault'), pricing_name: z.string().min(1).max(64) })
  .meta({ id: 'PlaceOrderRequest' });

export const order = z
  .object({
    interim_orderid: z.string(),
    subscription: subscriptionKind,
    pricing_plan: z.string(),
    paying_did: did,
    payment_amount: z.number().meta({ description: "Price in the plan's currency (ELA on ESC)." }),
    payment_amount_wei: z.string().regex(/^\d+$/).meta({
      description:
        'The same price in wei (10^-18), as a decimal string: the exact `value` to send with `payOrder`.',
    }),
    create_time: epochSeconds,
    expiration_time: epochSeconds,
    receiving_address: z.string(),
    state: z.enum(['normal', 'paid', 'expired', 'archive']),
    proof: z
      .string()
      .meta({ description: 'Order proof JWT signed by the node; pass it as the memo of `payOrder`.' }),
    order_id: z
      .number()
      .int()
      .nullable()
      .optional()
      .meta({ description: 'The contract order id once settled.' }),
  })
  .meta({ id: 'Order' });

export const orderList = z.object({ orders: z.array(order), next_skip: nextSkip }).meta({ id: 'OrderList' });

export const settleRequest = z
  .object({
    order_id: z.number().int().min(0).meta({ description: 'The order id assigned by the payment contract.' }),
  })
  .meta({ id: 'SettleRequest' });

export const receipt = z
  .object({
    receipt_id: z.string(),
    order_id: z.number().int().meta({ description: 'The contract order id.' }),
    interim_orderid: z.string(),
    subscription: subscriptionKind,
    pricing_plan: z.string(),
    payment_amount: z.number(),
    paid_did: did,
    create_time: epochSeconds,
    receiving_address: z.string(),
    receipt_proof: z.string().meta({ description: 'Receipt JWT signed by the node.' }),
  })
  .meta({ id: 'Receipt' });

export const receiptList = z
  .object({ receipts: z.array(receipt), next_skip: nextSkip })
  .meta({ id: 'ReceiptList' });

export const listQuery = z.object({ skip: querySkip.optional() });

export const vaultStateQuery = z.object({
  op: z
    .enum(['activation', 'deactivation'])
    .meta({ description: '`deactivation` freezes the vault (read-only), `activation` unfreezes it.' }),
});

export const unsubscribeQuery = z.object({
  force: queryBoolean.optional().meta({
    description:
      '`true`: delete the vault and everything in it (documents, scripts, files). Otherwise the vault is only switched off: every vault call answers 404 until `PUT /api/v2/subscription/vault` restores it with its data.',
  }),
});

export const vaultInfo = z
  .object({
    service_did: did,
    pricing_plan: z.string(),
    storage_quota: z.number().int().meta({ description: 'Bytes.' }),
    storage_used: z.number().int().meta({ description: 'Bytes: document bytes + logical file bytes.' }),
    database_used: z.number().int(),
    files_used: z.number().int(),
    start_time: epochSeconds,
    end_time: epochSeconds.meta({ description: '-1 = no end.' }),
    created: epochSeconds,
    updated: epochSeconds,
    state: z
      .enum(['running', 'frozen', 'read_only'])
      .meta({ description: '`read_only` = over quota; writes are refused until usage drops.' }),
  })
  .meta({ id: 'VaultInfo' });
