/**
 * Vault imports (issue 24, docs/portability.md "Import"): a vault export written into the caller's
 * vault, all or nothing.
 *
 *  1. The body is read once, as it arrives, by the reader of the format, and written as it is
 *     checked (import-writer.ts): the root's signature and whose vault it is first, then the
 *     manifest (refused there when its content exceeds the vault's quota: 507 naming the bytes
 *     needed) before a page is stored; then the pages into the vault's staging database, which no
 *     request reads, and the file contents into the BlockStore (each block's hash checked before
 *     it is stored, unpinned), each file taking its reference once its content is stored.
 *  3. The commit, as a restore's (backup/restore-run.ts): the feed goes on in the new database
 *     (numbered after the old one's, one `vault.imported` event), and one conditional write points
 *     the vault record at it with its exact usage. Before that write the vault serves what it held;
 *     any failure drops the staging database and gives back the references taken, so the counts
 *     end exact (the blocks stored stay unpinned until the files sweep's gc). A refusal found late
 *     in the file (a tampered block, a truncated body) is such a failure.
 *  4. After it (`replace`), the old content goes: its references, its public files, its database.
 *
 * The staging database is `<vault database>_i` (or `_j` when the vault lives in `_i`): never the
 * name a restore uses (`restore-run.ts`), so the two can't take each other's database. At most
 * `maxConcurrent` imports run in a node process, and one per vault.
 */
import type { BlockStore } from '@cella/block-store';
import type { Database, DocumentStore } from '@cella/document-store';
import type * as Format from '@cella/vault-format';
import { CellaError } from '../errors.js';
import type { Logger } from '../logger.js';
import { indexPublished } from '../backup/import-vault.js';
import type { FileRefs } from '../backup/primary-deps.js';
import { fileRefsOf, releaseAll } from '../files/vault-refs.js';
import {
  isInternalCollection,
  isUnchargedCollection,
  splitSpace,
  vaultDatabaseName,
} from '../vault/names.js';
import type { VaultRecord, VaultService } from '../vault/vaults.js';
import { assertWritable } from '../vault/writable.js';
import { readImportBase, type OpenBase } from './import-base.js';
import { BoundedBody } from './import-receive.js';
import { writeExport, type Written } from './import-writer.js';
import type { PortabilitySettings } from './settings.js';

export type ImportMode = 'empty' | 'replace' | 'update';

/** What a mover asks the target first (`GET /api/v2/vault/import`): what the vault's content came from. */
export interface ImportState {
  /** The export the content was imported from, its node and the import event's seq; null when none. */
  export: string | null;
  node: string | null;
  seq: number | null;
  /** The change feed's head now. */
  head: number;
  /** Imported, and not written since (head = seq): `?mode=update` takes the next export of its vault. */
  unchanged: boolean;
  /** No collection, document or file. */
  empty: boolean;
}

export interface ImportResult {
  export: string;
  node: string;
  user: string;
  created: number;
  mode: ImportMode;
  collections: number;
  documents: number;
  files: number;
  file_bytes: number;
  bytes: number;
  seq: number;
}

export interface ImportServiceDeps {
  documents: DocumentStore;
  blocks: BlockStore;
  vaults: VaultService;
  refs: FileRefs;
  publicFiles: {
    add(space: { userDid: string; prefix: string }, path: string, cid: string): Promise<void>;
    removeUser(userDid: string): Promise<void>;
  };
  log: Logger;
  settings: PortabilitySettings;
  /** False when the node enforces no quota (`CELLA_QUOTA_ENFORCEMENT`). */
  enforceQuota: boolean;
  /** An import ended: imported, refused (the caller's file or vault), or failed (the node). */
  onEnded?: (result: 'success' | 'refused' | 'failed', bytes: number) => void;
}

/** How long in-flight requests may still use the old database after the switch (as a restore). */
const DRAIN_MS = 1500;
/** Event numbers left unused between the vault's old log and its new one (as a restore). */
const SEQUENCE_GAP = 1_000_000;

