/**
 * The base of an incremental import (docs/portability.md, "Incremental import"), read from the
 * vault itself: an incremental export leaves out the pages and contents its base held, and the
 * vault being updated holds exactly that base (import-service.ts checks it imported the base and
 * was not written since).
 *
 * - Pages: the vault's documents cut into pages again, as an export cuts them (export-builder.ts:
 *   every collection in name order, its documents in their stored order, the same content-defined
 *   cut). An import inserts a page's documents in order, so the vault's stored order is the
 *   exporter's, and the pages come out byte for byte those of the base, under the same CIDs. They
 *   go to a spool file (mode 600), one entry per page in memory; a page the manifest leaves to the
 *   base and this cut does not give is refused by the writer (409): the vault is not the base.
 * - Contents: the files the vault holds; their blocks are pinned by the vault's references.
 */
import type { Database } from '@cella/document-store';
import { Chunker, encodeEntry, type Chunk } from '../backup/chunks.js';
import { Spool, type SpooledChunk } from '../backup/spool.js';
import { fileRefsOf } from '../files/vault-refs.js';
import { INTERNAL_COLLECTIONS, splitSpace } from '../vault/names.js';
import { EXPORT_PAGES } from './export-builder.js';
import type { ImportBase } from './import-writer.js';

/** Collections an export carries no pages of (the file metadata travels as the files lists). */
const NOT_PAGED = new Set<string>([INTERNAL_COLLECTIONS.files, INTERNAL_COLLECTIONS.transactions]);

export interface OpenBase extends ImportBase {
  close(): Promise<void>;
}

export async function readImportBase(db: Database, spoolDir: string, signal: AbortSignal): Promise<OpenBase> {
  const spool = await Spool.create(spoolDir, { indexed: false });
  try {
    const pages = new Map<string, SpooledChunk>();
    const ready: Chunk[] = [];
    let chunker: Chunker | undefined;
    const drain = async (): Promise<void> => {
      for (const chunk of ready.splice(0))
        if (!pages.has(chunk.cid)) pages.set(chunk.cid, await spool.append(chunk.cid, chunk.bytes));
    };
    let current: string | undefined;
    for await (const part of db.exportCollections()) {
      signal.throwIfAborted();
      if (part.collection !== current) {
        chunker?.flush();
        await drain();
        current = part.collection;
        chunker = NOT_PAGED.has(splitSpace(current).name)
          ? undefined
          : new Chunker((chunk) => ready.push(chunk), EXPORT_PAGES);
      }
      if (!chunker) continue;
      for (const doc of part.documents) chunker.add(encodeEntry(doc));
      await drain();
    }
    chunker?.flush();
    await drain();
    const contents = new Set(await fileRefsOf(db));
    return {
      page: async (cid) => {
        const at = pages.get(cid);
        return at ? spool.read(at) : null;
      },
      holds: (cid) => contents.has(cid),
      close: () => spool.close(),
    };
  } catch (error) {
    await spool.close();
    throw error;
  }
}
