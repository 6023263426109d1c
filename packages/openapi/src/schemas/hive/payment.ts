/** The Hive dialect's payment requests and answers (the reference's shapes). */
import { z } from 'zod';
import { queryInt } from '../common.js';
import { order, orderExample, subscriptionKind } from '../payment.js';

/** Contract order ids count from 1; the bound only keeps them exact as JavaScript numbers. */
const ORDER_ID_MAX = 2 ** 52;
const orderIdParam = () => queryInt(0, ORDER_ID_MAX, 17);

export const paymentVersion = z
  .object({ version: z.string().meta({ description: "The version of the node's plans file." }) })
  .meta({ id: 'HivePaymentVersion', examples: [{ version: '1.0' }] });

export const placeOrderRequest = z
  .strictObject({
    subscription: subscriptionKind,
    pricing_name: z
      .string()
      .min(1)
      .max(64)
      .meta({ description: 'The name of a paid plan of the node (`/subscription/pricing_plan`).' }),
  })
  .meta({ id: 'HivePlaceOrderRequest', examples: [{ subscription: 'vault', pricing_name: 'Standard' }] });

export const settleParams = z.object({
  order_id: orderIdParam().meta({ description: 'The order id the payment contract assigned.' }),
});

const orderFilterFields = {
  subscription: subscriptionKind.optional(),
};

export const ordersQuery = z.object({
  subscription: subscriptionKind
    .optional()
    .meta({ description: 'Only orders for this kind of plan.', examples: ['vault'] }),
  order_id: orderIdParam()
    .optional()
    .meta({ description: 'Only the order the payment contract numbered so (a settled one).' }),
});

export const ordersBody = z
  .strictObject({
    ...orderFilterFields,
    order_id: z
      .number()
      .int()
      .min(0)
      .optional()
      .meta({ description: 'Only the order the payment contract numbered so (a settled one).' }),
  })
  .meta({
    id: 'HiveOrderFilter',
    description: 'The same filters in the body of the GET, where the Hive SDK sends them.',
    examples: [{ subscription: 'vault' }],
  });

export const orderList = order
  .partial()
  .extend({ orders: z.array(order).meta({ description: 'The matching orders, oldest first.' }) })
  .meta({
    id: 'HiveOrderList',
    description:
      "The orders; when exactly one matches, its fields are also at the top level (SDK 2.9.14 builds every Order from the answer's top level).",
    examples: [{ orders: [orderExample], ...orderExample }],
  });

export const receiptsQuery = z.object({
  order_id: orderIdParam()
    .optional()
    .meta({ description: 'Only the receipt of the order the payment contract numbered so.' }),
});

export const receiptsBody = z
  .strictObject({
    order_id: z
      .number()
      .int()
      .min(0)
      .optional()
      .meta({ description: 'Only the receipt of the order the payment contract numbered so.' }),
  })
  .meta({
    id: 'HiveReceiptFilter',
    description: 'The same filter in the body of the GET, where the Hive SDK sends it.',
    examples: [{ order_id: 17 }],
  });