/** The database an import writes before the switch (see the header). */
export function stagingDatabaseName(userDid: string, current: string): string {
  const canonical = vaultDatabaseName(userDid);
  return current === `${canonical}_i` ? `${canonical}_j` : `${canonical}_i`;
}

/** Why the vault is not empty (a user collection, or a document or file anywhere), or null. */
async function contentOf(db: Database): Promise<string | null> {
  for (const stored of await db.listCollections()) {
    const { name } = splitSpace(stored);
    if (!isInternalCollection(name)) return `it holds the collection "${stored}"`;
    if ((await db.collection(stored).count({})) > 0)
      return name === '__files__' ? 'it holds files' : `it holds documents in "${stored}"`;
  }
  return null;
}

/** Database usage as the vault counts it (the usage repair's recount). */
async function chargedBytes(db: Database): Promise<number> {
  let total = 0;
  for (const name of await db.listCollections())
    if (!isUnchargedCollection(name)) total += await db.collection(name).dataBytes();
  return total;
}

/** What the vault's quota is charged for the export's content: documents (charged collections) and files. */
function neededBytes(manifest: Format.ManifestEvent): number {
  let documents = 0;
  for (const { space, collection } of manifest.collections)
    if (!isUnchargedCollection(`${space}${collection.name}`)) documents += collection.bytes;
  return documents + manifest.vault.totals.file_bytes;
}

function insufficient(needed: number, record: VaultRecord): CellaError {
  return new CellaError(
    'INSUFFICIENT_STORAGE',
    `the export needs ${needed} bytes of storage but this vault's plan "${record.plan}" allows ${record.quota} bytes`,
  );
}

/** An `ExportFormatError` as the caller's refusal; anything else as it is. */
function refusalOf(format: typeof Format | undefined, error: unknown): unknown {
  if (!format?.isExportFormatError(error)) return error;
  if (error.code === 'WRONG_USER') return new CellaError('FORBIDDEN', error.message, { cause: error });
  const what = error.code === 'TOO_LARGE' ? 'past what this node reads' : 'not a valid vault export';
  return new CellaError(
    'BAD_REQUEST',
    `the file is ${what} (${error.code.toLowerCase()}): ${error.message}`,
    { cause: error },
  );
}

/** `mode=update` on a vault that is neither empty nor unchanged since its last import. */
function changedSinceImport(record: VaultRecord, head: number): CellaError {
  const why = record.imported
    ? `it was written after it imported export ${record.imported.export} (event ${record.imported.seq}, now ${head})`
    : 'its content was not made by an import';
  return new CellaError(
    'VAULT_CHANGED',
    `the vault is not as an import left it (${why}): an update would lose that; import with ?mode=replace to replace its whole content`,
  );
}

export class ImportService {
  private running = 0;
  private readonly importing = new Set<string>();

  constructor(private readonly d: ImportServiceDeps) {}

  /** The largest body an import reads (`CELLA_IMPORT_MAX_BYTES`). */
  get maxBytes(): number {
    return this.d.settings.importMaxBytes;
  }

