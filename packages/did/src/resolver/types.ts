/**
 * The resolver port. Shape-compatible in spirit with `did-resolver`, but returning Elastos
 * documents and the identity chain's three states.
 */
import type { DIDDocument } from '../types.js';

export type ResolveStatus = 'valid' | 'deactivated' | 'not_found';

export interface ResolveMetadata {
  /** Identity chain transaction that published the returned document. */
  txid?: string;
  /** Block time of that transaction (`YYYY-MM-DDTHH:MM:SSZ`). */
  published?: string;
  /** Which resolver answered: 'eid', 'self-certifying', … */
  source?: string;
  /** True when CachingResolver served the result from its store. */
  cached?: boolean;
}

export interface ResolveResult {
  status: ResolveStatus;
  /** Present for 'valid', and for 'deactivated' (the last document before deactivation). */
  document?: DIDDocument;
  metadata?: ResolveMetadata;
}

export interface ResolveOptions {
  /**
   * Accept a cached answer only if it was fetched at most this many milliseconds ago (a resolver
   * that caches asks its source again otherwise); resolvers without a cache ignore it. A node uses
   * it to see a deactivation soon (sign-in, and the re-checks of active sessions) while the same
   * cache serves other lookups for longer.
   */
  maxAgeMs?: number;
}

export interface DidResolver {
  /** Resolve a DID. Throws DidError RESOLVER_UNAVAILABLE / BAD_RESOLVER_REPLY when it cannot tell. */
  resolve(did: string, options?: ResolveOptions): Promise<ResolveResult>;
}
