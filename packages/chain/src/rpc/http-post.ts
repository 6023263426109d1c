// A JSON POST with an AbortSignal timeout and HTTP Basic auth, turning transport failures into
// ChainRpcError (TIMEOUT / UNREACHABLE). Status handling is left to each client, because the
// main chain and the arbiter answer 401/403 in different shapes.
import { ChainRpcError, redactUrl } from './errors.js';

export const DEFAULT_RPC_TIMEOUT_MS = 3000;

export interface BasicAuth {
  user: string;
  pass: string;
}

export interface PostResult {
  status: number;
  text: string;
}

export function basicAuthHeader(auth: BasicAuth): string {
  return `Basic ${Buffer.from(`${auth.user}:${auth.pass}`, 'utf8').toString('base64')}`;
}

function causeCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

export async function postJson(opts: {
  service: string;
  url: string;
  body: unknown;
  auth?: BasicAuth;
  timeoutMs?: number;
  method?: string;
}): Promise<PostResult> {
  const timeoutMs = opts.timeoutMs ?? DEFAULT_RPC_TIMEOUT_MS;
  const endpoint = redactUrl(opts.url);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (opts.auth) headers.authorization = basicAuthHeader(opts.auth);
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const res = await fetch(opts.url, { method: 'POST', headers, body: JSON.stringify(opts.body), signal });
    return { status: res.status, text: await res.text() };
  } catch (err) {
    const what = opts.method ? ` ${opts.method}` : '';
    if (signal.aborted) {
      throw new ChainRpcError(
        'TIMEOUT',
        `${opts.service} at ${endpoint} did not answer${what} within ${timeoutMs} ms`,
        {
          service: opts.service,
          endpoint,
          method: opts.method,
          cause: err,
        },
      );
    }
    const code = causeCode(err) ?? (err as Error).message;
    throw new ChainRpcError('UNREACHABLE', `${opts.service} at ${endpoint} is unreachable (${code})`, {
      service: opts.service,
      endpoint,
      method: opts.method,
      cause: err,
    });
  }
}

export function parseJsonOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
