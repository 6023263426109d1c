// ethers v6 helpers for PaymentV1: deploy, pay an order, read an order, decode reverts.
// Exported as '@cella/contracts-abi/ethers'. Browser-safe: it imports only ethers and this
// package's constants (no Node built-ins). ethers is an optional peer dependency, so the root
// entry point stays usable without it and apps share one ethers instance with this module.
import {
  Contract,
  ContractFactory,
  Interface,
  getAddress,
  isAddress,
  type BlockTag,
  type ContractRunner,
  type Signer,
  type TransactionReceipt,
} from 'ethers';
import * as z from 'zod';
import { PaymentContractError } from './errors.js';
import { paymentV1Abi, paymentV1Bytecode } from './generated/payment-v1.js';
import {
  paymentV1ErrorNames,
  type OrderPayEvent,
  type PaymentV1ErrorName,
  type PaymentV1Order,
} from './payment-v1.js';

/** The contract's ABI as an ethers Interface (encode calls, parse logs and errors). */
export const paymentV1Interface = new Interface(paymentV1Abi);

const addressSchema = z.string().refine((s) => isAddress(s), 'not an EVM address');
const uint256Schema = z.bigint().nonnegative();

/** A PaymentV1 (or ABI-compatible HivePaymentV1) at `address`, bound to `runner`. */
export function paymentV1Contract(address: string, runner?: ContractRunner | null): Contract {
  return new Contract(addressSchema.parse(address), paymentV1Interface, runner ?? null);
}

export interface DeployPaymentV1Options {
  /** Where the platform fee goes. */
  platformAddress: string;
  /** Percent of each payment kept as platform fee, 0..100. */
  platformFeeRate: number | bigint;
}

export interface DeployedPaymentV1 {
  address: string;
  contract: Contract;
  txHash: string;
  blockNumber: number;
}

const deployOptionsSchema = z.object({
  platformAddress: addressSchema,
  platformFeeRate: z
    .union([z.number().int(), z.bigint()])
    .transform(BigInt)
    .pipe(z.bigint().min(0n).max(100n)),
});

/** Deploys PaymentV1; the signer becomes its owner. Resolves once the deployment is mined. */
export async function deployPaymentV1(
  signer: Signer,
  options: DeployPaymentV1Options,
): Promise<DeployedPaymentV1> {
  const { platformAddress, platformFeeRate } = deployOptionsSchema.parse(options);
  const factory = new ContractFactory(paymentV1Interface, paymentV1Bytecode, signer);
  const deployed = await withDecodedRevert(() => factory.deploy(platformAddress, platformFeeRate));
  const tx = deployed.deploymentTransaction();
  if (!tx) throw new Error('deployment transaction missing');
  const receipt = await tx.wait();
  if (!receipt?.contractAddress) throw new Error(`deployment ${tx.hash} has no contract address`);
  const address = getAddress(receipt.contractAddress);
  return {
    address,
    contract: new Contract(address, paymentV1Interface, signer),
    txHash: tx.hash,
    blockNumber: receipt.blockNumber,
  };
}

export interface PayOrderOptions {
  /** The recipient: a vault node's receiving address. */
  to: string;
  /** A vault node expects the order proof JWT it issued for this order. */
  memo: string;
  /** Gross amount in wei, platform fee included. Must be > 0. */
  valueWei: bigint;
  /** Blocks to wait for before resolving (default 1: mined). */
  confirmations?: number;
}

export interface PayOrderResult {
  /** The contract order id to hand to the node's settle endpoint. */
  orderId: bigint;
  txHash: string;
  blockNumber: number;
}

const payOptionsSchema = z.object({
  to: addressSchema,
  memo: z.string(),
  valueWei: uint256Schema,
  confirmations: z.number().int().min(1).default(1),
});

/**
 * Pays an order and returns the order id the contract assigned, read from the `OrderPay` event
 * of the mined receipt (never from a later call, which could see someone else's order).
 * A refusal by the contract throws PaymentContractError (e.g. 'ZeroValue').
 */
export async function payOrder(
  contract: Contract | string,
  signer: Signer,
  options: PayOrderOptions,
): Promise<PayOrderResult> {
  const { to, memo, valueWei, confirmations } = payOptionsSchema.parse(options);
  const address = typeof contract === 'string' ? addressSchema.parse(contract) : await contract.getAddress();
  const bound = new Contract(address, paymentV1Interface, signer);
  const payOrderMethod = bound.getFunction('payOrder');
  const tx = await withDecodedRevert(() => payOrderMethod.send(to, memo, { value: valueWei }));
  const receipt = await withDecodedRevert(() => tx.wait(confirmations));
  if (!receipt) throw new Error(`transaction ${tx.hash} has no receipt`);
  const events = parseOrderPayEvents(receipt, address);
  const event = events[0];
  if (events.length !== 1 || !event) {
    throw new Error(`transaction ${tx.hash} emitted ${events.length} OrderPay events, expected 1`);
  }
  return { orderId: event.orderId, txHash: tx.hash, blockNumber: receipt.blockNumber };
}

