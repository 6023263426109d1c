/**
 * `vault.files`: the vault's file store. Uploads and downloads stream (web streams, so the same
 * code runs in browsers and Node); everything else is a small JSON call.
 *
 * Paths use `/` between folders and are URL-encoded here, one segment at a time. The empty path
 * is the root folder (for `list` and `stat`).
 */
import type { components } from './generated/openapi.js';
import type { Http } from './http.js';
import { allPages } from './pages.js';

export type FileInfo = components['schemas']['FileInfo'];
export type UploadResult = components['schemas']['UploadResult'];

/**
 * What `upload` takes. Bytes, strings and Blobs have a known length, sent as `Content-Length` so the
 * node can refuse an upload over quota before the first byte; streams are sent as they come.
 */
export type UploadData =
  Uint8Array | ArrayBuffer | Blob | string | ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>;

export interface UploadOptions {
  /** Called as the body is handed to the network layer: bytes so far, and the total when known. */
  onProgress?: (sent: number, total: number | undefined) => void;
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

function isAsyncIterable(value: unknown): value is AsyncIterable<Uint8Array> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}

/** A web stream of any stream-like input, counting bytes as the consumer pulls them. */
export function countingStream(
  source: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>,
  onBytes: (sent: number) => void,
): ReadableStream<Uint8Array> {
  const iterator = source instanceof ReadableStream ? readerIterator(source) : source[Symbol.asyncIterator]();
  let sent = 0;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next = await iterator.next();
        if (next.done) {
          controller.close();
          return;
        }
        sent += next.value.byteLength;
        onBytes(sent);
        controller.enqueue(next.value);
      },
      async cancel(reason) {
        await iterator.return?.(reason);
      },
    },
    { highWaterMark: 0 },
  );
}

function readerIterator(stream: ReadableStream<Uint8Array>): AsyncIterator<Uint8Array> {
  const reader = stream.getReader();
  return {
    next: () => reader.read() as Promise<IteratorResult<Uint8Array>>,
    return: async (reason?: unknown) => {
      await reader.cancel(reason);
      return { done: true, value: undefined };
    },
  };
}

function knownLength(data: UploadData): number | undefined {
  if (typeof data === 'string') return new TextEncoder().encode(data).byteLength;
  if (data instanceof Uint8Array || data instanceof ArrayBuffer) return data.byteLength;
  if (typeof Blob !== 'undefined' && data instanceof Blob) return data.size;
  return undefined;
}

export class FilesApi {
  constructor(private readonly http: Http) {}

  private url(path: string, suffix = '', query = ''): string {
    return `${FILES}${encodeFilePath(path)}${suffix}${query}`;
  }

  private async json<T>(path: string, init: RequestInit = {}): Promise<T> {
    const response = await this.http.raw(path, init);
    return (await response.json()) as T;
  }

  /**
   * Uploads `data` to `path`, replacing a file there. The file appears only once every byte is
   * stored. With `onProgress`, bodies of known length are streamed too (so progress is real),
   * still with their `Content-Length`. Browsers stream request bodies only over HTTP/2; over
   * HTTP/1.1 pass a Blob and no `onProgress`.
   */
  async upload(path: string, data: UploadData, options: UploadOptions = {}): Promise<UploadResult> {
    const total = knownLength(data) ?? options.size;
    const headers: Record<string, string> = { 'content-type': 'application/octet-stream' };
    let body: BodyInit;
    let streamed = false;
    if (
      typeof data === 'string' ||
      data instanceof Uint8Array ||
      data instanceof ArrayBuffer ||
      (typeof Blob !== 'undefined' && data instanceof Blob)
    ) {
      const bytes: Blob | Uint8Array =
        typeof data === 'string'
          ? new TextEncoder().encode(data)
          : data instanceof ArrayBuffer
            ? new Uint8Array(data)
            : data;
      if (options.onProgress) {
        const blob = bytes instanceof Blob ? bytes : new Blob([bytes as Uint8Array<ArrayBuffer>]);
        body = countingStream(blob.stream(), (sent) => options.onProgress?.(sent, total));
        headers['content-length'] = String(total);
        streamed = true;
      } else {
        body = bytes as BodyInit;
      }
    } else if (data instanceof ReadableStream || isAsyncIterable(data)) {
      body = countingStream(data, (sent) => options.onProgress?.(sent, total));
      if (options.size !== undefined) headers['content-length'] = String(options.size);
      streamed = true;
    } else {
      throw new TypeError(
        'upload data must be bytes, a string, a Blob, a ReadableStream or an async iterable of bytes',
      );
    }
    const result = await this.json<UploadResult>(this.url(path), {
      method: 'PUT',
      headers,
      body,
      ...(options.signal ? { signal: options.signal } : {}),
      // A stream can't be sent twice: no retry after re-signing in.
      ...(streamed ? ({ duplex: 'half', retryable: false } as object) : {}),
    });
    if (!streamed) options.onProgress?.(total ?? result.size, total ?? result.size);
    return result;
  }

  /** The file's bytes (or a range of them) as a web stream, read at the caller's pace. */
  async download(path: string, options: DownloadOptions = {}): Promise<ReadableStream<Uint8Array>> {
    const response = await this.http.raw(this.url(path), {
      headers: options.range ? { range: rangeHeader(options.range) } : {},
      ...(options.signal ? { signal: options.signal } : {}),
    });
    return response.body ?? new ReadableStream<Uint8Array>({ start: (c) => c.close() });
  }

  /** Convenience: the whole file (or a range) in memory. */
  async bytes(path: string, options: DownloadOptions = {}): Promise<Uint8Array> {
    const response = await this.http.raw(this.url(path), {
      headers: options.range ? { range: rangeHeader(options.range) } : {},
      ...(options.signal ? { signal: options.signal } : {}),
    });
    return new Uint8Array(await response.arrayBuffer());
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

  /** Properties of a file (size, CID, created, updated) or a folder. */
  stat(path: string): Promise<FileInfo> {
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
