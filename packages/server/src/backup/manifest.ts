/**
 * The manifest of one backup: every collection as a list of chunk CIDs with document counts and
 * sizes, and the file contents (distinct CIDs with sizes) as chunks of `{c: cid, s: size}` entries.
 * Its hash (SHA-256 of the canonical JSON: keys sorted, no spaces) is the backup's root hash; both
 * nodes compute it, and the backup node stores the canonical text itself as raw blocks.
 */
import { createHash } from 'node:crypto';
import { schemas } from '@cella/openapi';
import type { z } from 'zod';
import { CHUNK_MAX_BYTES, rawCid } from './chunks.js';

export type Manifest = z.infer<typeof schemas.backup.backupManifest>;
export type ChunkRef = Manifest['files']['chunks'][number];
export type ManifestIndex = NonNullable<Manifest['collections'][number]['indexes']>[number];
export const manifestSchema = schemas.backup.backupManifest;

/** JSON with object keys sorted at every level (arrays keep their order). */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return v;
    return Object.fromEntries(
      Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    );
  });
}

export function manifestHash(manifest: Manifest): string {
  return createHash('sha256').update(canonicalJson(manifest), 'utf8').digest('hex');
}

export interface ManifestTotals {
  documents: number;
  collections: number;
  /** Distinct file contents. */
  files: number;
  /** Content bytes: documents (BSON) + files. */
  bytes: number;
  /** Every chunk CID (collections and the file list). */
  chunkCids: string[];
  chunkBytes: number;
}

export function totalsOf(manifest: Manifest): ManifestTotals {
  let documents = 0;
  let dbBytes = 0;
  const chunkCids: string[] = [];
  let chunkBytes = 0;
  for (const c of manifest.collections) {
    documents += c.documents;
    dbBytes += c.bytes;
    for (const chunk of c.chunks) {
      chunkCids.push(chunk.cid);
      chunkBytes += chunk.bytes;
    }
  }
  for (const chunk of manifest.files.chunks) {
    chunkCids.push(chunk.cid);
    chunkBytes += chunk.bytes;
  }
  return {
    documents,
    collections: manifest.collections.length,
    files: manifest.files.count,
    bytes: dbBytes + manifest.files.bytes,
    chunkCids,
    chunkBytes,
  };
}

/** The canonical manifest text cut into raw blocks (≤ 1 MiB each), to store it content-addressed. */
export function manifestBlocks(manifest: Manifest): { cid: string; bytes: Uint8Array }[] {
  const text = Buffer.from(canonicalJson(manifest), 'utf8');
  const blocks: { cid: string; bytes: Uint8Array }[] = [];
  for (let offset = 0; offset < text.length; offset += CHUNK_MAX_BYTES) {
    const bytes = text.subarray(offset, Math.min(text.length, offset + CHUNK_MAX_BYTES));
    blocks.push({ cid: rawCid(bytes), bytes });
  }
  return blocks;
}
