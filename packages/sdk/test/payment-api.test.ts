import { build } from 'esbuild';
import { expect, test } from 'vitest';
import { Http } from '../src/http.js';
import { PaymentApi, type Order } from '../src/index.js';

test('ethers stays out of the main entry: payOrder loads it in a separate chunk, on first use', async () => {
  const result = await build({
    entryPoints: [new URL('../src/index.ts', import.meta.url).pathname],
    bundle: true,
    splitting: true,
    outdir: '/virtual-out',
    write: false,
    platform: 'browser',
    format: 'esm',
    conditions: ['@cella/source', 'browser', 'import', 'default'],
    logLevel: 'silent',
    metafile: true,
  });
  const outputs = Object.entries(result.metafile.outputs);
  const entry = outputs.find(([, o]) => o.entryPoint?.endsWith('src/index.ts'));
  expect(entry).toBeDefined();
  const entryInputs = Object.keys(entry![1].inputs);
  expect(entryInputs.filter((f) => f.includes('node_modules/ethers') || f.includes('contracts-abi'))).toEqual(
    [],
  );
  // ...and a lazily imported chunk carries the contract helpers with ethers.
  const lazy = outputs.filter(([, o]) =>
    Object.keys(o.inputs).some((f) => f.includes('contracts-abi/src/ethers.ts')),
  );
  expect(lazy).toHaveLength(1);
  expect(Object.keys(lazy[0]![1].inputs).some((f) => f.includes('node_modules/ethers'))).toBe(true);
});

test('payOrder refuses an order that is no longer payable before touching the network or ethers', async () => {
  const payment = new PaymentApi(
    new Http({
      url: 'http://127.0.0.1:9',
      fetch: () => Promise.reject(new Error('no network in this test')),
    }),
  );
  const order = { interim_orderid: 'abc', state: 'expired' } as Order;
  await expect(payment.payOrder(order, {} as never)).rejects.toThrow(
    'the order abc is expired: it cannot be paid',
  );
});
