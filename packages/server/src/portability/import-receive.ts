/**
 * The first pass of an import (import-service.ts): the request body written to a spool file
 * (`<dataDir>/transfer-spool`, mode 600) while the reader checks every byte of it — the signature
 * and whose vault it is at the root, the manifest (the caller's `onManifest` refuses it there:
 * quota, an incremental export), every block's hash, the layout, every count and size. Nothing is
 * written to the vault's stores in this pass, so a refused, truncated or interrupted body leaves
 * only the spool file, which is removed (and, after a kill, at the node's next start).
 *
 * The body is bounded: by `maxBytes` from the first byte, then by what the manifest says the file
 * holds (its documents, contents and blocks, with room for the framing) — a file larger than its
 * manifest is cut at the first byte past that, not read to its end.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import path from 'node:path';
import type * as Format from '@cella/vault-format';
import { CellaError } from '../errors.js';
import { sha256, type VaultFormat } from './export-builder.js';

export interface ReceivedExport {
  manifest: Format.ManifestEvent;
  summary: Format.ExportSummary;
  /** The checked file again, as a stream. */
  read(): AsyncIterable<Uint8Array>;
  /** Removes the spool file. */
  close(): Promise<void>;
}

/** The spool file is written this many bytes at a time. */
const SPOOL_WRITE_BYTES = 4 * 1024 * 1024;

/** Room for a block's CAR framing (length, CID) and a dag-pb node's wrapping of its data. */
const FRAMING_PER_BLOCK = 160;

export function tooLarge(bytes: number, what: string): CellaError {
  return new CellaError('PAYLOAD_TOO_LARGE', `the body is larger than ${what} (${bytes} bytes)`);
}

export async function receiveExport(
  format: VaultFormat,
  body: AsyncIterable<Uint8Array>,
  options: {
    spoolDir: string;
    maxBytes: number;
    /** Called once the manifest is read and checked, before any page: throw to refuse. */
    onManifest(manifest: Format.ManifestEvent): void;
    signal: AbortSignal;
  },
): Promise<ReceivedExport> {
  await mkdir(options.spoolDir, { recursive: true, mode: 0o700 });
  const file = path.join(options.spoolDir, `${randomUUID()}.import`);
  const handle = await open(file, 'w', 0o600);
  const close = () => rm(file, { force: true });
  let writing: Promise<unknown> = Promise.resolve();
  try {
    let bytes = 0;
    let limit = options.maxBytes;
    let limitText = `the node accepts (CELLA_IMPORT_MAX_BYTES = ${options.maxBytes})`;
    // The body's pieces (~64 KiB each) are written a few MiB at a time, one write in flight while
    // the reader checks the next pieces: one thread-pool round trip per SPOOL_WRITE_BYTES, not one
    // per piece waited for before the piece is read. The pieces are never modified by the reader.
    let gathered: Uint8Array[] = [];
    let gatheredBytes = 0;
    const flush = async (): Promise<void> => {
      await writing;
      if (gathered.length === 0) return; // libuv refuses a writev of no buffers
      const parts = gathered;
      gathered = [];
      gatheredBytes = 0;
      writing = handle.writev(parts);
      writing.catch(() => undefined); // awaited at the next flush; not an unhandled rejection meanwhile
    };
    const spooled = async function* (): AsyncGenerator<Uint8Array> {
      for await (const chunk of body) {
        options.signal.throwIfAborted();
        bytes += chunk.byteLength;
        if (bytes > limit) throw tooLarge(limit, limitText);
        gathered.push(chunk);
        gatheredBytes += chunk.byteLength;
        if (gatheredBytes >= SPOOL_WRITE_BYTES) await flush();
        yield chunk;
      }
      await flush();
      await writing;
    };
    let manifest: Format.ManifestEvent | undefined;
    let summary: Format.ExportSummary | undefined;
    for await (const event of format.readVaultExport(spooled(), { sha256 })) {
      if (event.type === 'manifest') {
        options.onManifest(event);
        manifest = event;
        const { totals } = event.vault;
        const promised =
          bytes +
          totals.document_bytes +
          totals.content_bytes +
          Math.ceil(totals.content_bytes / 64) +
          event.root.blocks * FRAMING_PER_BLOCK;
        if (promised < limit) {
          limit = promised;
          limitText = 'its manifest says the file holds';
        }
      } else if (event.type === 'end') summary = event.summary;
    }
    await handle.close();
    if (!manifest || !summary) throw new Error('unreachable: the reader ends with a summary');
    return {
      manifest,
      summary,
      read: () => createReadStream(file, { highWaterMark: 1024 * 1024 }),
      close,
    };
  } catch (error) {
    await writing.catch(() => undefined);
    await handle.close().catch(() => undefined);
    await close();
    throw error;
  }
}
