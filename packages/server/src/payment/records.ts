/**
 * What the payment service keeps in the node database, validated when read back (zod at the
 * storage boundary):
 *
 * - `payment_orders`: one per placed order, `_id` = the interim order id;
 * - `payment_settlements`: node-wide, one per on-chain order ever presented for settlement,
 *   `_id` = `eip155:<chainId>:<contract>:<orderId>`. The store's unique `_id` is what makes an
 *   on-chain order settle at most once, whatever happens to orders later;
 * - `payment_receipts`: one per completed settlement, `_id` derived from the settlement key.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { planSchema } from '../vault/plans.js';

export const ORDERS = 'payment_orders';
export const SETTLEMENTS = 'payment_settlements';
export const RECEIPTS = 'payment_receipts';

export const orderDoc = z.object({
  _id: z.string(),
  userDid: z.string(),
  subscription: z.enum(['vault', 'backup']),
  /** The plan as offered when ordered: the payer gets what was offered even if the file changes. */
  plan: planSchema,
  amountWei: z.string(),
  receivingAddress: z.string(),
  created: z.number(),
  expires: z.number(),
  proof: z.string(),
  state: z.enum(['normal', 'paid', 'archive']),
  /** The settlement that claimed this order (null while unpaid). */
  settlement: z.string().nullable(),
  contractOrderId: z.number().nullable(),
  receiptId: z.string().nullable(),
});
export type OrderDoc = z.infer<typeof orderDoc>;

export const settlementDoc = z.object({
  _id: z.string(),
  /** pending: claimed, completion under way (or interrupted); done; rejected: can never settle. */
  state: z.enum(['pending', 'done', 'rejected']),
  userDid: z.string(),
  orderId: z.string(),
  contractOrderId: z.number(),
  chainId: z.number(),
  contract: z.string(),
  paidWei: z.string(),
  created: z.number(),
  completed: z.number().optional(),
  receiptId: z.string().optional(),
  reason: z.string().optional(),
});
export type SettlementDoc = z.infer<typeof settlementDoc>;

export const receiptDoc = z.object({
  _id: z.string(),
  userDid: z.string(),
  orderId: z.string(),
  contractOrderId: z.number(),
  subscription: z.enum(['vault', 'backup']),
  pricingPlan: z.string(),
  amount: z.number(),
  paidWei: z.string(),
  receivingAddress: z.string(),
  created: z.number(),
  proof: z.string(),
});
export type ReceiptDoc = z.infer<typeof receiptDoc>;

/** The node-wide unique key of an on-chain order (CAIP-2 chain id, lower-case contract). */
export function settlementKey(chainId: number, contract: string, orderId: bigint | number): string {
  return `eip155:${chainId}:${contract.toLowerCase()}:${orderId}`;
}

/** The receipt of a settlement has a fixed id, so completing a settlement twice writes one receipt. */
export function receiptIdFor(key: string): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 24);
}
