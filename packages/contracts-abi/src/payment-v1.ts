// Typed facts about PaymentV1 derived from its ABI, usable without ethers (or any EVM library).
import { paymentV1Abi } from './generated/payment-v1.js';

type AbiEntry = (typeof paymentV1Abi)[number];

export type PaymentV1FunctionName = Extract<AbiEntry, { type: 'function' }>['name'];
export type PaymentV1EventName = Extract<AbiEntry, { type: 'event' }>['name'];
export type PaymentV1ErrorName = Extract<AbiEntry, { type: 'error' }>['name'];

function namesOf<T extends AbiEntry['type']>(type: T): readonly string[] {
  return paymentV1Abi.flatMap((entry) => (entry.type === type && 'name' in entry ? [entry.name] : []));
}

/** Every function of the contract, by name, for exhaustive checks and string-typed calls. */
export const paymentV1FunctionNames = namesOf('function') as readonly PaymentV1FunctionName[];
export const paymentV1EventNames = namesOf('event') as readonly PaymentV1EventName[];
export const paymentV1ErrorNames = namesOf('error') as readonly PaymentV1ErrorName[];

/** One paid order as `getOrder` returns it. `amount` is the gross value in wei, fee included. */
export interface PaymentV1Order {
  orderId: bigint;
  amount: bigint;
  /** Checksummed recipient address. */
  to: string;
  memo: string;
}

/** The `OrderPay` event: one per paid order. */
export interface OrderPayEvent {
  from: string;
  to: string;
  amount: bigint;
  orderId: bigint;
}

/** The fee rate is a percentage of each payment: `platformFeeRate / PLATFORM_FEE_RATE_BASE`. */
export const PLATFORM_FEE_RATE_BASE = 100n;

/**
 * How the contract splits a payment: the platform gets floor(value × rate / 100), the recipient
 * gets the rest (so rounding favours the recipient). Mirrors `payOrder` exactly.
 */
export function splitPayment(
  valueWei: bigint,
  platformFeeRate: bigint | number,
): { platformFee: bigint; recipientAmount: bigint } {
  const rate = BigInt(platformFeeRate);
  if (valueWei < 0n) throw new RangeError('valueWei must not be negative');
  if (rate < 0n || rate > PLATFORM_FEE_RATE_BASE) throw new RangeError('platformFeeRate must be 0..100');
  const platformFee = (valueWei * rate) / PLATFORM_FEE_RATE_BASE;
  return { platformFee, recipientAmount: valueWei - platformFee };
}

/**
 * The Hive node's own payment contracts (`HivePaymentV1`) already deployed on Elastos Smart
 * Chain. Their functions and events have the same ABI as PaymentV1, so reading orders and paying
 * through `paymentV1Abi` works against them too; only their revert reasons differ (strings, not
 * custom errors). A Cella node may point at them or at its own PaymentV1 deployment.
 */
export const hivePaymentV1Deployments = {
  escMainnet: { chainId: 20, address: '0x59E9f4ff80f3B3A4810b5264EB713DC04F9DFC31' },
  escTestnet: { chainId: 21, address: '0x81897263EC51A2314d256703b2B9f57664B772a9' },
} as const;
