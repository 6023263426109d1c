/**
 * `vault.files`: the vault's file store. Uploads and downloads stream (web streams, so the same
 * code runs in browsers and Node); everything else is a small JSON call.
 *
 * Paths use `/` between folders and are URL-encoded here, one segment at a time. The empty path
 * is the root folder (for `list` and `stat`).
 */
import type { components } from './generated/openapi.js';
import type { Http, RawInit } from './http.js';
import { progressDownload, readAll, type ProgressListener, type UploadData } from './transfer.js';
import { sendUpload } from './upload.js';
import { allPages } from './pages.js';

export type FileInfo = components['schemas']['FileInfo'];
export type UploadResult = components['schemas']['UploadResult'];
export type { ProgressListener, UploadData };

export interface UploadOptions {
  /**
   * Progress as the bytes leave: bytes sent so far and the total when known, in 64 KiB steps (in
   * browsers without request streaming, as XMLHttpRequest reports it).
   */
  onProgress?: ProgressListener;
  /** Aborting rejects with the signal's reason; the node keeps nothing of an unfinished upload. */
  signal?: AbortSignal;
  /**
   * The length of a stream body, when known: sent as `Content-Length` (Node; browsers do not allow
   * setting it), so an upload that can't fit is refused before the first byte.
   */
  size?: number;
}

/** A byte range: `{ offset, length? }` (from `offset`, `length` bytes or to the end) or the last `suffix` bytes. */
export type ByteRange = { offset: number; length?: number } | { suffix: number };

export interface DownloadOptions {
  range?: ByteRange;
  signal?: AbortSignal;
  /** Progress as the bytes are read: bytes so far and the length of the answer when known. */
  onProgress?: ProgressListener;
}

const FILES = '/api/v2/vault/files/';

/** `a b/ç` → `a%20b/%C3%A7`: each segment encoded, the separators kept. */
export function encodeFilePath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}

/** The `Range` header for a ByteRange. */
export function rangeHeader(range: ByteRange): string {
  if ('suffix' in range) {
    if (!Number.isSafeInteger(range.suffix) || range.suffix < 1)
      throw new RangeError('range.suffix must be a positive integer');
    return `bytes=-${range.suffix}`;
  }
  const { offset, length } = range;
  if (!Number.isSafeInteger(offset) || offset < 0)
    throw new RangeError('range.offset must be a non-negative integer');
  if (length === undefined) return `bytes=${offset}-`;
  if (!Number.isSafeInteger(length) || length < 1)
    throw new RangeError('range.length must be a positive integer');
  return `bytes=${offset}-${offset + length - 1}`;
}

export class FilesApi {
  constructor(private readonly http: Http) {}

  private url(path: string, suffix = '', query = ''): string {
    return `${FILES}${encodeFilePath(path)}${suffix}${query}`;
  }

  private json<T>(path: string, init: RawInit = {}): Promise<T> {
    return this.http.json<T>(path, init);
  }

  /**
   * Uploads `data` to `path`, replacing a file there. The file appears only once every byte is
   * stored. Bytes, strings and Blobs are re-read if the node asks to sign in again; a stream is sent
   * once. Progress: see `UploadOptions.onProgress`.
   */
  async upload(path: string, data: UploadData, options: UploadOptions = {}): Promise<UploadResult> {
    const response = await sendUpload(this.http, this.url(path), data, options);
    return this.http.parse<UploadResult>(response, this.url(path));
  }

  /** The file's bytes (or a range of them) as a web stream, read at the caller's pace. */
  async download(path: string, options: DownloadOptions = {}): Promise<ReadableStream<Uint8Array>> {
    const response = await this.http.raw(this.url(path), {
      headers: options.range ? { range: rangeHeader(options.range) } : {},
      ...(options.signal ? { signal: options.signal } : {}),
    });
    return progressDownload(response, this.http.baseUrl, options);
  }

  /** Convenience: the whole file (or a range) in memory. */
  async bytes(path: string, options: DownloadOptions = {}): Promise<Uint8Array> {
    return readAll(await this.download(path, options));
  }

  /** A folder's entries (direct children, folders included; `recursive` for the whole tree). */
  async list(path = '', options: { recursive?: boolean } = {}): Promise<FileInfo[]> {
    const query = options.recursive ? '?list=true&recursive=true' : '?list=true';
    // Pages of a listing cut at the node's answer cap are followed (`next_skip`).
    return allPages(async (skip) => {
      const page = await this.json<{ value: FileInfo[]; next_skip?: number }>(
        this.url(path, '', skip ? `${query}&skip=${skip}` : query),
      );
      return { items: page.value, nextSkip: page.next_skip };
    });
  }

  /**
   * Properties of a file (size, CID, created, updated) or a folder. The root folder (`''`) has
   * fixed ones: the node answers `?comp=metadata` only for a path, as the reference node does.
   */
  async stat(path: string): Promise<FileInfo> {
    if (path.replace(/\/+/g, '') === '') return { name: '', is_file: false, size: 0 };
    return this.json<FileInfo>(this.url(path, '', '?comp=metadata'));
  }

  /** The file's CID. */
  async hash(path: string): Promise<string> {
    return (await this.json<{ cid: string }>(this.url(path, '/hash'))).cid;
  }

  /** Renames a file or folder; the destination must not exist. */
  async move(from: string, to: string): Promise<void> {
    await this.json(this.url(from, '/move'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to }),
    });
  }

  /** Copies a file or folder (the content is shared; the size counts against the quota again). */
  async copy(from: string, to: string): Promise<void> {
    await this.json(this.url(from, '/copy'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to }),
    });
  }

  /** Deletes a file, or a folder with everything in it. */
  async delete(path: string): Promise<void> {
    await this.http.raw(this.url(path), { method: 'DELETE' });
  }
}
