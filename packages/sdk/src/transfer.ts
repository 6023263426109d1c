/**
 * Byte-level progress. An upload body is cut into 64 KiB pieces, whatever the input (bytes, a Blob,
 * a stream yielding pieces of any size), and handed to the network layer one piece at a time: a piece
 * counts as sent when the layer asks for the next one, i.e. once it has taken the previous one (into
 * the socket in Node, into the browser's network process in browsers). A download counts bytes as
 * the caller reads them. Same code in Node and browsers (web streams only).
 */
import { networkError } from './errors.js';

/** Bytes so far, and the total when known. */
export type ProgressListener = (done: number, total: number | undefined) => void;

/** What `upload` takes. */
export type UploadData =
  Uint8Array | ArrayBuffer | Blob | string | ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>;

/** Size of the pieces an upload is handed over in (the grain of its progress). */
export const UPLOAD_PIECE = 64 * 1024;
/** Blobs are read this much at a time (one read per piece would be one disk/IPC trip per 64 KiB). */
const BLOB_READ = 1024 * 1024;

const isBlob = (value: unknown): value is Blob => typeof Blob !== 'undefined' && value instanceof Blob;
const isAsyncIterable = (value: unknown): value is AsyncIterable<Uint8Array> =>
  typeof value === 'object' && value !== null && Symbol.asyncIterator in value;

/** True for inputs that can be read again (a retry after re-signing in can resend them). */
export function isReReadable(data: UploadData): data is Uint8Array | ArrayBuffer | Blob | string {
  return (
    typeof data === 'string' || data instanceof Uint8Array || data instanceof ArrayBuffer || isBlob(data)
  );
}

/** The byte length of bytes, strings and Blobs; undefined for streams. */
export function knownLength(data: UploadData): number | undefined {
  if (typeof data === 'string') return new TextEncoder().encode(data).byteLength;
  if (data instanceof Uint8Array || data instanceof ArrayBuffer) return data.byteLength;
  if (isBlob(data)) return data.size;
  return undefined;
}

/** Checks the input type up front (a wrong type fails before any request). */
export function assertUploadData(data: unknown): asserts data is UploadData {
  if (
    typeof data === 'string' ||
    data instanceof Uint8Array ||
    data instanceof ArrayBuffer ||
    isBlob(data) ||
    (typeof ReadableStream !== 'undefined' && data instanceof ReadableStream) ||
    isAsyncIterable(data)
  )
    return;
  throw new TypeError(
    'upload data must be bytes, a string, a Blob, a ReadableStream or an async iterable of bytes',
  );
}

async function* slices(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  for (let offset = 0; offset < bytes.byteLength; offset += UPLOAD_PIECE)
    yield bytes.subarray(offset, Math.min(offset + UPLOAD_PIECE, bytes.byteLength));
}

async function* blobPieces(blob: Blob): AsyncGenerator<Uint8Array> {
  for (let offset = 0; offset < blob.size; offset += BLOB_READ) {
    const part = new Uint8Array(await blob.slice(offset, offset + BLOB_READ).arrayBuffer());
    yield* slices(part);
  }
}

async function* streamPieces(
  source: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>,
): AsyncGenerator<Uint8Array> {
  if (typeof ReadableStream !== 'undefined' && source instanceof ReadableStream) {
    const reader = source.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        yield* slices(toBytes(value));
      }
    } finally {
      // Reached on cancel (the request was aborted) as on the end: release or cancel the source.
      await reader.cancel().catch(() => undefined);
    }
  }
  for await (const piece of source as AsyncIterable<Uint8Array>) yield* slices(toBytes(piece));
}

function toBytes(piece: unknown): Uint8Array {
  if (piece instanceof Uint8Array) return piece;
  if (piece instanceof ArrayBuffer) return new Uint8Array(piece);
  if (typeof piece === 'string') return new TextEncoder().encode(piece);
  throw new TypeError('an upload stream must yield Uint8Array pieces');
}

