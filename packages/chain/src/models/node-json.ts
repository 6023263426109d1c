// `~/.config/<vendor_dir>/node.json` (spec §2.1): the chain type chosen at the first init.
import { z } from 'zod';
import { ChainType } from '../network/chain-type.js';

export const NodeJson = z.looseObject({ 'chain-type': ChainType });
export type NodeJson = z.infer<typeof NodeJson>;

/** node.sh writes this file with a heredoc indented by 4 spaces (reference §1.3). */
export function renderNodeJson(chainType: ChainType): string {
  return `${JSON.stringify({ 'chain-type': chainType }, null, 4)}\n`;
}
