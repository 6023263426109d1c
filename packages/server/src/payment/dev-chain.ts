/**
 * `CELLA_DEV_CHAIN=true`: the node starts a local anvil with the payment contract deployed
 * (@cella/contracts-abi/dev-chain) and points its payment settings at it, so the whole
 * order → pay → settle flow works on a laptop. anvil stops when the node closes.
 *
 * anvil's accounts come from its well-known test mnemonic: their keys are public knowledge and
 * hold only dev-chain coins, which is why the banner may show one.
 */
import { AnvilNotFoundError, startDevChain, type DevChain } from '@cella/contracts-abi/dev-chain';
import { ConfigError, type Config } from '../config.js';

export interface PaymentDevChain {
  chain: DevChain;
  /** The config with the chain, contract and receiving address filled in. */
  config: Config;
  /** What a developer needs to pay orders, to print at start. */
  banner: string;
}

/** Account roles on the dev chain: 0 deploys and owns the contract, 1 receives, 2 is for the developer. */
const RECEIVER = 1;
const PAYER = 2;

export async function startPaymentDevChain(config: Config): Promise<PaymentDevChain> {
  const chain = await startDevChain({ platformFeeRate: 0 }).catch((error: unknown) => {
    // anvil is a development dependency: a production install (npm ci --omit=dev) has none.
    if (error instanceof AnvilNotFoundError) {
      throw new ConfigError(`CELLA_DEV_CHAIN=true needs anvil, a development tool: ${error.message}`);
    }
    throw error;
  });
  const receiver = chain.accounts[RECEIVER];
  const payer = chain.accounts[PAYER];
  if (!receiver || !payer) {
    await chain.stop();
    throw new Error('the dev chain started with fewer than 3 accounts');
  }
  const banner = [
    'Dev chain (anvil) for payments — development only:',
    `  RPC URL            ${chain.rpcUrl}`,
    `  chain id           ${chain.chainId}`,
    `  payment contract   ${chain.contractAddress}`,
    `  receiving address  ${receiver.address}`,
    `  funded test key    ${payer.privateKey}  (address ${payer.address}; anvil's public test account)`,
    '',
  ].join('\n');
  return {
    chain,
    banner,
    config: {
      ...config,
      escRpcUrl: chain.rpcUrl,
      escChainId: chain.chainId,
      paymentContractAddress: chain.contractAddress,
      paymentReceivingAddress: receiver.address,
    },
  };
}
