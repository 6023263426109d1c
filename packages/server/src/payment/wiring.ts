/**
 * Builds the payment side of a node at start: the dev chain when asked for, the settings (checked),
 * the chain client, the service, and the completion of settlements a crash interrupted. The chain
 * code (ethers) loads only when payments are configured.
 */
import type { NodeIdentity } from '../auth/node-identity.js';
import type { Config } from '../config.js';
import type { Closable } from '../closable.js';
import type { Database } from '@cella/document-store';
import type { Logger } from '../logger.js';
import type { PlansFile } from '../vault/plans.js';
import type { VaultService } from '../vault/vaults.js';
import { PaymentService } from './payment-service.js';
import { paymentSettings } from './settings.js';

export interface PaymentWiring {
  payment: PaymentService;
  /** The config, with the dev chain's settings when it runs. */
  config: Config;
  closables: Closable[];
}

export async function startPayments(
  input: Config,
  deps: {
    nodeDb: Database;
    identity: NodeIdentity;
    vaults: VaultService;
    plans: PlansFile;
    clock: () => number;
    log: Logger;
  },
  announce: ((text: string) => void) | undefined,
): Promise<PaymentWiring> {
  let config = input;
  const closables: Closable[] = [];
  // Checked before anything starts, so a half-configured node fails fast with a clear message.
  if (!config.devChain) await paymentSettings(config);
  else {
    if (config.paymentContractAddress || config.paymentReceivingAddress) {
      deps.log.warn(
        'CELLA_DEV_CHAIN is on: the configured payment contract and receiving address are ignored',
      );
    }
    const { startPaymentDevChain } = await import('./dev-chain.js');
    const dev = await startPaymentDevChain(config);
    closables.push({ close: () => dev.chain.stop() });
    config = dev.config;
    // Plain stdout, like `npm start`'s "listening" line; silent nodes (tests) print nothing.
    const print =
      announce ??
      (config.logLevel === 'silent' ? () => undefined : (text: string) => void process.stdout.write(text));
    print(dev.banner);
    deps.log.info({ rpcUrl: dev.chain.rpcUrl, contract: dev.chain.contractAddress }, 'dev chain started');
  }
  const settings = await paymentSettings(config);
  // The ethers client is loaded only for a node that takes payments.
  const chain = settings ? new (await import('./chain.js')).EthersPaymentChain(settings) : null;
  if (chain) closables.push({ close: async () => chain.close() });
  const payment = new PaymentService({ ...deps, settings, chain });
  try {
    await payment.recover();
  } catch (error) {
    for (const closable of closables.reverse()) await closable.close().catch(() => undefined);
    throw error;
  }
  return { payment, config, closables };
}
