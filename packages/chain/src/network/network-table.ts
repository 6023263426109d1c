// The network table as data: chain IDs and ports of every component on mainnet and testnet.
// Sidechain values are spec §2.3's table verbatim; main-chain testnet ports, magics and the
// arbiter's testnet ports come from the reference (ELA/arbiter built-in defaults), because the
// spec leaves them "not shown". Third-sidechain presets live in third-sidechains.ts.
import type { ChainType } from './chain-type.js';

export interface MainChainNetwork {
  /** P2P network magic; written to config.json only on testnet (spec §2.2 "Additions on testnet"). */
  readonly magic: number;
  readonly httpInfoPort: number;
  readonly httpRestPort: number;
  readonly httpWsPort: number;
  readonly httpJsonPort: number;
  readonly nodePort: number;
  readonly dposPort: number;
  readonly dposMagic: number;
}

export interface ArbiterNetwork {
  readonly httpJsonPort: number;
  readonly httpRestPort: number;
}

/** One EVM sidechain on one network. `chainId` is null where no public source gives it. */
export interface SidechainNetwork {
  /** Identifier used as `SideNodeList[].Name` in the arbiter config. */
  readonly name: string;
  readonly chainId: number | null;
  readonly rpcPort: number;
  readonly wsPort: number;
  readonly p2pPort: number;
  readonly pbftPort: number;
  /** `SideNodeList[].Rpc.HttpJsonPort`: the port the arbiter calls (the sidechain's oracle). */
  readonly arbiterRpcPort: number;
  /** `SideNodeList[].SyncStartHeight`. */
  readonly syncStartHeight: number;
}

export interface NetworkEntry {
  readonly chainType: ChainType;
  readonly mainChain: MainChainNetwork;
  readonly arbiter: ArbiterNetwork;
  readonly smartContract: SidechainNetwork;
  readonly identity: SidechainNetwork;
  /** Public JSON-RPC endpoints operated by the Elastos foundation (used by vaultChainDefaults). */
  readonly publicEndpoints: { readonly smartContract: string; readonly identity: string };
}

export const NETWORKS: Readonly<Record<ChainType, NetworkEntry>> = {
  mainnet: {
    chainType: 'mainnet',
    mainChain: {
      magic: 2017001,
      httpInfoPort: 20333,
      httpRestPort: 20334,
      httpWsPort: 20335,
      httpJsonPort: 20336,
      nodePort: 20338,
      dposPort: 20339,
      dposMagic: 2019000,
    },
    arbiter: { httpJsonPort: 20536, httpRestPort: 20538 },
    smartContract: {
      name: 'ESC',
      chainId: 20,
      rpcPort: 20636,
      wsPort: 20632,
      p2pPort: 20638,
      pbftPort: 20639,
      arbiterRpcPort: 20632,
      syncStartHeight: 17886000,
    },
    identity: {
      name: 'EID',
      chainId: 22,
      rpcPort: 20646,
      wsPort: 20642,
      p2pPort: 20648,
      pbftPort: 20649,
      arbiterRpcPort: 20642,
      syncStartHeight: 9611000,
    },
    publicEndpoints: { smartContract: 'https://api.elastos.io/eth', identity: 'https://api.elastos.io/eid' },
  },
  testnet: {
    chainType: 'testnet',
    mainChain: {
      magic: 2018101,
      httpInfoPort: 21333,
      httpRestPort: 21334,
      httpWsPort: 21335,
      httpJsonPort: 21336,
      nodePort: 21338,
      dposPort: 21339,
      dposMagic: 2019100,
    },
    arbiter: { httpJsonPort: 21536, httpRestPort: 21538 },
    smartContract: {
      name: 'ESC',
      chainId: 21,
      rpcPort: 21636,
      wsPort: 21632,
      p2pPort: 21638,
      pbftPort: 21639,
      // The arbiter's SideNodeList ports are the same on both networks (spec §2.4 table).
      arbiterRpcPort: 20632,
      syncStartHeight: 17058000,
    },
    identity: {
      name: 'EID',
      chainId: 23,
      rpcPort: 21646,
      wsPort: 21642,
      p2pPort: 21648,
      pbftPort: 21649,
      arbiterRpcPort: 20642,
      syncStartHeight: 9230000,
    },
    publicEndpoints: {
      smartContract: 'https://api-testnet.elastos.io/eth',
      identity: 'https://api-testnet.elastos.io/eid',
    },
  },
};

export function network(chainType: ChainType): NetworkEntry {
  return NETWORKS[chainType];
}
