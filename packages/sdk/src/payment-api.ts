/**
 * `vault.payment`: storage plans paid on-chain. Place an order, pay it with an ethers v6 signer,
 * settle it, and the vault's plan is upgraded:
 *
 * ```ts
 * const order = await vault.payment.placeOrder('Standard');
 * const paid = await vault.payment.payOrder(order, wallet);   // ethers Signer with a provider
 * const receipt = await vault.payment.settle(paid.orderId);
 * ```
 *
 * ethers is an optional peer dependency: only `payOrder` needs it, and loads the contract helpers
 * (`@cella/contracts-abi/ethers`) when first called, so the SDK's main entry never pulls ethers in.
 */
import type * as EthersHelpersModule from '@cella/contracts-abi/ethers';
import type { Signer } from 'ethers';
import type { components } from './generated/openapi.js';
import type { Http } from './http.js';
import { allPages } from './pages.js';

export type PaymentConfig = components['schemas']['PaymentConfig'];
export type PricingPlan = components['schemas']['PricingPlan'];
export type Order = components['schemas']['Order'];
export type Receipt = components['schemas']['Receipt'];

export interface PayOrderOptions {
  /** Blocks to wait for before resolving. Default: the confirmations the node requires to settle. */
  confirmations?: number;
}

export interface PayOrderResult {
  /** The contract's order id: pass it to `settle()`. */
  orderId: number;
  txHash: string;
  blockNumber: number;
}

type EthersHelpers = typeof EthersHelpersModule;

/** Loaded once, on the first payment. */
let helpers: Promise<EthersHelpers> | undefined;

function loadHelpers(): Promise<EthersHelpers> {
  helpers ??= import('@cella/contracts-abi/ethers').catch((error: unknown) => {
    helpers = undefined;
    throw new Error('payOrder needs the `ethers` package (v6): npm install ethers', { cause: error });
  });
  return helpers;
}

export class PaymentApi {
  private configCache: Promise<PaymentConfig> | undefined;

  constructor(private readonly http: Http) {}

  /** The node's plans and where to pay (`payment_config`). Cached after the first call. */
  config(): Promise<PaymentConfig> {
    this.configCache ??= this.http
      .call((headers) => this.http.api.GET('/api/v2/payment/payment_config', { headers }))
      .catch((error: unknown) => {
        this.configCache = undefined;
        throw error;
      });
    return this.configCache;
  }

  /** Orders a plan upgrade; the order carries the node-signed proof to pay with. Valid 7 days. */
  placeOrder(pricingName: string, options: { subscription?: 'vault' | 'backup' } = {}): Promise<Order> {
    return this.http.call((headers) =>
      this.http.api.POST('/api/v2/payment/order', {
        headers,
        body: { subscription: options.subscription ?? 'vault', pricing_name: pricingName },
      }),
    );
  }

  async orders(): Promise<Order[]> {
    return allPages(async (skip) => {
      const page = await this.http.call((headers) =>
        this.http.api.GET('/api/v2/payment/orders', { headers, params: { query: skip ? { skip } : {} } }),
      );
      return { items: page.orders, nextSkip: page.next_skip };
    });
  }

  /**
   * Pays `order` on-chain: `payOrder(receiving_address, proof)` on the node's payment contract with
   * exactly `payment_amount_wei`, from `signer` (an ethers v6 Signer connected to the node's chain).
   * Resolves with the contract's order id once the transaction has the confirmations asked for.
   */
  async payOrder(order: Order, signer: Signer, options: PayOrderOptions = {}): Promise<PayOrderResult> {
    if (order.state !== 'normal')
      throw new Error(`the order ${order.interim_orderid} is ${order.state}: it cannot be paid`);
    const { payment } = await this.config();
    if (!payment.contractAddress)
      throw new Error('this node takes no payments (no payment contract configured)');
    if (payment.chainId !== null && signer.provider) {
      const network = await signer.provider.getNetwork();
      if (Number(network.chainId) !== payment.chainId) {
        throw new Error(
          `the signer is on chain ${network.chainId}; this node is paid on chain ${payment.chainId}`,
        );
      }
    }
    const { payOrder } = await loadHelpers();
    const paid = await payOrder(payment.contractAddress, signer, {
      to: order.receiving_address,
      memo: order.proof,
      valueWei: BigInt(order.payment_amount_wei),
      confirmations: Math.max(1, options.confirmations ?? payment.confirmations),
    });
    return { orderId: Number(paid.orderId), txHash: paid.txHash, blockNumber: paid.blockNumber };
  }

  /** Has the node verify the on-chain order and upgrade the plan; returns the receipt. */
  settle(orderId: number | bigint | PayOrderResult): Promise<Receipt> {
    const id = typeof orderId === 'object' ? orderId.orderId : Number(orderId);
    return this.http.call((headers) =>
      this.http.api.POST('/api/v2/payment/settle', { headers, body: { order_id: id } }),
    );
  }

  async receipts(): Promise<Receipt[]> {
    return allPages(async (skip) => {
      const page = await this.http.call((headers) =>
        this.http.api.GET('/api/v2/payment/receipts', { headers, params: { query: skip ? { skip } : {} } }),
      );
      return { items: page.receipts, nextSkip: page.next_skip };
    });
  }
}
