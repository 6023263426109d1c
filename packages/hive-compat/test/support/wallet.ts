/**
 * Paying an order the way an Elastos wallet does: the Hive SDK cannot pay (its
 * `PaymentService.payOrder()` rejects with "Please use payment SDK."), so the wallet calls the
 * reference payment contract's `payOrder(address to, string memo)` with the order's receiving
 * address, its proof as the memo and its price in wei, and reads the contract's order id from the
 * `OrderPay` event. Only the reference's ABI (HivePaymentV1) is used, not Cella's helpers.
 */
import type { Order } from '@elastosfoundation/hive-js-sdk';
import { Contract, Interface, JsonRpcProvider, Wallet, parseEther } from 'ethers';
import type { CompatWorld } from './world.js';

const hivePaymentV1 = new Interface([
  'function payOrder(address to, string memo) payable',
  'event OrderPay(address from, address to, uint256 amount, uint256 orderId)',
]);

/** Pays `order` from the funded account `payerKey`; returns the contract's order id. */
export async function payAsWallet(
  chain: CompatWorld['chain'],
  payerKey: string,
  order: Order,
): Promise<number> {
  const provider = new JsonRpcProvider(chain.rpcUrl, chain.chainId, { staticNetwork: true });
  try {
    const contract = new Contract(chain.contractAddress, hivePaymentV1, new Wallet(payerKey, provider));
    const payOrder = contract.getFunction('payOrder');
    const tx = await payOrder(order.getReceivingAddress(), order.getProof(), {
      value: parseEther(String(order.getPaymentAmount())),
    });
    const receipt = await tx.wait();
    for (const log of receipt?.logs ?? []) {
      const event = hivePaymentV1.parseLog(log);
      if (event?.name === 'OrderPay') return Number(event.args.getValue('orderId'));
    }
    throw new Error(`transaction ${String(tx.hash)} emitted no OrderPay event`);
  } finally {
    provider.destroy();
  }
}
