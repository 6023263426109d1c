// What the vault node needs from the chain stack when it is given only a chain type (issue 9
// item 5): where to resolve DIDs (identity chain `did_resolveDID`) and which smart-contract chain
// settles payments (RPC URL + chain ID), all from the network table.
import type { ChainType } from './chain-type.js';
import { network } from './network-table.js';

export interface VaultChainDefaults {
  chainType: ChainType;
  /** Identity chain JSON-RPC URL serving `did_resolveDID`. */
  eidRpcUrl: string;
  eidChainId: number;
  /** Smart-contract chain JSON-RPC URL for the payment contract. */
  escRpcUrl: string;
  escChainId: number;
  /** Smart-contract chain WebSocket URL (newHeads), only known for a local node. */
  escWsUrl?: string;
}

export interface VaultChainDefaultsOptions {
  /**
   * `public` (default): the Elastos foundation's endpoints. `local`: this host's sidechain nodes
   * on the table's ports. A node.sh-launched identity chain does not serve `did_*` unless `did`
   * is added to its --rpcapi (`cella-stack doctor` checks this), hence public by default.
   */
  endpoints?: 'public' | 'local';
  /** Host of the local nodes (default 127.0.0.1). */
  host?: string;
}

export function vaultChainDefaults(
  chainType: ChainType,
  options: VaultChainDefaultsOptions = {},
): VaultChainDefaults {
  const net = network(chainType);
  const eidChainId = net.identity.chainId ?? 0;
  const escChainId = net.smartContract.chainId ?? 0;
  if ((options.endpoints ?? 'public') === 'public') {
    return {
      chainType,
      eidRpcUrl: net.publicEndpoints.identity,
      eidChainId,
      escRpcUrl: net.publicEndpoints.smartContract,
      escChainId,
    };
  }
  const host = options.host ?? '127.0.0.1';
  return {
    chainType,
    eidRpcUrl: `http://${host}:${net.identity.rpcPort}`,
    eidChainId,
    escRpcUrl: `http://${host}:${net.smartContract.rpcPort}`,
    escChainId,
    escWsUrl: `ws://${host}:${net.smartContract.wsPort}`,
  };
}
