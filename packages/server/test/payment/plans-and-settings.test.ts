/** Plans file, prices in wei, the carry-over rule and the payment settings checked at start. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { ConfigError, loadConfig, startNode } from '../../src/index.js';
import { carryOverSeconds, planChange } from '../../src/payment/upgrade.js';
import { paymentSettings } from '../../src/payment/settings.js';
import { defaultPlans, loadPlans, PlansError, priceToWei, quotaBytes } from '../../src/vault/plans.js';
import { DAY, testPlans } from './payment-node.js';

const dir = mkdtempSync(path.join(tmpdir(), 'cella-plans-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function plansFile(content: unknown): string {
  const file = path.join(dir, `plans-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

describe('plans file', () => {
  test('absent: the reference defaults (Basic 500 MiB free, Standard, Premium)', () => {
    expect(loadPlans(undefined)).toBe(defaultPlans);
    expect(quotaBytes(defaultPlans.pricingPlans[0]!)).toBe(500 * 1024 * 1024);
  });

  test('a valid file is read as is; version defaults to 1.0', () => {
    const { version: _v, ...rest } = testPlans;
    expect(loadPlans(plansFile(rest))).toEqual(testPlans);
  });

  test('bad files are refused with the file, the field and the reason', () => {
    const cases: Array<[unknown, RegExp]> = [
      ['{not json', /cannot read the plans file/],
      [{ ...testPlans, pricingPlans: [] }, /pricingPlans/],
      [{ ...testPlans, pricingPlans: testPlans.pricingPlans.slice(1) }, /pricingPlans: needs a free plan/],
      [
        { ...testPlans, pricingPlans: [testPlans.pricingPlans[0], testPlans.pricingPlans[0]] },
        /plan names must be unique/,
      ],
      [
        { ...testPlans, pricingPlans: [{ ...testPlans.pricingPlans[0], serviceDays: 30 }] },
        /free plan must not expire/,
      ],
      [
        {
          ...testPlans,
          pricingPlans: [testPlans.pricingPlans[0], { ...testPlans.pricingPlans[1], amount: 1e-19 }],
        },
        /pricingPlans\.1\.amount: at most 18 decimals/,
      ],
      [
        { ...testPlans, backupPlans: [{ ...testPlans.backupPlans[0], maxStorage: 0 }] },
        /backupPlans\.0\.maxStorage/,
      ],
    ];
    for (const [content, message] of cases) {
      const file = plansFile(content);
      expect(() => loadPlans(file), String(message)).toThrow(message);
      expect(() => loadPlans(file)).toThrow(PlansError);
    }
    expect(new PlansError('x')).toBeInstanceOf(ConfigError);
  });

  test('a node does not start with a bad plans file', async () => {
    const dataDir = mkdtempSync(path.join(dir, 'node-'));
    const config = loadConfig(
      {},
      { port: 0, dataDir, logLevel: 'silent', plansFile: plansFile({ pricingPlans: 'none' }) },
    );
    await expect(startNode(config)).rejects.toThrow(/invalid plans file .*pricingPlans/s);
  });

  test('prices convert to wei exactly, from the decimal the operator wrote', () => {
    expect(priceToWei(0)).toBe(0n);
    expect(priceToWei(2.5)).toBe(2_500_000_000_000_000_000n);
    expect(priceToWei(0.1)).toBe(100_000_000_000_000_000n); // not 100000000000000005551
    expect(priceToWei(0.001)).toBe(10n ** 15n);
    expect(priceToWei(1e-7)).toBe(100_000_000_000n);
    expect(priceToWei(1e-18)).toBe(1n);
    expect(priceToWei(1.5e21)).toBe(15n * 10n ** 38n);
    expect(() => priceToWei(1e-19)).toThrow(RangeError);
    expect(() => priceToWei(-1)).toThrow(RangeError);
  });
});

describe('plan change on payment (carry-over)', () => {
  const now = 1_800_000_000;
  const [basic, standard, premium] = testPlans.pricingPlans as [
    (typeof testPlans.pricingPlans)[0],
    (typeof testPlans.pricingPlans)[0],
    (typeof testPlans.pricingPlans)[0],
  ];

  test('from the free plan: now + service days, new quota, no carry-over', () => {
    expect(planChange({ planAmount: 0, end: -1 }, standard, now)).toEqual({
      plan: 'Standard',
      quota: quotaBytes(standard),
      planAmount: standard.amount,
      start: now,
      end: now + 30 * DAY,
    });
  });

  test('unused paid time moves over at the ratio of the prices', () => {
    const current = { planAmount: standard.amount, end: now + 20 * DAY };
    expect(carryOverSeconds(current, premium, now)).toBe(10 * DAY); // half the price per day
    expect(planChange(current, premium, now).end).toBe(now + 40 * DAY);
    expect(planChange(current, standard, now).end).toBe(now + 50 * DAY); // renewal keeps it all
    expect(carryOverSeconds({ planAmount: premium.amount, end: now + 10 * DAY }, standard, now)).toBe(
      20 * DAY,
    );
  });

  test('no carry-over from an expired, endless or free plan, nor into a free or endless plan', () => {
    expect(carryOverSeconds({ planAmount: standard.amount, end: now - 1 }, premium, now)).toBe(0);
    expect(carryOverSeconds({ planAmount: standard.amount, end: -1 }, premium, now)).toBe(0);
    expect(carryOverSeconds({ planAmount: 0, end: now + DAY }, premium, now)).toBe(0);
    expect(carryOverSeconds({ planAmount: standard.amount, end: now + DAY }, basic, now)).toBe(0);
    expect(
      planChange({ planAmount: standard.amount, end: now + DAY }, { ...premium, serviceDays: -1 }, now).end,
    ).toBe(-1);
  });
});

describe('payment settings', () => {
  const base = loadConfig({}, {});
  const contract = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
  const receiver = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';

  test('off unless a contract and a receiving address are set', async () => {
    expect(await paymentSettings(base)).toBeNull();
    expect(await paymentSettings({ ...base, escRpcUrl: 'http://127.0.0.1:8545' })).toBeNull();
  });

  test('addresses are checksummed; confirmations are at least 1', async () => {
    const settings = await paymentSettings({
      ...base,
      escRpcUrl: 'http://127.0.0.1:8545',
      paymentContractAddress: contract.toLowerCase(),
      paymentReceivingAddress: receiver,
      paymentConfirmations: 0,
    });
    expect(settings).toEqual({
      rpcUrl: 'http://127.0.0.1:8545',
      chainId: null,
      contractAddress: contract,
      receivingAddress: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      confirmations: 1,
    });
  });

  test('half a configuration, or a non-EVM address, stops the node at start', async () => {
    await expect(paymentSettings({ ...base, paymentContractAddress: contract })).rejects.toThrow(
      /missing: CELLA_PAYMENT_RECEIVING_ADDRESS, CELLA_ESC_RPC_URL/,
    );
    // The reference's default receiving address is a main-chain address: never an EVM recipient.
    await expect(
      paymentSettings({
        ...base,
        escRpcUrl: 'http://127.0.0.1:8545',
        paymentContractAddress: contract,
        paymentReceivingAddress: 'EH3b5VWJaFSDJyuvvwYVDcWqg5sKvHpPWe',
      }),
    ).rejects.toThrow(/CELLA_PAYMENT_RECEIVING_ADDRESS\) is not an EVM address/);
    await expect(paymentSettings({ ...base, paymentContractAddress: contract })).rejects.toThrow(ConfigError);
  });
});
