/**
 * A raw request body handed to a service as a stream (never buffered): the declared
 * Content-Length passed on for the checks a service makes before the first byte, and a client that
 * goes away before the end stops the work at once (its AbortSignal; the kubo engine would otherwise
 * keep its request to the daemon open). File uploads, script upload transactions and vault imports
 * share it.
 */
import type { RequestContext } from './request-context.js';
import { CellaError } from '../errors.js';

export interface StreamedBody {
  /** The body's bytes; fails at the end unless the body really ended and the client is still there. */
  body: AsyncIterable<Uint8Array>;
  /** The Content-Length the client declared, when it did. */
  declared: number | undefined;
  /** Aborted when the client goes away before the end of its body. */
  signal: AbortSignal;
}

function declaredLength(header: string | undefined): number | undefined {
  if (header === undefined) return undefined;
  const n = Number(header);
  return Number.isSafeInteger(n) && n >= 0 ? n : undefined;
}

const interrupted = (what: string) =>
  new CellaError('BAD_REQUEST', `the ${what} was interrupted before its end`);

/**
 * The body's bytes, failing at the end unless the body really ended and the client is still there.
 * A browser's streamed upload declares no length, and an aborted one can reach us as END_STREAM
 * followed at once by RST_STREAM (Chromium does this): the body looks complete, but the client saw
 * its upload fail. So the end waits one turn of the event loop for a reset that arrived with it.
 * Failing before the reader sees the end keeps the bytes from being stored.
 */
async function* wholeBody(
  body: AsyncIterable<Uint8Array>,
  declared: number | undefined,
  aborted: () => boolean,
  what: string,
): AsyncGenerator<Uint8Array> {
  let size = 0;
  for await (const chunk of body) {
    size += chunk.byteLength;
    yield chunk;
  }
  await new Promise((resolve) => setImmediate(resolve));
  if (aborted() || (declared !== undefined && size !== declared)) throw interrupted(what);
}

/** Runs `consume` over the request's body; `what` names it in errors ("upload", "import"). */
export async function withStreamedBody<T>(
  ctx: RequestContext,
  what: string,
  consume: (body: StreamedBody) => Promise<T>,
): Promise<T> {
  const { request } = ctx.http;
  const controller = new AbortController();
  const raw = request.raw;
  let aborted = false;
  const onAborted = () => {
    aborted = true;
    controller.abort(interrupted(what));
  };
  const onClose = () => {
    if (!raw.complete) onAborted();
  };
  raw.once('close', onClose);
  raw.once('aborted', onAborted);
  let body: AsyncGenerator<Uint8Array> | undefined;
  try {
    const declared = declaredLength(request.headers['content-length']);
    // Leaving the body's iterator early (a refusal) must not destroy the request: the
    // connection still has to carry the answer.
    body = wholeBody(raw.iterator({ destroyOnReturn: false }), declared, () => aborted, what);
    return await consume({ body, declared, signal: controller.signal });
  } catch (error) {
    // A client that went away is not a server fault (no 500 in the log for it). Checked first:
    // an aborted HTTP/2 request counts as `complete`.
    if (aborted && !(error instanceof CellaError))
      throw new CellaError('BAD_REQUEST', interrupted(what).message, { cause: error });
    if (raw.complete) throw error;
    // Refused before or while the body streamed: the answer goes out now, and the rest of the
    // body is drained within a bound or the connection closed (http/early-answers.ts).
    if (error instanceof CellaError || !(controller.signal.aborted || raw.destroyed)) throw error;
    throw new CellaError('BAD_REQUEST', interrupted(what).message, { cause: error });
  } finally {
    raw.off('close', onClose);
    raw.off('aborted', onAborted);
    // A consumer that stopped pulling without ending its loop (a reader that threw) leaves the
    // stream's iterator listening for 'readable', which keeps the early answer's drain from
    // reading the rest off (http/early-answers.ts): end it here.
    void body?.return(undefined).catch(() => undefined);
  }
}
