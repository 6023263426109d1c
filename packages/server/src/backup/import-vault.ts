/**
 * Rebuilding a vault from a backup (restore on the primary, promotion on the backup node): the
 * database from its chunks into a fresh database, then its indexes; the file contents into the live
 * BlockStore, then one reference (files service) per file metadata document, as the files service
 * keeps them.
 */
import type { BlockStore } from '@cella/block-store';
import type { Database } from '@cella/document-store';
import { isBlockStoreError } from '@cella/block-store';
import { CellaError } from '../errors.js';
import type { Logger } from '../logger.js';
import { isUnchargedCollection, splitSpace } from '../vault/names.js';
import type { RawBlock } from './car-blocks.js';
import { decodeChunk } from './chunks.js';
import type { Manifest } from './manifest.js';
import type { FileRefs, PublicFileIndex } from './primary-deps.js';
import type { ProgressSink } from './progress.js';
import { filesCollectionsOf, releaseAll } from '../files/vault-refs.js';

/** Fetches raw blocks (chunks) in the order asked, duplicates included. */
export type ChunkFetcher = (cids: string[]) => AsyncIterable<RawBlock>;

const CHUNKS_PER_FETCH = 2000;

async function* inOrder(fetch: ChunkFetcher, cids: string[]): AsyncGenerator<RawBlock> {
  for (let i = 0; i < cids.length; i += CHUNKS_PER_FETCH) {
    const batch = cids.slice(i, i + CHUNKS_PER_FETCH);
    let n = 0;
    for await (const block of fetch(batch)) {
      if (block.cid !== batch[n])
        throw new CellaError('INTERNAL', `the backup sent chunk ${block.cid} where ${batch[n]} was expected`);
      n++;
      yield block;
    }
    if (n !== batch.length)
      throw new CellaError('INTERNAL', `the backup sent ${n} of ${batch.length} chunks`);
  }
}

export interface ImportedDatabase {
  /** Distinct file contents and their sizes (the manifest's file list). */
  contents: Map<string, number>;
  /** Database usage as the vault counts it (BSON bytes of charged collections). */
  dbUsed: number;
}

/** Writes every collection of the backup into `db` (which must be empty) and checks the counts. */
export async function importDatabase(
  db: Database,
  manifest: Manifest,
  fetch: ChunkFetcher,
  progress: ProgressSink,
  signal: AbortSignal,
): Promise<ImportedDatabase> {
  const order: { collection: string | null; cid: string; documents: number }[] = [];
  for (const c of manifest.collections)
    for (const ref of c.chunks) order.push({ collection: c.name, cid: ref.cid, documents: ref.documents });
  for (const ref of manifest.files.chunks)
    order.push({ collection: null, cid: ref.cid, documents: ref.documents });
  for (const c of manifest.collections) await db.createCollection(c.name);
  const contents = new Map<string, number>();
  let i = 0;
  for await (const block of inOrder(
    fetch,
    order.map((o) => o.cid),
  )) {
    signal.throwIfAborted();
    const target = order[i++]!;
    const docs = decodeChunk(block.bytes);
    if (docs.length !== target.documents)
      throw new CellaError(
        'INTERNAL',
        `chunk ${block.cid} holds ${docs.length} documents, the manifest says ${target.documents}`,
      );
    if (target.collection === null) {
      for (const entry of docs) contents.set(String(entry.c), Number(entry.s));
    } else if (docs.length > 0) {
      await db.collection(target.collection).insertMany(docs);
    }
    progress.add({ bytes_done: block.bytes.length, items_done: 1 });
  }
  let dbUsed = 0;
  for (const c of manifest.collections) {
    const count = await db.collection(c.name).count({});
    if (count !== c.documents)
      throw new CellaError(
        'INTERNAL',
        `collection ${c.name} has ${count} documents after the import, the backup holds ${c.documents}`,
      );
    if (!isUnchargedCollection(c.name)) dbUsed += c.bytes;
  }
  // The indexes once the documents are in (one build each, not one update per insert).
  for (const c of manifest.collections) {
    for (const index of c.indexes ?? []) {
      signal.throwIfAborted();
      await db
        .collection(c.name)
        .createIndex(Object.fromEntries(index.keys.map((k) => [k.path, k.direction])), {
          name: index.name,
          unique: index.unique,
        });
    }
  }
  if (contents.size !== manifest.files.count)
    throw new CellaError(
      'INTERNAL',
      `the file list holds ${contents.size} contents, the manifest says ${manifest.files.count}`,
    );
  return { contents, dbUsed };
}

