/**
 * File metadata in the vault's DocumentStore: collection `__files__` of the space, one document per
 * file, `{_id: path, cid, size, created, modified, rev, public?, encrypt_method?}`. The path is the
 * `_id`, so one path holds one file and lookups use the primary key; folders are implicit (a folder
 * exists while a file lies below it). `rev` changes on every write, for optimistic concurrency
 * between writers of one path. `public` marks a file uploaded for anyone (the reference's public
 * files); `encrypt_method` a file the client encrypted (the node stores the flag only).
 */
import { randomUUID } from 'node:crypto';
import { parseExtJson, type Collection, type Document } from '@cella/document-store';
import { fromStoreError } from '../port-errors.js';
import { INTERNAL_COLLECTIONS } from '../vault/names.js';
import { ancestorsOf, descendantsFilter } from './paths.js';

export const FILES_COLLECTION = INTERNAL_COLLECTIONS.files;

export interface FileRecord {
  path: string;
  cid: string;
  /** Bytes. */
  size: number;
  /** Epoch seconds. */
  created: number;
  /** Epoch seconds. */
  modified: number;
  rev: string;
  /** Uploaded as public: anyone may download it (by path through its owner, or by CID). */
  isPublic: boolean;
  /** How the client encrypted the content; null when it did not. */
  encryptMethod: string | null;
}

export function toFileRecord(doc: Document): FileRecord {
  return {
    path: String(doc._id),
    cid: String(doc.cid),
    size: Number(doc.size),
    created: Number(doc.created),
    modified: Number(doc.modified),
    rev: typeof doc.rev === 'string' ? doc.rev : '',
    isPublic: doc.public === true,
    encryptMethod: typeof doc.encrypt_method === 'string' ? doc.encrypt_method : null,
  };
}

export function toDocument(record: Omit<FileRecord, 'rev'> & { rev?: string }): Document {
  return {
    _id: record.path,
    cid: record.cid,
    size: record.size,
    created: record.created,
    modified: record.modified,
    rev: record.rev ?? newRev(),
    ...flagFields(record),
  };
}

/** The optional flags as stored: present only when set (older metadata has neither). */
export function flagFields(record: Pick<FileRecord, 'isPublic' | 'encryptMethod'>): Document {
  return {
    ...(record.isPublic ? { public: true } : {}),
    ...(record.encryptMethod !== null ? { encrypt_method: record.encryptMethod } : {}),
  };
}

export const newRev = (): string => randomUUID();

export class FileRecords {
  constructor(readonly collection: Collection) {}

  async get(path: string): Promise<FileRecord | null> {
    const doc = await this.collection.findOne({ _id: path });
    return doc ? toFileRecord(doc) : null;
  }

  /** Every file strictly below `folder` ('' = the whole vault). */
  async below(folder: string): Promise<FileRecord[]> {
    return (await this.collection.find(descendantsFilter(folder))).map(toFileRecord);
  }

  /** Every file strictly below `folder`, sorted by path, in batches read as they are pulled. */
  async *sortedBelow(folder: string): AsyncGenerator<FileRecord[]> {
    const cursor = this.collection.findExtJsonCursor(descendantsFilter(folder), { sort: { _id: 1 } });
    try {
      for await (const texts of cursor)
        yield texts.map((text) => toFileRecord(parseExtJson(text) as Document));
    } catch (error) {
      throw fromStoreError(error);
    }
  }

  /** True when at least one file lies below `folder`. */
  async isFolder(folder: string): Promise<boolean> {
    if (folder === '') return true;
    return (await this.collection.findOne(descendantsFilter(folder), { projection: { _id: 1 } })) !== null;
  }

  /** The first folder of `path` that is actually a file (which would make `path` impossible). */
  async fileAmongAncestors(path: string): Promise<string | null> {
    const ancestors = ancestorsOf(path);
    if (ancestors.length === 0) return null;
    const doc = await this.collection.findOne({ _id: { $in: ancestors } }, { projection: { _id: 1 } });
    return doc ? String(doc._id) : null;
  }
}
