/** The Hive dialect's payment requests and answers (the reference's shapes). */
import { z } from 'zod';
import { queryInt } from '../common.js';
import { order, subscriptionKind } from '../payment.js';

export const paymentVersion = z.object({ version: z.string() }).meta({ id: 'HivePaymentVersion' });

export const placeOrderRequest = z
  .strictObject({ subscription: subscriptionKind, pricing_name: z.string().min(1).max(64) })
  .meta({ id: 'HivePlaceOrderRequest' });

export const settleParams = z.object({
  order_id: queryInt(0, Number.MAX_SAFE_INTEGER).meta({
    type: 'integer',
    description: 'The order id the payment contract assigned.',
  }),
});

const orderFilterFields = {
  subscription: subscriptionKind.optional(),
};

export const ordersQuery = z.object({
  ...orderFilterFields,
  order_id: queryInt(0, Number.MAX_SAFE_INTEGER).optional().meta({ type: 'integer' }),
});

export const ordersBody = z
  .strictObject({ ...orderFilterFields, order_id: z.number().int().min(0).optional() })
  .meta({
    id: 'HiveOrderFilter',
    description: 'The same filters in the body of the GET, where the Hive SDK sends them.',
  });

export const orderList = order
  .partial()
  .extend({ orders: z.array(order) })
  .meta({
    id: 'HiveOrderList',
    description:
      "The orders; when exactly one matches, its fields are also at the top level (SDK 2.9.14 builds every Order from the answer's top level).",
  });

export const receiptsQuery = z.object({
  order_id: queryInt(0, Number.MAX_SAFE_INTEGER).optional().meta({ type: 'integer' }),
});

export const receiptsBody = z
  .strictObject({ order_id: z.number().int().min(0).optional() })
  .meta({ id: 'HiveReceiptFilter' });