  async importVault(
    userDid: string,
    body: AsyncIterable<Uint8Array>,
    options: { mode: ImportMode; signal: AbortSignal },
  ): Promise<ImportResult> {
    const record = await this.d.vaults.find(userDid);
    if (!record) throw new CellaError('VAULT_NOT_FOUND', 'there is no vault to import into: subscribe first');
    const head = async () => (await this.d.documents.database(record.database).changeLog().bounds()).head;
    assertWritable(record, 'the vault is frozen: unfreeze it before importing into it');
    if (this.importing.has(userDid))
      throw new CellaError('UNAVAILABLE', 'an import into this vault is running; try again when it ends', {
        retryAfterSeconds: 5,
      });
    if (this.running >= this.d.settings.maxConcurrent)
      throw new CellaError(
        'UNAVAILABLE',
        'the node is running as many vault imports as it allows; try again shortly',
        { retryAfterSeconds: 5 },
      );
    this.running++;
    this.importing.add(userDid);
    let bytes = 0;
    let format: typeof Format | undefined;
    try {
      if (options.mode === 'empty') await this.refuseUnlessEmpty(record);
      // update: the vault is empty, or as its last import left it (checked again before the switch).
      let empty = false;
      let now = 0;
      if (options.mode === 'update') {
        empty = (await contentOf(this.d.documents.database(record.database))) === null;
        now = await head();
        if (!empty && record.imported?.seq !== now) throw changedSinceImport(record, now);
      }
      format = await import('@cella/vault-format');
      const bounded = new BoundedBody(this.d.settings.importMaxBytes);
      const onManifest = (manifest: Format.ManifestEvent): void => {
        if (manifest.root.user !== userDid)
          throw new CellaError(
            'FORBIDDEN',
            `this export is the vault of ${manifest.root.user}, not of ${userDid}: only its owner may import it`,
          );
        const base = manifest.root.base?.toString() ?? null;
        if (base !== null && options.mode !== 'update')
          throw new CellaError(
            'BAD_REQUEST',
            `this is an incremental export (it completes ${base}): import it with ?mode=update into the vault that imported its base, or import a full export`,
          );
        if (options.mode === 'update') {
          const last = record.imported;
          if (base !== null && last?.export === base && last.seq !== now)
            throw changedSinceImport(record, now);
          if (base !== null && last?.export !== base)
            throw new CellaError(
              'VAULT_CHANGED',
              `this incremental export completes export ${base}, but the vault ${last ? `last imported export ${last.export}` : 'imported no export'}: import a full export (or an incremental one since ${last?.export ?? 'its last import'})`,
            );
          if (base === null && !empty && last?.node !== manifest.root.node)
            throw new CellaError(
              'VAULT_CHANGED',
              `this export was made by ${manifest.root.node}, but the vault's content came from ${last?.node ?? 'no import'}: an update takes the next export of the vault it imported; import with ?mode=replace to replace its whole content`,
            );
        }
        const needed = neededBytes(manifest);
        if (this.d.enforceQuota && needed > record.quota) throw insufficient(needed, record);
        bounded.promised(manifest);
      };
      try {
        const result = await this.commit(format, record, bounded.read(body, options.signal), {
          ...options,
          head,
          onManifest,
        });
        this.d.onEnded?.('success', result.bytes);
        return result;
      } finally {
        bytes = bounded.bytes;
      }
    } catch (caught) {
      const error = refusalOf(format, caught);
      this.d.onEnded?.(error instanceof CellaError && error.status < 500 ? 'refused' : 'failed', bytes);
      throw error;
    } finally {
      this.running--;
      this.importing.delete(userDid);
    }
  }

  /** What the vault's content came from, for a mover deciding what to send (`GET /api/v2/vault/import`). */
  async state(userDid: string): Promise<ImportState> {
    const record = await this.d.vaults.find(userDid);
    if (!record) throw new CellaError('VAULT_NOT_FOUND', 'there is no vault here: subscribe first');
    const db = this.d.documents.database(record.database);
    const { head } = await db.changeLog().bounds();
    const last = record.imported;
    return {
      export: last?.export ?? null,
      node: last?.node ?? null,
      seq: last?.seq ?? null,
      head,
      unchanged: last !== null && last.seq === head,
      empty: (await contentOf(db)) === null,
    };
  }

  private async refuseUnlessEmpty(record: VaultRecord): Promise<void> {
    const content = await contentOf(this.d.documents.database(record.database));
    if (content !== null)
      throw new CellaError(
        'VAULT_NOT_EMPTY',
        `the vault is not empty (${content}): import with ?mode=replace to replace its whole content`,
      );
  }

