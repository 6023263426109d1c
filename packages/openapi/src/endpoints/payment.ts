/** Plans and their payment: configuration, orders, on-chain settlement, receipts. */
import { defineEndpoints } from '../endpoint.js';
import * as payment from '../schemas/payment.js';
import { KiB } from './common.js';

export const paymentEndpoints = defineEndpoints({
  paymentConfig: {
    operationId: 'paymentConfig',
    method: 'GET',
    path: '/api/v2/payment/payment_config',
    auth: 'user',
    tag: 'Payment',
    summary: "The node's plans and where to pay (payment_config)",
    description:
      "Any signed-in user. The vault and backup plans of this node (the reference's pricing document) and where to pay: the receiving address, the payment contract and its chain, the confirmations a payment needs. A node that takes no payments answers null for the address, contract and chain.",
    success: { status: 200, description: 'Plans and payment settings.', body: payment.paymentConfig },
    errors: [],
  },
  placeOrder: {
    operationId: 'placeOrder',
    method: 'POST',
    path: '/api/v2/payment/order',
    auth: 'user',
    tag: 'Payment',
    summary: 'Place an order for a plan upgrade',
    description:
      "The caller orders a paid plan for their own vault. The answer carries the price in wei and the order proof: pay with the payment contract's `payOrder(receiving_address, memo = proof)` sending exactly that value, then settle. Orders expire after 7 days. 404 (internal_code 5) for an unknown plan; 400 for a free plan or more than 20 unpaid orders; a backup plan only on a backup node where the caller subscribed the backup service (else 404, internal_code 2; settling it upgrades that service); 501 `FEATURE_NOT_OFFERED` when the node takes no payments.",
    body: payment.placeOrderRequest,
    success: { status: 201, description: 'The order with its signed proof.', body: payment.order },
    errors: [
      'INVALID_PARAMETER',
      'PLAN_NOT_FOUND',
      'VAULT_NOT_FOUND',
      'BACKUP_NOT_FOUND',
      'FEATURE_NOT_OFFERED',
    ],
    bodyLimit: 4 * KiB,
  },
  listOrders: {
    operationId: 'listOrders',
    method: 'GET',
    path: '/api/v2/payment/orders',
    auth: 'user',
    tag: 'Payment',
    summary: "List the caller's orders",
    description:
      "The caller's own orders, oldest first; `[]` when none. An unpaid order past its expiry shows `state: expired`.",
    query: payment.listQuery,
    success: { status: 200, description: 'The orders.', body: payment.orderList },
    errors: [],
  },
  settleOrder: {
    operationId: 'settleOrder',
    method: 'POST',
    path: '/api/v2/payment/settle',
    auth: 'user',
    tag: 'Payment',
    summary: 'Settle an order by verifying its on-chain payment',
    description:
      'The caller names the contract order id of their payment. The node reads the on-chain order once it has the configured confirmations and checks: paid to the receiving address, at least the price in wei, its memo the proof of an unsettled, unexpired order of the caller. Then the plan is upgraded and a receipt issued. 404 (internal_code 7) when the memo is not an order of the caller; 400 when the payment does not qualify (amount, recipient, confirmations, expiry); 455 when that on-chain order was already settled (each is settled once, ever); 503 when the chain is unreachable. A settlement interrupted by a crash is finished by a retry.',
    body: payment.settleRequest,
    success: { status: 201, description: 'The receipt; the plan is upgraded.', body: payment.receipt },
    errors: [
      'INVALID_PARAMETER',
      'BAD_REQUEST',
      'ORDER_NOT_FOUND',
      'ALREADY_EXISTS',
      'FEATURE_NOT_OFFERED',
      'UNAVAILABLE',
      'VAULT_NOT_FOUND',
    ],
    bodyLimit: 4 * KiB,
  },
  listReceipts: {
    operationId: 'listReceipts',
    method: 'GET',
    path: '/api/v2/payment/receipts',
    auth: 'user',
    tag: 'Payment',
    summary: "List the caller's payment receipts",
    description:
      "The caller's own receipts, oldest first; `[]` when none. Each carries the receipt JWT signed by the node, proof of the payment for third parties.",
    query: payment.listQuery,
    success: { status: 200, description: 'The receipts.', body: payment.receiptList },
    errors: [],
  },
});
