/**
 * Spaces: what one application of a user sees of the user's vault.
 *
 * The reference isolates each application of a user (its own collections, files and scripts); so
 * does Cella. A signed-in caller's space follows the access token: a sign-in through an
 * AppIdCredential puts the application DID in the token, and its requests work in that
 * application's space; a sign-in without one (Cella's own SDK, a user's own presentation) works in
 * the user's default space. The vault itself — subscription, plan, quota, usage (the sum over all
 * spaces), freeze state — stays one per user.
 *
 * Every space lives in the vault's one database (spec §2: one isolated database per user): the
 * default space's collections under their own names, an application's under its prefix (names.ts).
 * The data services open a space through `spaceDatabase`, a view of the vault database that maps
 * names both ways; so collections, file metadata, scripts and collection flags follow the space
 * without the services knowing about it. Every write through a space is logged: it is an event of
 * the vault's change feed (logged-collection.ts, docs/events.md). Whatever works on the whole
 * database — backup, restore, promotion, forced unsubscribe, the files sweep, the usage repair —
 * covers every space by construction, and a restore switches all spaces in its one conditional
 * write.
 */
import { insertBsonAsDocuments } from '@cella/document-store';
import type {
  BsonBatch,
  BsonInsertResult,
  ChangeLog,
  Collection,
  Database,
  Document,
  DocumentStore,
  LayoutOptions,
} from '@cella/document-store';
import { LoggedCollection, logged } from './logged-collection.js';
import { spacePrefix, splitSpace } from './names.js';
import type { VaultRecord } from './vaults.js';

/** A user's vault as one application (or the default space) sees it. */
export interface VaultSpace extends VaultRecord {
  /** The application DID whose space this is; null for the default space. */
  readonly app: string | null;
  /** The prefix of this space's collections in the vault database ('' for the default space). */
  readonly prefix: string;
}

/** The spaces made of each record, by application (records are cached briefly: vaults.ts `open`). */
const spacesOf = new WeakMap<VaultRecord, Map<string | null, VaultSpace>>();

/**
 * The record as the application's space (or the default space's). One frozen object per record and
 * application: a signed-in request asks for its space on every call, and the record behind it is
 * the one the vault cache holds for a second, so copying it each time (a spread of every field)
 * was a per-request cost; frozen, so no caller can change what others read.
 */
export function spaceOf(record: VaultRecord, app: string | null | undefined): VaultSpace {
  const key = app ?? null;
  let spaces = spacesOf.get(record);
  if (!spaces) spacesOf.set(record, (spaces = new Map()));
  let space = spaces.get(key);
  if (!space) spaces.set(key, (space = Object.freeze({ ...record, app: key, prefix: spacePrefix(key) })));
  return space;
}

/** The vault record under a space (for whole-vault work such as quota checks). */
export function recordOf(space: VaultSpace): VaultRecord {
  const { app: _app, prefix: _prefix, ...record } = space;
  return record;
}

/** This space's collections of the vault database, under the names the space gives them. */
class SpaceDatabase implements Database {
  constructor(
    private readonly db: Database,
    private readonly prefix: string,
  ) {}

  get name(): string {
    return this.db.name;
  }

  private owns(stored: string): boolean {
    return splitSpace(stored).prefix === this.prefix;
  }

  private own(name: string): string {
    return `${this.prefix}${name}`;
  }

  async listCollections(): Promise<string[]> {
    return (await this.db.listCollections())
      .filter((stored) => this.owns(stored))
      .map((stored) => stored.slice(this.prefix.length));
  }

  createCollection(name: string, options?: LayoutOptions): Promise<boolean> {
    return this.db.createCollection(this.own(name), logged(options));
  }

  dropCollection(name: string, options?: LayoutOptions): Promise<boolean> {
    return this.db.dropCollection(this.own(name), logged(options));
  }

  hasCollection(name: string): Promise<boolean> {
    return this.db.hasCollection(this.own(name));
  }

  collection(name: string): Collection {
    return new LoggedCollection(this.db.collection(this.own(name)));
  }

  async dataBytes(): Promise<number> {
    let total = 0;
    for (const name of await this.listCollections()) total += await this.collection(name).dataBytes();
    return total;
  }

  async *exportCollections(): AsyncIterable<{ collection: string; documents: Document[] }> {
    for await (const part of this.db.exportCollections()) {
      if (this.owns(part.collection))
        yield { collection: part.collection.slice(this.prefix.length), documents: part.documents };
    }
  }

  async *exportCollectionsBson(): AsyncIterable<BsonBatch> {
    for await (const part of this.db.exportCollectionsBson()) {
      if (this.owns(part.collection))
        yield { ...part, collection: part.collection.slice(this.prefix.length) };
    }
  }

  /** Through the space's logged `insertMany`: the vault's writes are events (spaces never bulk-load). */
  insertBsonPages(collection: string, pages: Uint8Array[]): Promise<BsonInsertResult> {
    return insertBsonAsDocuments(this.collection(collection), pages);
  }

  /** The vault's log: one for every space of the vault (an entry names its space). */
  changeLog(): ChangeLog {
    return this.db.changeLog();
  }
}

/** The space's view of its vault database. */
export function spaceDatabase(
  store: DocumentStore,
  space: Pick<VaultSpace, 'database' | 'prefix'>,
): Database {
  return new SpaceDatabase(store.database(space.database), space.prefix);
}
