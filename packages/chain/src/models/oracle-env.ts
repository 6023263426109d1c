// Oracles (spec §2.5): no configuration file; a JavaScript runtime process that reads `env`.
import { z } from 'zod';
import { ChainType } from '../network/chain-type.js';

export const OracleEnvironment = z.object({ env: ChainType });
export type OracleEnvironment = z.infer<typeof OracleEnvironment>;

export function oracleEnvironment(chainType: ChainType): OracleEnvironment {
  return { env: chainType };
}
