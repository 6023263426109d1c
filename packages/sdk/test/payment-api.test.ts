import { build } from 'esbuild';
import { expect, test } from 'vitest';
import { payOrder } from '../src/ethers.js';
import { CellaPaymentError, type Order, type PaymentApi, type PaymentConfig } from '../src/index.js';

const here = (file: string) => new URL(file, import.meta.url).pathname;

test('the main entry bundles for browsers with no flags and without ethers or the contract helpers', async () => {
  const result = await build({
    entryPoints: [here('../src/index.ts')],
    bundle: true,
    write: false,
    platform: 'browser',
    format: 'esm',
    conditions: ['@cella/source'],
    logLevel: 'silent',
    metafile: true,
  });
  const inputs = Object.keys(result.metafile.inputs);
  expect(inputs.filter((f) => /node_modules\/ethers|contracts-abi/.test(f))).toEqual([]);
});

test('the ethers entry keeps ethers and the main entry as imports (one set of error classes)', async () => {
  const result = await build({
    entryPoints: [here('../src/ethers.ts')],
    bundle: true,
    write: false,
    platform: 'browser',
    format: 'esm',
    conditions: ['@cella/source'],
    external: ['ethers', '@cella/sdk'],
    logLevel: 'silent',
    metafile: true,
  });
  const output = result.outputFiles[0]!.text;
  expect(output).toMatch(/from "ethers"/);
  expect(output).toMatch(/from "@cella\/sdk"/);
  expect(Object.keys(result.metafile.inputs).some((f) => f.includes('contracts-abi/src/ethers.ts'))).toBe(
    true,
  );
});

function paymentWith(payment: Partial<PaymentConfig['payment']>): PaymentApi {
  const config: PaymentConfig = {
    version: '1',
    pricingPlans: [],
    backupPlans: [],
    payment: { receivingAddress: null, contractAddress: null, chainId: null, confirmations: 1, ...payment },
  };
  return { config: async () => config } as unknown as PaymentApi;
}

test('payOrder refuses, as CellaPaymentError, an order that is not payable and a node without payments', async () => {
  const expired = { interim_orderid: 'abc', state: 'expired' } as Order;
  const error = await payOrder(paymentWith({}), expired, {} as never).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(CellaPaymentError);
  expect(error).toMatchObject({
    code: 'ORDER_NOT_PAYABLE',
    message: 'the order abc is expired: it cannot be paid',
  });

  const payable = { interim_orderid: 'abc', state: 'normal' } as Order;
  await expect(payOrder({ payment: paymentWith({}) }, payable, {} as never)).rejects.toMatchObject({
    name: 'CellaPaymentError',
    code: 'PAYMENTS_NOT_OFFERED',
  });

  const onOtherChain = { provider: { getNetwork: async () => ({ chainId: 1n }) } };
  await expect(
    payOrder(
      paymentWith({ contractAddress: '0x0000000000000000000000000000000000000001', chainId: 31337 }),
      payable,
      onOtherChain as never,
    ),
  ).rejects.toMatchObject({ code: 'WRONG_CHAIN' });
});
