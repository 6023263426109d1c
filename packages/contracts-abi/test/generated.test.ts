// The committed src/generated/payment-v1.ts must be what contracts/PaymentV1.sol compiles to,
// and the bytecode must stay deployable on Elastos Smart Chain (no post-Istanbul opcodes).
import { Interface } from 'ethers';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { compilePaymentV1, EVM_VERSION } from '../scripts/solc-build.js';
import {
  paymentV1Abi,
  paymentV1Build,
  paymentV1Bytecode,
  paymentV1DeployedBytecode,
  paymentV1ErrorNames,
  paymentV1EventNames,
  paymentV1FunctionNames,
  splitPayment,
  type PaymentV1ErrorName,
  type PaymentV1EventName,
  type PaymentV1FunctionName,
} from '../src/index.js';

const STALE =
  'src/generated/payment-v1.ts is stale: run `npm run build -w @cella/contracts-abi` and commit the result';

describe('generated artifact', () => {
  it('matches a fresh compile of contracts/PaymentV1.sol', async () => {
    const fresh = await compilePaymentV1();
    expect(fresh.warnings, 'solc warnings').toEqual([]);
    expect(paymentV1Abi, STALE).toEqual(fresh.abi);
    expect(paymentV1Bytecode, STALE).toBe(fresh.bytecode);
    expect(paymentV1DeployedBytecode, STALE).toBe(fresh.deployedBytecode);
    expect(paymentV1Build, STALE).toEqual({
      compilerVersion: fresh.compilerVersion,
      evmVersion: EVM_VERSION,
      optimizer: { enabled: true, runs: 200 },
    });
  });

  it('uses no opcode newer than Istanbul, so it deploys on Elastos Smart Chain', () => {
    // BASEFEE (london), PUSH0 (shanghai), TLOAD/TSTORE/MCOPY/BLOBHASH/BLOBBASEFEE (cancun),
    // CLZ (osaka).
    const newer = new Map([
      [0x48, 'BASEFEE'],
      [0x5f, 'PUSH0'],
      [0x5c, 'TLOAD'],
      [0x5d, 'TSTORE'],
      [0x5e, 'MCOPY'],
      [0x49, 'BLOBHASH'],
      [0x4a, 'BLOBBASEFEE'],
      [0x1e, 'CLZ'],
    ]);
    for (const code of [paymentV1Bytecode, paymentV1DeployedBytecode]) {
      expect(
        opcodesOf(code)
          .filter((op) => newer.has(op))
          .map((op) => newer.get(op)),
      ).toEqual([]);
    }
  });

  it('exports literal-typed names derived from the ABI', () => {
    expect([...paymentV1FunctionNames].sort()).toEqual([
      'getOrder',
      'getOrderByAddress',
      'getOrderCountByAddress',
      'getOrders',
      'getPlatformFee',
      'owner',
      'payOrder',
      'renounceOwnership',
      'setPlatformFee',
      'transferOwnership',
    ]);
    expect([...paymentV1EventNames].sort()).toEqual([
      'OrderPay',
      'OwnershipTransferred',
      'PlatformFeeChanged',
    ]);
    expect(paymentV1ErrorNames).toContain('ZeroValue');
    expect(paymentV1ErrorNames).toContain('InvalidOrderId');
    expectTypeOf<PaymentV1EventName>().toEqualTypeOf<
      'OrderPay' | 'OwnershipTransferred' | 'PlatformFeeChanged'
    >();
    expectTypeOf<'payOrder'>().toExtend<PaymentV1FunctionName>();
    expectTypeOf<'ZeroValue'>().toExtend<PaymentV1ErrorName>();
    expectTypeOf<'notAFunction'>().not.toExtend<PaymentV1FunctionName>();
    // The `as const` ABI is accepted by ethers as is.
    expect(new Interface(paymentV1Abi).getFunction('payOrder')?.payable).toBe(true);
  });

  it('splitPayment mirrors the contract’s arithmetic and refuses impossible rates', () => {
    expect(splitPayment(100n, 5)).toEqual({ platformFee: 5n, recipientAmount: 95n });
    expect(splitPayment(19n, 5n)).toEqual({ platformFee: 0n, recipientAmount: 19n });
    expect(() => splitPayment(1n, 101)).toThrow(RangeError);
    expect(() => splitPayment(-1n, 1)).toThrow(RangeError);
  });
});

/** The opcodes of `code`, skipping PUSH data; stops at the CBOR metadata (after the last INVALID). */
function opcodesOf(code: string): number[] {
  const bytes = Buffer.from(code.slice(2), 'hex');
  // solc appends CBOR metadata whose length is the last two bytes; it is data, not code.
  const metadataLength = bytes.readUInt16BE(bytes.length - 2) + 2;
  const end = bytes.length - metadataLength;
  const ops: number[] = [];
  for (let i = 0; i < end; i++) {
    const op = bytes[i]!;
    ops.push(op);
    if (op >= 0x60 && op <= 0x7f) i += op - 0x5f; // PUSH1..PUSH32 carry 1..32 data bytes
  }
  return ops;
}
