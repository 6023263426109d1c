/**
 * File paths inside a vault. One file has exactly one name, so the rules refuse rather than
 * resolve anything ambiguous:
 *
 * - the path arrives URL-decoded (the HTTP layer refuses invalid UTF-8 percent-encoding);
 * - Unicode is normalised to NFC (a macOS client's NFD `é` and a Linux client's NFC `é` are one name);
 * - `/` separates folders; one trailing `/` is dropped (`photos/` is the folder `photos`);
 * - refused: an empty path (except where the root folder is meant), an empty segment (`a//b`,
 *   a leading `/`), the segments `.` and `..`, NUL, and more than 1024 bytes of UTF-8.
 *
 * Any other character is allowed (spaces, `\`, `?`, `#`, emoji, control characters other than NUL).
 */
import { CellaError } from '../errors.js';

export const MAX_PATH_BYTES = 1024;

function bad(message: string): CellaError {
  return new CellaError('INVALID_PARAMETER', message);
}

/**
 * Returns the canonical form of a file or folder path. `allowRoot`: the empty path (the root
 * folder) is accepted and returned as `''` (listing and properties of the root).
 */
export function normalisePath(input: string, options: { allowRoot?: boolean } = {}): string {
  let path = input.normalize('NFC');
  if (path.endsWith('/') && path.length > 1) path = path.slice(0, -1);
  if (path === '' || path === '/') {
    if (options.allowRoot) return '';
    throw bad('the file path is empty');
  }
  if (path.includes('\u0000')) throw bad('the file path contains a NUL character');
  // Lone surrogates (only reachable from code, not from URL decoding) have no UTF-8 form.
  if (/\p{Cs}/u.test(path)) throw bad('the file path is not valid Unicode');
  if (Buffer.byteLength(path, 'utf8') > MAX_PATH_BYTES)
    throw bad(`the file path is longer than ${MAX_PATH_BYTES} bytes of UTF-8`);
  for (const segment of path.split('/')) {
    if (segment === '') throw bad(`the file path "${path}" has an empty segment (a leading "/" or "//")`);
    if (segment === '.' || segment === '..')
      throw bad(`the file path "${path}" has a "${segment}" segment; paths are not resolved`);
  }
  return path;
}

/** `a/b/c` → `['a', 'a/b']` (the folders a file lives in, outermost first). */
export function ancestorsOf(path: string): string[] {
  const out: string[] = [];
  for (let i = path.indexOf('/'); i !== -1; i = path.indexOf('/', i + 1)) out.push(path.slice(0, i));
  return out;
}

/** Last segment: `a/b/c` → `c`. */
export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/**
 * A store filter matching every path strictly below `folder` (the whole vault for the root).
 * `[folder + '/', folder + '0')` is exactly the set of strings starting with `folder/`, because
 * `0` follows `/` in both UTF-8 byte order and UTF-16 code-unit order; a range (not a regex) so
 * engines can use the `_id` index.
 */
export function descendantsFilter(folder: string): Record<string, unknown> {
  if (folder === '') return {};
  return { _id: { $gte: `${folder}/`, $lt: `${folder}0` } };
}

/** `from/x/y` moved from `from` to `to` → `to/x/y`. */
export function rebase(path: string, from: string, to: string): string {
  return path === from ? to : `${to}${path.slice(from.length)}`;
}

/** True when `path` is `folder` itself or below it. */
export function isWithin(path: string, folder: string): boolean {
  return path === folder || path.startsWith(`${folder}/`);
}
