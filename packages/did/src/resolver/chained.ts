/**
 * Ask resolvers in order; the first that finds the DID (valid or deactivated) wins. When none
 * finds it but one failed, the failure is thrown rather than "not found", so an identity chain
 * outage is never mistaken for a missing DID.
 */
import { DidError, describe } from '../errors.js';
import type { DidResolver, ResolveOptions, ResolveResult } from './types.js';

export class ChainedResolver implements DidResolver {
  readonly #resolvers: readonly DidResolver[];

  constructor(resolvers: readonly DidResolver[]) {
    if (
      !Array.isArray(resolvers) ||
      resolvers.some((r) => r === null || typeof r !== 'object' || typeof r.resolve !== 'function')
    ) {
      throw new DidError('MALFORMED', 'ChainedResolver needs an array of resolvers');
    }
    this.#resolvers = [...resolvers];
  }

  async resolve(did: string, options?: ResolveOptions): Promise<ResolveResult> {
    let firstError: unknown;
    for (const resolver of this.#resolvers) {
      try {
        const result = await resolver.resolve(did, options);
        if (result.status !== 'not_found') return result;
      } catch (err) {
        // A malformed DID is malformed for every resolver: stop right away.
        if (err instanceof DidError && err.code === 'MALFORMED') throw err;
        firstError ??= err;
      }
    }
    if (firstError !== undefined) {
      if (firstError instanceof DidError) throw firstError;
      throw new DidError('RESOLVER_UNAVAILABLE', `resolution failed: ${describe(firstError)}`, {
        cause: firstError,
      });
    }
    return { status: 'not_found' };
  }
}
