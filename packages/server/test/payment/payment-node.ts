/**
 * An in-process node for payment and quota tests: tiny plans (so quotas fill in a few KiB), a
 * clock the test can move (plan and order expiry), and optionally a dev chain (anvil + PaymentV1).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DevChain } from '@cella/contracts-abi/dev-chain';
import { loadConfig, startNode, type CellaNode, type Config } from '../../src/index.js';
import type { PlansFile } from '../../src/vault/plans.js';

export const testPlans: PlansFile = {
  version: '1.0',
  pricingPlans: [
    { name: 'Basic', maxStorage: 0.02, serviceDays: -1, amount: 0, currency: 'ELA' },
    { name: 'Standard', maxStorage: 0.05, serviceDays: 30, amount: 0.001, currency: 'ELA' },
    { name: 'Premium', maxStorage: 0.1, serviceDays: 30, amount: 0.002, currency: 'ELA' },
  ],
  backupPlans: [
    { name: 'Basic', maxStorage: 0.02, serviceDays: -1, amount: 0, currency: 'ELA' },
    { name: 'Standard', maxStorage: 0.05, serviceDays: 30, amount: 0.0005, currency: 'ELA' },
  ],
};

export const DAY = 86_400;

/** Real time plus an offset the test moves. */
export class TestClock {
  private offsetMs = 0;
  readonly now = (): number => Date.now() + this.offsetMs;
  advanceDays(days: number): void {
    this.offsetMs += days * DAY * 1000;
  }
  reset(): void {
    this.offsetMs = 0;
  }
  seconds(): number {
    return Math.floor(this.now() / 1000);
  }
}

export interface PaymentTestNode extends CellaNode {
  dataDir: string;
  clock: TestClock;
  stop(): Promise<void>;
}

/** The config pointing a node at a dev chain, receiving on `accounts[receiver]`. */
export function chainConfig(chain: DevChain, receiver = 1): Partial<Config> {
  return {
    escRpcUrl: chain.rpcUrl,
    escChainId: chain.chainId,
    paymentContractAddress: chain.contractAddress,
    paymentReceivingAddress: chain.accounts[receiver]!.address,
  };
}

export async function startPaymentNode(
  options: {
    chain?: DevChain;
    plans?: PlansFile;
    overrides?: Partial<Config>;
    dataDir?: string;
    clock?: TestClock;
  } = {},
): Promise<PaymentTestNode> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'cella-pay-'));
  const plansFile = path.join(dataDir, 'plans.json');
  writeFileSync(plansFile, JSON.stringify(options.plans ?? testPlans));
  const clock = options.clock ?? new TestClock();
  const config = loadConfig(
    {},
    {
      port: 0,
      dataDir,
      logLevel: 'silent',
      rateLimitSignInPerMinute: 1_000_000,
      plansFile,
      ...(options.chain ? chainConfig(options.chain) : {}),
      ...options.overrides,
    },
  );
  const node = await startNode(config, { clock: clock.now });
  return {
    ...node,
    dataDir,
    clock,
    stop: async () => {
      await node.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
