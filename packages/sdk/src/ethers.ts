/**
 * `@cella/sdk/ethers`: pays a Cella order with an ethers v6 Signer. A separate entry so that the
 * main one never imports ethers (an optional peer): apps that pay another way bundle and type-check
 * without it.
 *
 * ```ts
 * import { payOrder } from '@cella/sdk/ethers';
 * const order = await vault.payment.placeOrder('Standard');
 * const paid = await payOrder(vault, order, wallet);
 * await vault.payment.settle(paid);
 * ```
 */
import { PaymentContractError } from '@cella/contracts-abi';
import { payOrder as payOnChain } from '@cella/contracts-abi/ethers';
// The package itself (not a relative path), so the CommonJS build shares the main entry's classes.
import { CellaPaymentError, type Order, type PaymentApi } from '@cella/sdk';
import type { Signer } from 'ethers';

export interface PayOrderOptions {
  /** Blocks to wait for before resolving. Default: the confirmations the node requires to settle. */
  confirmations?: number;
}

export interface PayOrderResult {
  /** The contract's order id: pass it (or this result) to `vault.payment.settle()`. */
  orderId: number;
  txHash: string;
  blockNumber: number;
}

/**
 * Pays `order` on-chain: `payOrder(receiving_address, proof)` on the node's payment contract with
 * exactly `payment_amount_wei`, from `signer` (an ethers v6 Signer connected to the node's chain).
 * Resolves with the contract's order id once the transaction has the confirmations asked for.
 * Throws CellaPaymentError (or CellaApiError / CellaNetworkError while reading the node's settings).
 */
export async function payOrder(
  vault: { payment: PaymentApi } | PaymentApi,
  order: Order,
  signer: Signer,
  options: PayOrderOptions = {},
): Promise<PayOrderResult> {
  const payment = 'payment' in vault ? vault.payment : vault;
  if (order.state !== 'normal')
    throw new CellaPaymentError(
      'ORDER_NOT_PAYABLE',
      `the order ${order.interim_orderid} is ${order.state}: it cannot be paid`,
    );
  const { payment: settings } = await payment.config();
  if (!settings.contractAddress)
    throw new CellaPaymentError('PAYMENTS_NOT_OFFERED', 'this node takes no payments (no payment contract)');
  if (settings.chainId !== null && signer.provider) {
    let chainId: bigint;
    try {
      chainId = (await signer.provider.getNetwork()).chainId;
    } catch (error) {
      throw new CellaPaymentError('TRANSACTION_FAILED', `cannot reach the signer's chain: ${String(error)}`, {
        cause: error,
      });
    }
    if (Number(chainId) !== settings.chainId)
      throw new CellaPaymentError(
        'WRONG_CHAIN',
        `the signer is on chain ${chainId}; this node is paid on chain ${settings.chainId}`,
      );
  }
  try {
    const paid = await payOnChain(settings.contractAddress, signer, {
      to: order.receiving_address,
      memo: order.proof,
      valueWei: BigInt(order.payment_amount_wei),
      confirmations: Math.max(1, options.confirmations ?? settings.confirmations),
    });
    return { orderId: Number(paid.orderId), txHash: paid.txHash, blockNumber: paid.blockNumber };
  } catch (error) {
    if (error instanceof PaymentContractError)
      throw new CellaPaymentError('CONTRACT_REFUSED', error.message, {
        cause: error,
        contractError: error.errorName,
      });
    const message = error instanceof Error ? error.message : String(error);
    throw new CellaPaymentError('TRANSACTION_FAILED', `the payment transaction failed: ${message}`, {
      cause: error,
    });
  }
}