/**
 * Brings the file contents into `live`: those not pinned there already arrive through `fetch`
 * (a CAR stream of whole DAGs) in groups. Blocks stay unpinned until `adoptFileRefs` pins them.
 */
export async function copyContents(
  live: BlockStore,
  contents: Map<string, number>,
  fetch: (roots: string[]) => Promise<AsyncIterable<Uint8Array>>,
  progress: ProgressSink,
  signal: AbortSignal,
  groupBytes = 64 * 1024 * 1024,
): Promise<number> {
  const missing: string[] = [];
  for (const cid of contents.keys()) if (!(await live.isPinned(cid))) missing.push(cid);
  let copied = 0;
  let group: string[] = [];
  let bytes = 0;
  const send = async () => {
    if (group.length === 0) return;
    await live.importCar(await fetch(group));
    progress.add({ bytes_done: bytes, items_done: group.length });
    copied += group.length;
    group = [];
    bytes = 0;
  };
  for (const cid of missing.sort()) {
    signal.throwIfAborted();
    group.push(cid);
    bytes += contents.get(cid)!;
    if (bytes >= groupBytes) await send();
  }
  await send();
  return copied;
}

export async function missingContents(
  live: BlockStore,
  contents: Map<string, number>,
): Promise<{ count: number; bytes: number }> {
  let count = 0;
  let bytes = 0;
  for (const [cid, size] of contents) {
    if (!(await live.isPinned(cid))) {
      count++;
      bytes += size;
    }
  }
  return { count, bytes };
}

/**
 * One reference per file metadata document of `db`, every space (the files service's rule), which pins the
 * contents. Returns the CIDs acquired (to release on a rollback) and the files usage (logical sizes).
 * `refetch` brings a content again when a gc took its blocks between the copy and the pin.
 */
export async function adoptFileRefs(
  db: Database,
  refs: FileRefs,
  refetch: (cid: string) => Promise<void>,
  log: Logger,
): Promise<{ acquired: string[]; filesUsed: number; published: PublishedFile[] }> {
  const acquired: string[] = [];
  const published: PublishedFile[] = [];
  let filesUsed = 0;
  try {
    for (const name of await filesCollectionsOf(db)) {
      const { prefix } = splitSpace(name);
      for (const doc of await db.collection(name).find({}, { projection: { cid: 1, size: 1, public: 1 } })) {
        const cid = String(doc.cid);
        try {
          await refs.acquire(cid);
        } catch (error) {
          if (!isBlockStoreError(error) || (error.code !== 'INCOMPLETE' && error.code !== 'NOT_FOUND'))
            throw error;
          log.warn({ cid }, 'backup: a content was collected before it was pinned; fetching it again');
          await refetch(cid);
          await refs.acquire(cid);
        }
        acquired.push(cid);
        filesUsed += Number(doc.size ?? 0);
        if (doc.public === true) published.push({ prefix, path: String(doc._id), cid });
      }
    }
  } catch (error) {
    await releaseAll(refs, acquired, log);
    throw error;
  }
  return { acquired, filesUsed, published };
}

/** A file uploaded as public, in the space of collection prefix `prefix`. */
export interface PublishedFile {
  prefix: string;
  path: string;
  cid: string;
}

/** Puts a rebuilt vault's public files back in the node's index (restore, promotion). */
export async function indexPublished(
  index: PublicFileIndex,
  userDid: string,
  published: PublishedFile[],
  log: Logger,
): Promise<void> {
  for (const file of published) {
    await index
      .add({ userDid, prefix: file.prefix }, file.path, file.cid)
      .catch((error: unknown) => log.warn({ err: error, path: file.path }, 'could not index a public file'));
  }
}

/** Database usage the backup will take, before importing it (quota pre-check). */
export function usageOf(manifest: Manifest): number {
  return (
    manifest.collections.filter((c) => !isUnchargedCollection(c.name)).reduce((sum, c) => sum + c.bytes, 0) +
    manifest.files.bytes
  );
}
