// The identity chain's `did_resolveDID`, through @cella/did (its wire format, schemas and
// document verification live there; this package does not duplicate them). The EVM methods of
// the identity chain go through EvmRpcClient like any sidechain.
import {
  EidRpcResolver,
  didBiographySchema,
  elastosDidFromPublicKey,
  getPublicKey,
  type DidBiography,
  type ResolveResult,
} from '@cella/did';
import { isMethodNotFound } from './errors.js';
import type { EvmRpcClient } from './evm-client.js';
import { DEFAULT_RPC_TIMEOUT_MS } from './http-post.js';

export interface IdentityChainClientOptions {
  /** The identity chain's JSON-RPC URL, e.g. http://127.0.0.1:20646 or https://api.elastos.io/eid. */
  url: string;
  timeoutMs?: number;
}

/** Resolves DIDs on an identity chain node. Failures are @cella/did's DidError. */
export class IdentityChainClient {
  private readonly resolver: EidRpcResolver;

  constructor(options: IdentityChainClientOptions) {
    this.resolver = new EidRpcResolver({
      url: options.url,
      timeoutMs: options.timeoutMs ?? DEFAULT_RPC_TIMEOUT_MS,
    });
  }

  /** The verified current document (or not_found / deactivated). */
  resolveDid(did: string): Promise<ResolveResult> {
    return this.resolver.resolve(did);
  }

  /** The raw `did_resolveDID` result, validated; `all` returns the whole history. */
  resolveBiography(did: string, options: { all?: boolean } = {}): Promise<DidBiography> {
    return this.resolver.resolveBiography(did, options);
  }
}

let probeDid: string | undefined;

/** A well-formed did:elastos that nobody publishes (its key is the constant 0x01…01). */
export function unpublishedProbeDid(): string {
  probeDid ??= elastosDidFromPublicKey(getPublicKey(new Uint8Array(32).fill(1)));
  return probeDid;
}

/**
 * Whether a node serves `did_resolveDID`: a node.sh-launched identity chain does not unless `did`
 * is in its --rpcapi. Asks for an unpublished DID: status 3 means served, "method not found"
 * means not. Other failures (unreachable, timeouts) are thrown.
 */
export async function probeDidResolution(client: EvmRpcClient): Promise<'served' | 'not-served'> {
  try {
    const result = await client.call('did_resolveDID', [{ did: unpublishedProbeDid(), all: false }]);
    return didBiographySchema.safeParse(result).success ? 'served' : 'not-served';
  } catch (err) {
    if (isMethodNotFound(err)) return 'not-served';
    throw err;
  }
}
