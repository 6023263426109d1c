/**
 * Streams a raw request body into a vault file through the files service (never buffered): the
 * declared Content-Length is passed on for the quota pre-check, and a client that goes away
 * before the end stops the add at once (the kubo engine would otherwise keep its request to the
 * daemon open). Shared by file uploads and script upload transactions.
 */
import type { RequestContext } from '../request-context.js';
import { CellaError } from '../../errors.js';
import type { UploadOptions } from '../../files/files-service.js';
import type { VaultSpace } from '../../vault/spaces.js';

function declaredLength(header: string | undefined): number | undefined {
  if (header === undefined) return undefined;
  const n = Number(header);
  return Number.isSafeInteger(n) && n >= 0 ? n : undefined;
}

const interrupted = () => new CellaError('BAD_REQUEST', 'the upload was interrupted before its end');

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
): AsyncGenerator<Uint8Array> {
  let size = 0;
  for await (const chunk of body) {
    size += chunk.byteLength;
    yield chunk;
  }
  await new Promise((resolve) => setImmediate(resolve));
  if (aborted() || (declared !== undefined && size !== declared)) throw interrupted();
}

export async function receiveUpload(
  ctx: RequestContext,
  vault: VaultSpace,
  path: string,
  flags: Pick<UploadOptions, 'public' | 'encryptMethod'> = {},
): Promise<{ name: string; cid: string; size: number }> {
  const { request } = ctx.http;
  const controller = new AbortController();
  const body = request.raw;
  let aborted = false;
  const onAborted = () => {
    aborted = true;
    controller.abort(interrupted());
  };
  const onClose = () => {
    if (!body.complete) onAborted();
  };
  body.once('close', onClose);
  body.once('aborted', onAborted);
  try {
    const declared = declaredLength(request.headers['content-length']);
    // Leaving the body's iterator early (a refusal) must not destroy the request: the
    // connection still has to carry the answer.
    return await ctx.app.files.upload(
      vault,
      path,
      wholeBody(body.iterator({ destroyOnReturn: false }), declared, () => aborted),
      {
        ...flags,
        ...(declared !== undefined ? { declaredLength: declared } : {}),
        signal: controller.signal,
      },
    );
  } catch (error) {
    // A client that went away is not a server fault (no 500 in the log for it). Checked first:
    // an aborted HTTP/2 request counts as `complete`.
    if (aborted && !(error instanceof CellaError))
      throw new CellaError('BAD_REQUEST', interrupted().message, { cause: error });
    if (body.complete) throw error;
    // Refused before or while the body streamed: the answer goes out now, and the rest of the
    // body is drained within a bound or the connection closed (http/early-answers.ts).
    if (error instanceof CellaError || !(controller.signal.aborted || body.destroyed)) throw error;
    throw new CellaError('BAD_REQUEST', interrupted().message, { cause: error });
  } finally {
    body.off('close', onClose);
    body.off('aborted', onAborted);
  }
}
