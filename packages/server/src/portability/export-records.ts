/**
 * What the node's last exports of each vault held, so a later `?since=` can leave it out
 * (docs/portability.md, "Incremental export"). An export's state is the set of its pages and
 * file contents (every one, whether its own CAR carried it or its base did); it is recorded when
 * the export was streamed to its end, in the node database's `vault_exports` collection:
 *
 *   { _id: <export id>, kind: 'export', user, database, seq, created, parts }   written last: a
 *       record whose header is missing is not used (a crash mid-record leaves only parts)
 *   { _id: <export id>/<n>, export: <export id>, pages: [cid…], contents: [cid…] }   n < parts
 *
 * Only the newest `EXPORTS_KEPT` exports of a vault are kept; an older base is answered 410.
 */
import type { Collection, Database, LogBounds } from '@cella/document-store';
import { CellaError } from '../errors.js';
import { startCursor } from '../events/event-service.js';
import type { VaultRecord } from '../vault/vaults.js';
import type { BuiltExport, ExportBase } from './export-builder.js';

/** Exports of a vault whose state the node keeps. */
export const EXPORTS_KEPT = 4;

export interface ExportHeader {
  _id: string;
  kind: 'export';
  user: string;
  database: string;
  seq: number;
  created: number;
  parts: number;
}

/** A cursor is the events' decimal sequence number; anything else `since` holds is an export id. */
const isCursor = (since: string): boolean => /^\d+$/.test(since);

export class ExportRecords {
  private readonly collection: Collection;

  constructor(
    nodeDb: Database,
    private readonly clock: () => number,
  ) {
    this.collection = nodeDb.collection('vault_exports');
  }

  /** Records a streamed export's state, then forgets the vault's exports past the newest few. */
  async record(vault: VaultRecord, built: BuiltExport): Promise<void> {
    let parts = 0;
    for await (const part of built.parts()) {
      const _id = `${built.id}/${parts}`;
      await this.collection.deleteOne({ _id });
      await this.collection.insertMany([{ _id, export: built.id, ...part }]);
      parts++;
    }
    const header: ExportHeader = {
      _id: built.id,
      kind: 'export',
      user: vault.userDid,
      database: vault.database,
      seq: built.seq,
      created: this.clock(),
      parts,
    };
    await this.collection.replaceOne({ _id: built.id }, { ...header }, { upsert: true });
    const older = await this.collection.find(
      { kind: 'export', user: vault.userDid },
      { sort: { created: -1 }, skip: EXPORTS_KEPT, projection: { _id: 1 } },
    );
    for (const { _id } of older) {
      await this.collection.deleteOne({ _id });
      await this.collection.deleteMany({ export: _id });
    }
  }

  /** The record of an export of this vault by its id; 410 when the node does not know it. */
  async header(vault: VaultRecord, id: string, bounds: LogBounds): Promise<ExportHeader> {
    const found = (await this.collection.findOne({ _id: id })) as unknown as ExportHeader | null;
    if (
      !found ||
      found.kind !== 'export' ||
      found.user !== vault.userDid ||
      found.database !== vault.database
    )
      throw new CellaError(
        'CURSOR_EXPIRED',
        `this node keeps no export ${id} of your vault (it keeps its last ${EXPORTS_KEPT}): ask for a full export`,
        { body: { oldest_cursor: String(Math.max(0, bounds.oldest - 1)) } },
      );
    return found;
  }

  /**
   * The base `since` names: an export of this vault the node recorded, by its id, or the newest one
   * made at or before an event cursor (a cursor ahead of the log is 400, one older than it keeps
   * 410, as on the change feed).
   */
  async base(vault: VaultRecord, since: string, bounds: LogBounds): Promise<ExportBase> {
    const oldest = { body: { oldest_cursor: String(Math.max(0, bounds.oldest - 1)) } };
    let header: ExportHeader | undefined;
    if (isCursor(since)) {
      const cursor = startCursor(since, bounds);
      [header] = (await this.collection.find(
        { kind: 'export', user: vault.userDid, database: vault.database, seq: { $lte: cursor } },
        { sort: { seq: -1, created: -1 }, limit: 1 },
      )) as unknown as ExportHeader[];
      if (!header)
        throw new CellaError(
          'CURSOR_EXPIRED',
          `this node keeps no export of your vault made at or before cursor ${cursor} (it keeps its last ${EXPORTS_KEPT}): ask for a full export`,
          oldest,
        );
    } else {
      header = await this.header(vault, since, bounds);
    }
    const pages = new Set<string>();
    const contents = new Set<string>();
    for (let n = 0; n < header.parts; n++) {
      const part = await this.collection.findOne({ _id: `${header._id}/${n}` });
      if (!part)
        throw new CellaError(
          'CURSOR_EXPIRED',
          `the record of export ${header._id} is incomplete: ask for a full export`,
          oldest,
        );
      for (const cid of part.pages as string[]) pages.add(cid);
      for (const cid of part.contents as string[]) contents.add(cid);
    }
    return { id: header._id, pages, contents };
  }
}
