/**
 * `vault.payment`: storage plans paid on-chain. Place an order, pay it (with an ethers v6 signer:
 * `payOrder` from `@cella/sdk/ethers`, or any wallet that can call the contract), settle it, and the
 * vault's plan is upgraded:
 *
 * ```ts
 * import { payOrder } from '@cella/sdk/ethers';
 * const order = await vault.payment.placeOrder('Standard');
 * const paid = await payOrder(vault, order, wallet);   // ethers Signer with a provider
 * const receipt = await vault.payment.settle(paid);
 * ```
 *
 * This entry never imports ethers, so apps that pay another way (or not at all) bundle and
 * type-check without it.
 */
import type { components } from './generated/openapi.js';
import type { Http } from './http.js';
import { allPages } from './pages.js';

export type PaymentConfig = components['schemas']['PaymentConfig'];
export type PricingPlan = components['schemas']['PricingPlan'];
export type Order = components['schemas']['Order'];
export type Receipt = components['schemas']['Receipt'];

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

  /** Has the node verify the on-chain order and upgrade the plan; returns the receipt. */
  settle(orderId: number | bigint | { orderId: number | bigint }): Promise<Receipt> {
    const id = Number(typeof orderId === 'object' ? orderId.orderId : orderId);
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
