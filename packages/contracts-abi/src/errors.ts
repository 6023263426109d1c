// One error class for "the payment contract refused": carries the custom error's name and
// arguments so callers branch on a name (e.g. 'InvalidOrderId' → the order does not exist)
// instead of parsing messages. Transport failures (RPC down, timeouts) are NOT wrapped.
import type { PaymentV1ErrorName } from './payment-v1.js';

export class PaymentContractError extends Error {
  override readonly name = 'PaymentContractError';

  constructor(
    /** The Solidity custom error, e.g. 'ZeroValue', 'InvalidOrderId', 'NotOwner'. */
    readonly errorName: PaymentV1ErrorName,
    /** Its decoded arguments, in declaration order. */
    readonly args: readonly unknown[],
    options?: { cause?: unknown },
  ) {
    super(`payment contract reverted: ${errorName}(${args.map(String).join(', ')})`, options);
  }
}
