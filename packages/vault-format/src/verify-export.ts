/**
 * `verifyExport`: checks a vault export offline — every block's hash, the manifest's signature
 * against the exporting node's DID, the layout, every count and size — and says what it holds.
 * Reads the file once, as a stream (a Blob, a web ReadableStream, an async iterable of bytes, or
 * the bytes), in the memory `readVaultExport` needs.
 */
import { ExportFormatError } from './errors.js';
import { readVaultExport, type ExportSummary, type ReadExportOptions } from './read-export.js';

export type ExportSource = AsyncIterable<Uint8Array> | ReadableStream<Uint8Array> | Blob | Uint8Array;

export interface VerifyExportOptions extends ReadExportOptions {
  /** Refuse an export of another user's vault. */
  user?: string;
  /** Bytes read so far, as the file is read. */
  onProgress?: (bytes: number) => void;
  signal?: AbortSignal;
}

async function* chunksOf(source: ExportSource): AsyncGenerator<Uint8Array> {
  if (source instanceof Uint8Array) {
    yield source;
    return;
  }
  const stream =
    typeof Blob !== 'undefined' && source instanceof Blob
      ? source.stream()
      : (source as AsyncIterable<Uint8Array> | ReadableStream<Uint8Array>);
  if (Symbol.asyncIterator in stream) {
    yield* stream;
    return;
  }
  // Browsers whose ReadableStream is not iterable yet.
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

export async function verifyExport(
  source: ExportSource,
  options: VerifyExportOptions = {},
): Promise<ExportSummary> {
  let bytes = 0;
  const counted = async function* (): AsyncGenerator<Uint8Array> {
    for await (const chunk of chunksOf(source)) {
      options.signal?.throwIfAborted();
      bytes += chunk.length;
      options.onProgress?.(bytes);
      yield chunk;
    }
  };
  for await (const event of readVaultExport(counted(), options)) {
    if (event.type === 'manifest' && options.user !== undefined && event.root.user !== options.user)
      throw new ExportFormatError(
        'WRONG_USER',
        `this is the vault of ${event.root.user}, not of ${options.user}`,
      );
    if (event.type === 'end') return event.summary;
  }
  throw new Error('unreachable: the reader ends with a summary');
}
