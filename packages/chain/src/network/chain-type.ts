import { z } from 'zod';

/** The global network switch of the stack (spec §2.1): every port, magic and seed follows from it. */
export const ChainType = z.enum(['mainnet', 'testnet']);
export type ChainType = z.infer<typeof ChainType>;

export const CHAIN_TYPES: readonly ChainType[] = ChainType.options;
