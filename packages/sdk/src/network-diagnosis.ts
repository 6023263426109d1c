/**
 * Why a browser's request failed. A cross-origin request that the node's CORS settings refuse fails
 * exactly like one to a node that is down: fetch rejects with a bare `TypeError`, and the page may
 * not read why. One plain `no-cors` GET tells the two apart: it needs no CORS permission, so if it
 * gets an (opaque) answer, the node is up and the page's origin is what it refused. The probe is
 * made only after a failure, never on a normal run.
 */
import { CellaNetworkError, isAbort, networkError } from './errors.js';
import { isNodeLike } from './upload-transport.js';

/** The page's origin when the SDK runs in a browser page, else undefined. */
function pageOrigin(): string | undefined {
  const location = (globalThis as { location?: { origin?: unknown } }).location;
  return typeof location?.origin === 'string' && location.origin !== 'null' ? location.origin : undefined;
}

/**
 * The CellaNetworkError for a failed request: as `networkError`, and in a browser page calling
 * another origin, with `likelyCors` and the setting to change when a plain request gets through.
 */
export async function diagnoseNetworkError(
  error: unknown,
  baseUrl: string,
  fetchImpl: typeof globalThis.fetch,
  signal?: AbortSignal,
): Promise<unknown> {
  const mapped = networkError(error, baseUrl, signal);
  const origin = pageOrigin();
  if (!(mapped instanceof CellaNetworkError) || isNodeLike() || origin === undefined) return mapped;
  if (!(error instanceof TypeError) || new URL(baseUrl).origin === origin) return mapped;
  let reachable: boolean;
  try {
    await fetchImpl(`${baseUrl}/api/v2/node/version`, { mode: 'no-cors', cache: 'no-store' });
    reachable = true;
  } catch (probeError) {
    if (isAbort(probeError)) return mapped;
    reachable = false;
  }
  if (!reachable) {
    return new CellaNetworkError(
      `${mapped.message} (the node does not answer a plain request from this page either: it is down or unreachable, its TLS certificate is not trusted, or an https:// page calls an http:// node)`,
      { cause: error },
    );
  }
  return new CellaNetworkError(
    `the node at ${baseUrl} answers, but refused this page's origin ${origin} (CORS): add ${origin} to the node's CELLA_CORS_ORIGINS setting (comma-separated origins; * allows any)`,
    { cause: error, likelyCors: true },
  );
}
