/**
 * Reads `Authorization: Bearer <jwt>` (or the reference's `token <jwt>`) and verifies the token.
 * Verified tokens are cached until they expire, so a request does not pay a signature check each time.
 * The DID of a user token must not have been deactivated on the identity chain (did-status.ts):
 * asked on every request, cached token or not.
 */
import type { Caller, TokenVerifier } from './caller.js';
import { unauthorized } from '../errors.js';

const MAX_CACHED = 50_000;

export class Authenticator {
  private readonly cache = new Map<string, Caller>();

  constructor(
    private readonly verifier: TokenVerifier,
    private readonly now: () => number = () => Date.now() / 1000,
    private readonly status: { assertActive(did: string): void } = { assertActive: () => undefined },
  ) {}

  /** Returns null when no token is presented; throws UNAUTHORIZED for a bad one. */
  async authenticate(header: string | undefined): Promise<Caller | null> {
    if (header === undefined || header === '') return null;
    const space = header.indexOf(' ');
    const scheme = space > 0 ? header.slice(0, space).toLowerCase() : '';
    const token = space > 0 ? header.slice(space + 1).trim() : '';
    if ((scheme !== 'bearer' && scheme !== 'token') || token === '') {
      throw unauthorized('the Authorization header must be "Bearer <access token>"');
    }
    const cached = this.cache.get(token);
    if (cached) {
      if (cached.exp > this.now()) return this.active(cached);
      this.cache.delete(token);
      throw unauthorized('the access token has expired; sign in again');
    }
    const caller = this.active(await this.verifier.verify(token));
    if (this.cache.size >= MAX_CACHED) {
      // Drop the oldest entry (Map keeps insertion order).
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    this.cache.set(token, caller);
    return caller;
  }

  private active(caller: Caller): Caller {
    if (caller.kind === 'user') this.status.assertActive(caller.userDid);
    return caller;
  }
}