/** Every `OrderPay` event that `contractAddress` emitted in this receipt. */
export function parseOrderPayEvents(
  receipt: Pick<TransactionReceipt, 'logs'>,
  contractAddress: string,
): OrderPayEvent[] {
  const wanted = getAddress(contractAddress);
  const events: OrderPayEvent[] = [];
  for (const log of receipt.logs) {
    if (getAddress(log.address) !== wanted) continue;
    const parsed = paymentV1Interface.parseLog({ topics: [...log.topics], data: log.data });
    if (parsed?.name !== 'OrderPay') continue;
    events.push(orderPayEventSchema.parse(parsed.args.toObject()));
  }
  return events;
}

const checksummed = addressSchema.transform((s) => getAddress(s));

const orderPayEventSchema = z.object({
  from: checksummed,
  to: checksummed,
  amount: uint256Schema,
  orderId: uint256Schema,
});

/** The chain's reply to getOrder, validated: a 4-tuple (orderId, amount, to, memo). */
const orderSchema = z
  .tuple([uint256Schema, uint256Schema, checksummed, z.string()])
  .transform(([orderId, amount, to, memo]): PaymentV1Order => ({ orderId, amount, to, memo }));

export interface ReadOptions {
  /**
   * The block to read at. A node settling payments reads at `latest - confirmations` so a
   * payment that could still be reorganised away is not trusted yet. Default 'latest'.
   */
  blockTag?: BlockTag;
}

/**
 * Reads one order. An id the contract does not know throws PaymentContractError with
 * errorName 'InvalidOrderId'; other failures (RPC down, no contract at `address`) propagate as is.
 */
export async function getOrder(
  runner: ContractRunner,
  address: string,
  orderId: bigint | number,
  options: ReadOptions = {},
): Promise<PaymentV1Order> {
  const id = uint256Schema.parse(BigInt(orderId));
  const method = paymentV1Contract(address, runner).getFunction('getOrder');
  const result = await withDecodedRevert(() =>
    method.staticCall(id, { blockTag: options.blockTag ?? 'latest' }),
  );
  // Returns one struct: ethers gives a Result whose single element is the 4-field tuple.
  return orderSchema.parse(Array.from(result as Iterable<unknown>));
}

/** Reads the fee configuration: where the fee goes and its rate in percent. */
export async function getPlatformFee(
  runner: ContractRunner,
  address: string,
  options: ReadOptions = {},
): Promise<{ platformAddress: string; platformFeeRate: bigint }> {
  const method = paymentV1Contract(address, runner).getFunction('getPlatformFee');
  const result = await withDecodedRevert(() => method.staticCall({ blockTag: options.blockTag ?? 'latest' }));
  const [platformAddress, platformFeeRate] = z
    .tuple([checksummed, uint256Schema])
    .parse(Array.from(result as Iterable<unknown>));
  return { platformAddress, platformFeeRate };
}

/**
 * The contract's custom error inside an ethers error, if there is one. Looks at ethers' own
 * decoding (`revert`) and at the raw revert data, wherever the provider put it: anvil's reply
 * to a failed eth_sendTransaction/estimateGas has `revert: null` but carries the data.
 */
export function decodePaymentV1Error(error: unknown): { name: PaymentV1ErrorName; args: unknown[] } | null {
  for (const data of revertDataCandidates(error)) {
    try {
      const parsed = paymentV1Interface.parseError(data);
      // parseError also decodes the built-in Error(string)/Panic(uint256); only ours count here.
      if (parsed && isPaymentV1ErrorName(parsed.name)) return { name: parsed.name, args: [...parsed.args] };
    } catch {
      // not this contract's error: try the next candidate
    }
  }
  return null;
}

function isPaymentV1ErrorName(name: string): name is PaymentV1ErrorName {
  return (paymentV1ErrorNames as readonly string[]).includes(name);
}

function* revertDataCandidates(error: unknown, depth = 0): Generator<string> {
  if (depth > 4 || typeof error !== 'object' || error === null) return;
  const e = error as Record<string, unknown>;
  if (typeof e.data === 'string' && e.data.startsWith('0x') && e.data.length >= 10) yield e.data;
  for (const key of ['error', 'info', 'cause', 'data']) yield* revertDataCandidates(e[key], depth + 1);
}

/** Runs `fn`; a revert carrying a PaymentV1 custom error is rethrown as PaymentContractError. */
async function withDecodedRevert<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    const decoded = decodePaymentV1Error(error);
    if (decoded) throw new PaymentContractError(decoded.name, decoded.args, { cause: error });
    throw error;
  }
}
