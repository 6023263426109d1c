/**
 * The bounds of an import's request body (import-service.ts): `maxBytes` from the first byte, then
 * what the manifest says the file holds (its documents, contents and blocks, with room for the
 * framing) — a file larger than its manifest is cut at the first byte past that, not read to its
 * end. The body is read once, as it arrives: nothing of it is kept but what the writer stores
 * (import-writer.ts).
 */
import type * as Format from '@cella/vault-format';
import { CellaError } from '../errors.js';

/** Room for a block's CAR framing (length, CID) and a dag-pb node's wrapping of its data. */
const FRAMING_PER_BLOCK = 160;

export function tooLarge(bytes: number, what: string): CellaError {
  return new CellaError('PAYLOAD_TOO_LARGE', `the body is larger than ${what} (${bytes} bytes)`);
}

export class BoundedBody {
  /** Bytes read so far. */
  bytes = 0;
  private limit: number;
  private limitText: string;

  constructor(maxBytes: number) {
    this.limit = maxBytes;
    this.limitText = `the node accepts (CELLA_IMPORT_MAX_BYTES = ${maxBytes})`;
  }

  /** The body's pieces as they come, failing at the first byte past the bound. */
  async *read(body: AsyncIterable<Uint8Array>, signal: AbortSignal): AsyncGenerator<Uint8Array> {
    for await (const chunk of body) {
      signal.throwIfAborted();
      this.bytes += chunk.byteLength;
      if (this.bytes > this.limit) throw tooLarge(this.limit, this.limitText);
      yield chunk;
    }
  }

  /** The manifest is read: the rest of the file is at most what it promises. */
  promised(manifest: Format.ManifestEvent): void {
    const { totals } = manifest.vault;
    const promised =
      this.bytes +
      totals.document_bytes +
      totals.content_bytes +
      Math.ceil(totals.content_bytes / 64) +
      manifest.root.blocks * FRAMING_PER_BLOCK;
    if (promised < this.limit) {
      this.limit = promised;
      this.limitText = 'its manifest says the file holds';
    }
  }
}
