/**
 * Where this node is paid: the smart-contract chain's RPC, the payment contract and the receiving
 * address, read from the config and checked at start. Payments are on when the contract and the
 * receiving address are both set (plus an RPC URL); setting only one of them is a configuration
 * mistake reported at start, not a node that silently cannot settle.
 */
import { ConfigError, type Config } from '../config.js';

export interface PaymentSettings {
  rpcUrl: string;
  /** The configured chain id; null = asked from the RPC at first use. */
  chainId: number | null;
  /** Checksummed. */
  contractAddress: string;
  /** Checksummed: the address payments must go to. */
  receivingAddress: string;
  /** Blocks a payment must have (1 = mined in the latest block). */
  confirmations: number;
}

/**
 * The payment settings, or null when this node takes no payments. Throws ConfigError when half set.
 * ethers (for the address checksums) is loaded only when payments are configured.
 */
export async function paymentSettings(config: Config): Promise<PaymentSettings | null> {
  const { paymentContractAddress: contract, paymentReceivingAddress: receiving, escRpcUrl } = config;
  if (!contract && !receiving) return null;
  const missing = [
    ...(contract ? [] : ['CELLA_PAYMENT_CONTRACT']),
    ...(receiving ? [] : ['CELLA_PAYMENT_RECEIVING_ADDRESS']),
    ...(escRpcUrl ? [] : ['CELLA_ESC_RPC_URL (or CELLA_CHAIN_TYPE)']),
  ];
  if (missing.length > 0 || !contract || !receiving || !escRpcUrl) {
    throw new ConfigError(
      `payments need the contract, the receiving address and an RPC URL; missing: ${missing.join(', ')}`,
    );
  }
  const { getAddress, isAddress } = await import('ethers');
  const address = (value: string, what: string, env: string): string => {
    if (!isAddress(value))
      throw new ConfigError(`${what} (${env}) is not an EVM address: ${JSON.stringify(value)}`);
    return getAddress(value);
  };
  return {
    rpcUrl: escRpcUrl,
    chainId: config.escChainId ?? null,
    contractAddress: address(contract, 'the payment contract', 'CELLA_PAYMENT_CONTRACT'),
    receivingAddress: address(receiving, 'the receiving address', 'CELLA_PAYMENT_RECEIVING_ADDRESS'),
    confirmations: Math.max(1, config.paymentConfirmations),
  };
}
