// Component identifiers of the stack. Canonical ids follow the spec's credential-file names
// (main, sc, id, third); node.sh's names (ela, esc, eid, pg, eco, pgp) are accepted as aliases so
// an operator can type what they already know.
import { z } from 'zod';

export const SidechainId = z.enum(['sc', 'id', 'third']);
export type SidechainId = z.infer<typeof SidechainId>;

export const OracleId = z.enum(['sc-oracle', 'id-oracle']);
export type OracleId = z.infer<typeof OracleId>;

export const ComponentId = z.enum(['main', 'sc', 'sc-oracle', 'id', 'id-oracle', 'third', 'arbiter']);
export type ComponentId = z.infer<typeof ComponentId>;

/** Init order: the arbiter comes last because it needs main, sc and id initialised (spec §1). */
export const INIT_ORDER: readonly ComponentId[] = ComponentId.options;

/** Components the arbiter's init requires (spec §1). */
export const ARBITER_PREREQUISITES: readonly ComponentId[] = ['main', 'sc', 'id'];

export const COMPONENT_TITLES: Readonly<Record<ComponentId, string>> = {
  main: 'main chain',
  sc: 'smart-contract sidechain',
  'sc-oracle': 'smart-contract oracle',
  id: 'identity sidechain',
  'id-oracle': 'identity oracle',
  third: 'third sidechain',
  arbiter: 'arbiter',
};

const ALIASES: Readonly<Record<string, ComponentId>> = {
  ela: 'main',
  mainchain: 'main',
  esc: 'sc',
  'esc-oracle': 'sc-oracle',
  eid: 'id',
  'eid-oracle': 'id-oracle',
  pg: 'third',
  eco: 'third',
  pgp: 'third',
};

export function parseComponent(value: string): ComponentId {
  const v = value.trim().toLowerCase();
  const alias = ALIASES[v];
  if (alias) return alias;
  const parsed = ComponentId.safeParse(v);
  if (!parsed.success) {
    throw new Error(
      `unknown component "${value}": expected one of ${ComponentId.options.join(', ')} (or ela, esc, eid, pg, eco, pgp)`,
    );
  }
  return parsed.data;
}

export function isSidechain(c: ComponentId): c is SidechainId {
  return c === 'sc' || c === 'id' || c === 'third';
}

export function isOracle(c: ComponentId): c is OracleId {
  return c === 'sc-oracle' || c === 'id-oracle';
}

/** The credential file key of a component holding a keystore (spec §2.6). */
export type KeystoreOwner = 'main' | SidechainId;
