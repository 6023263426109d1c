/**
 * The Hive dialect's payment routes (the Hive SDK's PaymentService through VaultSubscription and
 * BackupSubscription). The wallet pays on-chain between placing and settling.
 */
import { defineEndpoints } from '../../endpoint.js';
import * as payment from '../../schemas/payment.js';
import * as hive from '../../schemas/hive/payment.js';
import { noBody } from '../../schemas/hive/common.js';
import { KiB } from '../common.js';

const USER = 'did:elastos:iXyZ8qUMM3kXyDPmEJmpSBE5q2rtHc8rzN';
const ORDER = {
  interim_orderid: '6780f1a2b3c4d5e6f7a8b9c0',
  subscription: 'vault',
  pricing_plan: 'Standard',
  paying_did: USER,
  payment_amount: 2.5,
  payment_amount_wei: '2500000000000000000',
  create_time: 1767225600,
  expiration_time: 1767830400,
  receiving_address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  state: 'paid',
  proof: 'eyJhbGciOiJFUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJIaXZlIFBheW1lbnQifQ.c2ln',
  order_id: 7,
};
const RECEIPT = {
  receipt_id: '9f86d081884c7d659a2feaa0',
  order_id: 7,
  interim_orderid: ORDER.interim_orderid,
  subscription: 'vault',
  pricing_plan: 'Standard',
  payment_amount: 2.5,
  paid_did: USER,
  create_time: 1767229200,
  receiving_address: ORDER.receiving_address,
  receipt_proof: 'eyJhbGciOiJFUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJIaXZlIFJlY2VpcHQifQ.c2ln',
};

export const hivePaymentEndpoints = defineEndpoints({
  hivePaymentVersion: {
    operationId: 'hivePaymentVersion',
    method: 'GET',
    path: '/api/v2/payment/version',
    auth: 'user',
    tag: 'Hive: Payment',
    summary: "The version of the node's payment configuration (Hive SDK `getVersion`)",
    success: { status: 200, description: 'The version.', body: hive.paymentVersion },
    errors: [],
    example: { request: 'GET /api/v2/payment/version', response: { version: '1.0' } },
  },
  hivePlaceOrder: {
    operationId: 'hivePlaceOrder',
    method: 'PUT',
    path: '/api/v2/payment/order',
    auth: 'user',
    tag: 'Hive: Payment',
    summary: 'Place an order for a vault or backup plan (Hive SDK `placeOrder`)',
    description:
      'A plan that does not exist or is free is 400 (internal_code 1), as the reference; a backup plan needs the backup service on this node (404/2).',
    body: hive.placeOrderRequest,
    success: { status: 200, description: 'The order, with its proof to pay with.', body: payment.order },
    errors: ['INVALID_PARAMETER', 'BACKUP_NOT_FOUND', 'UNAVAILABLE'],
    bodyLimit: 4 * KiB,
    example: {
      request: 'PUT /api/v2/payment/order',
      body: { subscription: 'vault', pricing_name: 'Standard' },
      response: { ...ORDER, state: 'normal', order_id: null },
    },
  },
  hiveSettleOrder: {
    operationId: 'hiveSettleOrder',
    method: 'POST',
    path: '/api/v2/payment/order/{order_id}',
    auth: 'user',
    tag: 'Hive: Payment',
    summary: 'Settle an order paid on-chain (Hive SDK `settleOrder`)',
    description:
      'The same checks as `POST /api/v2/payment/settle`; the plan is applied once per on-chain order.',
    params: hive.settleParams,
    body: noBody,
    success: { status: 201, description: 'The receipt.', body: payment.receipt },
    errors: ['BAD_REQUEST', 'INVALID_PARAMETER', 'ORDER_NOT_FOUND', 'ALREADY_EXISTS', 'UNAVAILABLE'],
    example: { request: 'POST /api/v2/payment/order/7', body: {}, response: RECEIPT },
  },
  hiveListOrders: {
    operationId: 'hiveListOrders',
    method: 'GET',
    path: '/api/v2/payment/order',
    auth: 'user',
    tag: 'Hive: Payment',
    summary: "The caller's orders (Hive SDK `getOrder` / `getOrders`)",
    description:
      'Filters in the query or in the JSON body of the GET (where the SDK sends them). None is 404 (internal_code 7). When one order matches, its fields are also at the top level (SDK 2.9.14 reads them there).',
    query: hive.ordersQuery,
    body: hive.ordersBody.optional(),
    success: { status: 200, description: 'The orders.', body: hive.orderList },
    errors: ['INVALID_PARAMETER', 'ORDER_NOT_FOUND'],
    bodyLimit: 4 * KiB,
    example: {
      request: 'GET /api/v2/payment/order',
      body: { subscription: 'vault', order_id: 7 },
      response: { orders: [ORDER], ...ORDER },
    },
  },
  hiveListReceipts: {
    operationId: 'hiveListReceipts',
    method: 'GET',
    path: '/api/v2/payment/receipt',
    auth: 'user',
    tag: 'Hive: Payment',
    summary: "The caller's receipts (Hive SDK `getReceipts`)",
    description:
      "Filter `order_id` (the contract's) in the query or the JSON body. None is 404 (internal_code 8).",
    query: hive.receiptsQuery,
    body: hive.receiptsBody.optional(),
    success: { status: 200, description: 'The receipts.', body: payment.receiptList },
    errors: ['INVALID_PARAMETER', 'RECEIPT_NOT_FOUND'],
    bodyLimit: 4 * KiB,
    example: {
      request: 'GET /api/v2/payment/receipt',
      body: { order_id: 7 },
      response: { receipts: [RECEIPT] },
    },
  },
});
