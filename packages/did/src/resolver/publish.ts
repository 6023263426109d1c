/**
 * Submit an IDChainRequest to a simulated identity chain (the official SDK's
 * SimulatedIDChainAdapter protocol: POST <origin>/idtx with the request JSON). The real EID
 * chain needs a wallet transaction instead, which is outside this package.
 */
import { DidError, describe } from '../errors.js';
import type { FetchLike } from './eid-rpc.js';
import type { IdChainRequest } from './rpc-schemas.js';

export async function publishIdChainRequest(
  url: string,
  request: IdChainRequest,
  options: { fetch?: FetchLike; timeoutMs?: number } = {},
): Promise<void> {
  let endpoint: string;
  try {
    endpoint = new URL('/idtx', url).toString();
  } catch (err) {
    throw new DidError('MALFORMED', `invalid chain url: ${String(url)}`, { cause: err });
  }
  const f = options.fetch ?? globalThis.fetch;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? 10_000);
  try {
    const res = await f(endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(request),
      signal: controller.signal,
    });
    if (!res.ok) {
      const text = await res.text().catch(() => '');
      throw new DidError(
        res.status >= 500 ? 'RESOLVER_UNAVAILABLE' : 'BAD_RESOLVER_REPLY',
        `chain rejected the transaction (HTTP ${res.status}): ${text.slice(0, 200)}`,
      );
    }
  } catch (err) {
    if (err instanceof DidError) throw err;
    throw new DidError('RESOLVER_UNAVAILABLE', `chain ${endpoint} unreachable: ${describe(err)}`, {
      cause: err,
    });
  } finally {
    clearTimeout(timer);
  }
}
