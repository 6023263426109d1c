// The stack's third sidechain is a parameter (issue 9): which chain it is changed over node.sh's
// history (ECO 2025-05 → 2026-01, PGP briefly in 2025-10, PG since 2025-11). PG is the default
// because its arbiter port, 20672, is the one spec §2.4 tables. Mainnet ports follow node.sh's
// numbering; testnet ports apply the spec's "+1000 on testnet" pattern of the other sidechains
// (inferred). Chain IDs are unknown for these chains, so they are null and never checked.
import { z } from 'zod';
import type { ChainType } from './chain-type.js';
import type { SidechainNetwork } from './network-table.js';

export const ThirdSidechainName = z.enum(['PG', 'ECO', 'PGP']);
export type ThirdSidechainName = z.infer<typeof ThirdSidechainName>;

/** `none` leaves the third sidechain out of init, flags and the arbiter's SideNodeList. */
export const ThirdSidechainChoice = z.union([ThirdSidechainName, z.literal('none')]);
export type ThirdSidechainChoice = z.infer<typeof ThirdSidechainChoice>;

export const DEFAULT_THIRD_SIDECHAIN: ThirdSidechainName = 'PG';

const BASE_PORT: Record<ThirdSidechainName, number> = { ECO: 20650, PGP: 20660, PG: 20670 };

/** Parses `pg`, `PG`, `none`… as given on a command line. */
export function parseThirdSidechain(value: string): ThirdSidechainChoice {
  const v = value.trim();
  return v.toLowerCase() === 'none' ? 'none' : ThirdSidechainName.parse(v.toUpperCase());
}

export function thirdSidechainNetwork(name: ThirdSidechainName, chainType: ChainType): SidechainNetwork {
  const base = BASE_PORT[name];
  const shift = chainType === 'testnet' ? 1000 : 0;
  return {
    name,
    chainId: null,
    rpcPort: base + 6 + shift,
    wsPort: base + 2 + shift,
    p2pPort: base + 8 + shift,
    pbftPort: base + 9 + shift,
    arbiterRpcPort: base + 2,
    syncStartHeight: 0,
  };
}