/** The input as 64 KiB pieces. */
export function uploadPieces(data: UploadData): AsyncGenerator<Uint8Array> {
  if (typeof data === 'string') return slices(new TextEncoder().encode(data));
  if (data instanceof ArrayBuffer) return slices(new Uint8Array(data));
  if (data instanceof Uint8Array) return slices(data);
  if (isBlob(data)) return blobPieces(data);
  return streamPieces(data);
}

export interface UploadBody {
  stream: ReadableStream<Uint8Array>;
  /** An error the input itself raised (reported as is, not as a network failure). */
  readonly sourceError: unknown;
}

/**
 * A request body over `data` that reports progress as the network layer takes its pieces. Pulled
 * one piece at a time (no read-ahead), so what is counted is what left for the network.
 */
export function progressBody(
  data: UploadData,
  total: number | undefined,
  onProgress?: ProgressListener,
  signal?: AbortSignal,
): UploadBody {
  const pieces = uploadPieces(data);
  let taken = 0;
  let handed = 0;
  const state: { sourceError: unknown } = { sourceError: undefined };
  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        // An aborted fetch may go on draining its body (Node 20's undici does, to the last byte,
        // before it closes the connection): end it here, and report nothing more.
        if (signal?.aborted) {
          controller.error(signal.reason);
          await pieces.return(undefined);
          return;
        }
        // Asked for more: the previous piece was taken.
        if (handed > taken) {
          taken = handed;
          onProgress?.(taken, total);
        }
        let next: IteratorResult<Uint8Array>;
        try {
          next = await pieces.next();
        } catch (error) {
          state.sourceError = error;
          controller.error(error);
          return;
        }
        if (next.done) {
          controller.close();
          return;
        }
        handed += next.value.byteLength;
        // A copy when the piece is a view into the caller's buffer: the network layer may transfer
        // (detach) what it is given, which must never touch the caller's data.
        controller.enqueue(next.value.slice());
      },
      async cancel() {
        await pieces.return(undefined);
      },
    },
    { highWaterMark: 0 },
  );
  return {
    stream,
    get sourceError() {
      return state.sourceError;
    },
  };
}

/** The input as one Blob (for XMLHttpRequest, which can't take a stream): streams are read whole. */
export async function uploadBlob(data: UploadData): Promise<Blob> {
  if (isBlob(data)) return data;
  if (typeof data === 'string') return new Blob([data]);
  if (data instanceof ArrayBuffer) return new Blob([data]);
  if (data instanceof Uint8Array) return new Blob([data as Uint8Array<ArrayBuffer>]);
  const parts: Uint8Array<ArrayBuffer>[] = [];
  for await (const piece of uploadPieces(data)) parts.push(piece.slice());
  return new Blob(parts);
}

/** The length a response will carry: Content-Length, else the span of a Content-Range. */
export function responseLength(response: Response): number | undefined {
  const length = response.headers.get('content-length');
  if (length !== null && /^\d+$/.test(length.trim())) return Number(length);
  const range = /^bytes (\d+)-(\d+)\//.exec(response.headers.get('content-range') ?? '');
  return range ? Number(range[2]) - Number(range[1]) + 1 : undefined;
}

/**
 * A response body that reports progress as it is read, and turns a broken connection into a
 * CellaNetworkError (an abort stays an AbortError).
 */
export function progressDownload(
  response: Response,
  baseUrl: string,
  options: { onProgress?: ProgressListener; signal?: AbortSignal } = {},
): ReadableStream<Uint8Array> {
  const total = responseLength(response);
  if (!response.body) {
    options.onProgress?.(0, total ?? 0);
    return new ReadableStream<Uint8Array>({ start: (controller) => controller.close() });
  }
  const reader = response.body.getReader();
  let received = 0;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const { done, value } = await reader.read();
          if (done) {
            if (received === 0) options.onProgress?.(0, total ?? 0);
            controller.close();
            return;
          }
          received += value.byteLength;
          options.onProgress?.(received, total);
          controller.enqueue(value);
        } catch (error) {
          controller.error(networkError(error, baseUrl, options.signal));
        }
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}

/** Reads a whole stream into one array. */
export async function readAll(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  const reader = stream.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    size += value.byteLength;
  }
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(size);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.byteLength;
  }
  return out;
}
