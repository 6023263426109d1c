/**
 * The empty file path (`/api/v2/vault/files/`) names the root folder, which can be listed but not
 * written, deleted, moved, copied, downloaded or described. As the reference node answers (its
 * file routes need a path; only `GET …?comp=children` takes none): PUT, PATCH and DELETE there are
 * 405 with `Allow: GET`; a GET other than a listing is 400. One answer in both dialects.
 */
import { CellaError } from '../../errors.js';
import type { RequestContext } from '../request-context.js';

const isRoot = (path: string): boolean => path.replace(/\/+/g, '') === '';

/** 405 for a write to the root folder (`PUT`, `PATCH`, `DELETE` with an empty path). */
export function refuseRootWrite(ctx: RequestContext, path: string): void {
  if (!isRoot(path)) return;
  ctx.http.reply.header('allow', 'GET');
  throw new CellaError(
    'METHOD_NOT_ALLOWED',
    `${ctx.http.request.method} needs a file path: the root folder can only be listed (GET)`,
  );
}

/** 400 for a GET of the root folder that is not a listing. */
export function refuseRootRead(path: string, what: string): void {
  if (isRoot(path))
    throw new CellaError('INVALID_PARAMETER', `${what} needs a file path (the root folder has none)`);
}
