/**
 * How the node resolves DIDs:
 * - did:key: from the DID itself;
 * - did:elastos with an identity chain configured: `did_resolveDID` through a TTL cache kept in the
 *   DocumentStore; a DID the chain has never seen falls back to the document the user presented at
 *   sign-in (an unpublished DID, as the reference accepts for app instances); a deactivated DID is
 *   final; a chain outage is an error, never a silent fallback;
 * - did:elastos without a chain: the presented document, self-certified (its id derives from its key);
 *   deactivation can't be checked, which the start line says once (a debug line per DID).
 */
import {
  CachingResolver,
  EidRpcResolver,
  parseDid,
  SelfCertifyingResolver,
  type DidResolver,
  type ResolveOptions,
  type ResolveResult,
} from '@cella/did';
import type { Database } from '@cella/document-store';
import type { Logger } from '../logger.js';
import { DidCacheStore, type PresentedDocumentStore } from './node-stores.js';

export interface NodeResolverOptions {
  eidRpcUrl?: string;
  cacheTtlSeconds: number;
  nodeDb: Database;
  presented: PresentedDocumentStore;
  log: Logger;
}

export function createNodeResolver(options: NodeResolverOptions): DidResolver {
  const selfCertifying = new SelfCertifyingResolver({
    documents: options.presented,
    // Without an identity chain this is true of every user: the start line warns once for the node.
    onWarning: (warning) => options.log.debug({ did: warning.did, reason: warning.reason }, warning.message),
  });
  if (!options.eidRpcUrl) return selfCertifying;
  const chain = new CachingResolver(new EidRpcResolver({ url: options.eidRpcUrl }), {
    store: new DidCacheStore<ResolveResult>(options.nodeDb),
    ttlMs: options.cacheTtlSeconds * 1000,
    onStoreError: (error) => options.log.warn({ err: error }, 'DID cache store failed'),
  });
  return {
    async resolve(did: string, resolveOptions?: ResolveOptions): Promise<ResolveResult> {
      if (parseDid(did).method !== 'elastos') return selfCertifying.resolve(did);
      const result = await chain.resolve(did, resolveOptions);
      return result.status === 'not_found' ? selfCertifying.resolve(did) : result;
    },
  };
}
