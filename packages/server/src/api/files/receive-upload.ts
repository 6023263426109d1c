/**
 * Streams a raw request body into a vault file through the files service (never buffered): the
 * declared Content-Length is passed on for the quota pre-check, and a client that goes away
 * before the end stops the add at once (the kubo engine would otherwise keep its request to the
 * daemon open). Shared by file uploads and script upload transactions.
 */
import type { RequestContext } from '../request-context.js';
import { CellaError } from '../../errors.js';
import type { VaultRecord } from '../../vault/vaults.js';

function declaredLength(header: string | undefined): number | undefined {
  if (header === undefined) return undefined;
  const n = Number(header);
  return Number.isSafeInteger(n) && n >= 0 ? n : undefined;
}

const interrupted = () => new CellaError('BAD_REQUEST', 'the upload was interrupted before its end');

export async function receiveUpload(
  ctx: RequestContext,
  vault: VaultRecord,
  path: string,
): Promise<{ name: string; cid: string; size: number }> {
  const { request } = ctx.http;
  const controller = new AbortController();
  const body = request.raw;
  const onClose = () => {
    if (!body.complete) controller.abort(interrupted());
  };
  body.once('close', onClose);
  try {
    const declared = declaredLength(request.headers['content-length']);
    // Leaving the body's iterator early (a refusal) must not destroy the request: the
    // connection still has to carry the answer.
    return await ctx.app.files.upload(vault, path, body.iterator({ destroyOnReturn: false }), {
      ...(declared !== undefined ? { declaredLength: declared } : {}),
      signal: controller.signal,
    });
  } catch (error) {
    if (body.complete) throw error;
    // Refused before or while the body streamed: the answer goes out now, and the rest of the
    // body is drained within a bound or the connection closed (http/early-answers.ts).
    // A client that went away is not a server fault (no 500 in the log for it).
    if (error instanceof CellaError || !(controller.signal.aborted || body.destroyed)) throw error;
    throw new CellaError('BAD_REQUEST', interrupted().message, { cause: error });
  } finally {
    body.off('close', onClose);
  }
}