  private async commit(
    format: typeof Format,
    record: VaultRecord,
    body: AsyncIterable<Uint8Array>,
    options: {
      mode: ImportMode;
      signal: AbortSignal;
      head: () => Promise<number>;
      onManifest: (manifest: Format.ManifestEvent) => void;
    },
  ): Promise<ImportResult> {
    const { documents, vaults, log } = this.d;
    const userDid = record.userDid;
    const staging = stagingDatabaseName(userDid, record.database);
    const db = documents.database(staging);
    const written: Written = {
      collections: 0,
      documents: 0,
      files: 0,
      fileBytes: 0,
      acquired: [],
      published: [],
    };
    let switched = false;
    let seq = 0;
    let base = null as OpenBase | null; // set by the writer's onManifest
    let summary: Format.ExportSummary | undefined;
    const before = await options.head();
    try {
      ({ summary } = await writeExport(
        format,
        body,
        {
          db,
          blocks: this.d.blocks,
          acquire: (cid) => this.d.refs.acquire(cid),
          signal: options.signal,
          onManifest: async (manifest) => {
            options.onManifest(manifest);
            // Accepted: from here on the import writes (the staging database, the blocks).
            if (await documents.dropDatabase(staging))
              log.warn({ database: staging }, 'import: dropped the leftover of an earlier import');
            if (manifest.root.base !== null)
              base = await readImportBase(
                documents.database(record.database),
                this.d.settings.spoolDir,
                options.signal,
              );
            return base;
          },
        },
        written,
      ));
      const usage = { dbUsed: await chargedBytes(db), filesUsed: written.fileBytes };
      if (this.d.enforceQuota && usage.dbUsed + usage.filesUsed > record.quota)
        throw insufficient(usage.dbUsed + usage.filesUsed, record);
      // Written meanwhile? An import into an empty vault never takes anything away.
      if (options.mode === 'empty') await this.refuseUnlessEmpty(record);
      // An update builds on the vault as it was: a write since would be lost (and the base read may not be it).
      if (options.mode === 'update' && (await options.head()) !== before)
        throw new CellaError(
          'VAULT_CHANGED',
          'the vault was written during the import: nothing was imported; import again',
        );
      const old = documents.database(record.database);
      const { head } = await old.changeLog().bounds();
      const changes = db.changeLog();
      await changes.continueAfter(head + SEQUENCE_GAP);
      seq = await changes.append([
        JSON.stringify({
          type: 'vault.imported',
          export: summary.id,
          mode: options.mode,
          documents: written.documents,
          files: written.files,
        }),
      ]);
      options.signal.throwIfAborted();
      switched = await vaults.switchDatabase(userDid, record.database, staging, usage, {
        export: summary.id,
        node: summary.node,
        seq,
      });
      if (!switched)
        throw new CellaError(
          'UNAVAILABLE',
          'the vault changed during the import (it was restored, removed or imported elsewhere): nothing was imported',
        );
    } finally {
      await base?.close();
      if (!switched) {
        await releaseAll(this.d.refs, written.acquired, log);
        await documents
          .dropDatabase(staging)
          .catch((error: unknown) =>
            log.error({ err: error, database: staging }, 'import: could not drop the unfinished database'),
          );
      }
    }
    if (!summary) throw new Error('unreachable: an import switched without its summary');
    log.info(
      { userDid, export: summary.id, documents: written.documents, files: written.files, mode: options.mode },
      'import: a vault export was imported',
    );
    // The old content goes: its public files from the node's index, its references, its database.
    if (options.mode !== 'empty')
      await this.d.publicFiles
        .removeUser(userDid)
        .catch((error: unknown) => log.warn({ err: error }, 'import: could not unlist the old public files'));
    await indexPublished(this.d.publicFiles, userDid, written.published, log);
    await new Promise((resolve) => setTimeout(resolve, DRAIN_MS));
    const old = documents.database(record.database);
    await releaseAll(this.d.refs, await fileRefsOf(old), log);
    await documents.dropDatabase(record.database);
    return {
      export: summary.id,
      node: summary.node,
      user: summary.user,
      created: summary.created,
      mode: options.mode,
      collections: written.collections,
      documents: written.documents,
      files: written.files,
      file_bytes: written.fileBytes,
      bytes: summary.bytes,
      seq,
    };
  }
}
