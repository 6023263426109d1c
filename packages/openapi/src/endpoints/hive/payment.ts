/**
 * The Hive dialect's payment routes (the Hive SDK's PaymentService through VaultSubscription and
 * BackupSubscription). The wallet pays on-chain between placing and settling.
 */
import { defineEndpoints } from '../../endpoint.js';
import * as payment from '../../schemas/payment.js';
import * as hive from '../../schemas/hive/payment.js';
import { noBody } from '../../schemas/hive/common.js';
import { KiB } from '../common.js';

export const hivePaymentEndpoints = defineEndpoints({
  hivePaymentVersion: {
    operationId: 'hivePaymentVersion',
    method: 'GET',
    path: '/api/v2/payment/version',
    auth: 'user',
    tag: 'Hive: Payment',
    summary: "The version of the node's payment configuration (Hive SDK `getVersion`)",
    description:
      "Any signed-in user. The version of the node's plans file (`version` of `GET /api/v2/payment/config`), which the Hive SDK checks before ordering. Never refused.",
    success: { status: 200, description: 'The version.', body: hive.paymentVersion },
    errors: [],
  },
  hivePlaceOrder: {
    operationId: 'hivePlaceOrder',
    method: 'PUT',
    path: '/api/v2/payment/order',
    auth: 'user',
    tag: 'Hive: Payment',
    summary: 'Place an order for a vault or backup plan (Hive SDK `placeOrder`)',
    description:
      'The caller orders a paid plan. A plan that does not exist or is free is 400 (internal_code 1), as the reference; a backup plan needs the backup service on this node (404, internal_code 2); 501 `FEATURE_NOT_OFFERED` when the node takes no payments. Pay with the proof as memo, then settle.',
    body: hive.placeOrderRequest,
    success: { status: 200, description: 'The order, with its proof to pay with.', body: payment.order },
    errors: ['INVALID_PARAMETER', 'BACKUP_NOT_FOUND', 'FEATURE_NOT_OFFERED'],
    bodyLimit: 4 * KiB,
  },
  hiveSettleOrder: {
    operationId: 'hiveSettleOrder',
    method: 'POST',
    path: '/api/v2/payment/order/{order_id}',
    auth: 'user',
    tag: 'Hive: Payment',
    summary: 'Settle an order paid on-chain (Hive SDK `settleOrder`)',
    description:
      'The caller names the contract order id of their payment. The same checks as `POST /api/v2/payment/settle`; the plan is applied once per on-chain order (455 after). 404 (internal_code 7) when the memo is not an order of the caller; 503 when the chain is unreachable.',
    params: hive.settleParams,
    body: noBody,
    success: { status: 201, description: 'The receipt.', body: payment.receipt },
    errors: [
      'BAD_REQUEST',
      'INVALID_PARAMETER',
      'ORDER_NOT_FOUND',
      'ALREADY_EXISTS',
      'FEATURE_NOT_OFFERED',
      'UNAVAILABLE',
    ],
  },
  hiveListOrders: {
    operationId: 'hiveListOrders',
    method: 'GET',
    path: '/api/v2/payment/order',
    auth: 'user',
    tag: 'Hive: Payment',
    summary: "The caller's orders (Hive SDK `getOrder` / `getOrders`)",
    description:
      "The caller's own orders. Filters in the query or in the JSON body of the GET (where the SDK sends them). None is 404 (internal_code 7). When one order matches, its fields are also at the top level (SDK 2.9.14 reads them there).",
    query: hive.ordersQuery,
    body: hive.ordersBody.optional(),
    success: { status: 200, description: 'The orders.', body: hive.orderList },
    errors: ['INVALID_PARAMETER', 'ORDER_NOT_FOUND'],
    bodyLimit: 4 * KiB,
  },
  hiveListReceipts: {
    operationId: 'hiveListReceipts',
    method: 'GET',
    path: '/api/v2/payment/receipt',
    auth: 'user',
    tag: 'Hive: Payment',
    summary: "The caller's receipts (Hive SDK `getReceipts`)",
    description:
      "The caller's own receipts. Filter `order_id` (the contract's) in the query or the JSON body of the GET; the two must agree (400). None is 404 (internal_code 8).",
    query: hive.receiptsQuery,
    body: hive.receiptsBody.optional(),
    success: { status: 200, description: 'The receipts.', body: payment.receiptList },
    errors: ['INVALID_PARAMETER', 'RECEIPT_NOT_FOUND'],
    bodyLimit: 4 * KiB,
  },
});
