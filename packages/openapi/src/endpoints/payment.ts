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
    body: payment.settleRequest,
    success: { status: 201, description: 'The receipt; the plan is upgraded.', body: payment.receipt },
    errors: [
      'INVALID_PARAMETER',
      'BAD_REQUEST',
      'ORDER_NOT_FOUND',
      'ALREADY_EXISTS',
      'FEATURE_NOT_OFFERED',
      'UNAVAILABLE',
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
    success: { status: 200, description: 'The receipts.', body: payment.receiptList },
    errors: [],
  },
});
