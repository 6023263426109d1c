/**
 * An encrypted collection: every write sealed and every read opened on the client. Two schemes,
 * told by the node's collection flags (`encrypt_method`):
 *
 * - `cella-v1` (the default): whole documents sealed (cella-documents.ts). The node can filter only
 *   on `_id`, `created`/`modified` and the equality of declared searchable fields (their tokens);
 *   the rest of a filter, sorts on sealed fields, skip/limit after them, projections and updates
 *   run here, over the documents the node's part of the filter returns (all of them, in pages,
 *   when nothing narrows it down).
 * - `user_did`: the official Hive SDK's values (hive-documents.ts), with its semantics: a filter's
 *   top-level values and `$set`/`$setOnInsert` are encrypted and sent; nothing runs here.
 */
import {
  CellaCryptoError,
  type CreateEncryptedOptions,
  type DeleteResult,
  type EncryptedFindOptions,
  type EncryptionHost,
  type InsertOptions,
  type InsertResult,
  type UpdateOptions,
  type UpdateResult,
} from '@cella/sdk';
import {
  CELLA_METHOD,
  generationIn,
  generationOf,
  openDocuments,
  SEALED_FIELD,
  sealedBytes,
  sealDocument,
  sealDocuments,
  searchToken,
  valueAt,
  type CollectionKeys,
} from './cella-documents.js';
import { HIVE_METHOD, HiveCipher } from './hive-documents.js';
import { cryptoHost, findAll, keyringOf, type CryptoHost } from './host.js';
import { collectionTarget, KeyRecords, type CollectionRecord } from './key-records.js';
import { matches, project, sortDocuments } from './query.js';
import { applyUpdate, upsertSeed } from './update.js';

type Doc = Record<string, unknown>;

/** Fields the node stores in clear beside the ciphertext, and may filter and sort on. */
const CLEAR_FIELDS = new Set(['_id', 'created', 'modified']);
const isObject = (v: unknown): v is Doc => v !== null && typeof v === 'object' && !Array.isArray(v);

type State =
  | { scheme: 'hive'; cipher: HiveCipher }
  | { scheme: 'cella'; record: CollectionRecord; keys: CollectionKeys };

export class EncryptedCollectionImpl {
  private state: Promise<State> | undefined;
  private readonly records: KeyRecords;
  private readonly host: CryptoHost;

  constructor(
    host: EncryptionHost,
    readonly name: string,
  ) {
    this.host = cryptoHost(host);
    this.records = new KeyRecords(this.host);
  }

  private get plain() {
    return this.host.db.collection(this.name);
  }

  private get keyring() {
    return keyringOf(this.host);
  }

  /** Creates the collection on the node with its flags, and its record (Cella scheme). */
  static async create(
    host: EncryptionHost,
    name: string,
    options: CreateEncryptedOptions,
  ): Promise<EncryptedCollectionImpl> {
    const collection = new EncryptedCollectionImpl(host, name);
    const method = options.encrypt === 'hive' ? HIVE_METHOD : CELLA_METHOD;
    if (method === HIVE_METHOD && options.searchable?.length)
      throw new CellaCryptoError(
        'UNSUPPORTED',
        "the official Hive SDK's scheme has no searchable fields (its filters match encrypted values)",
      );
    if (method === HIVE_METHOD) await collection.keyring.hiveKey();
    else await collection.keyring.appSecret(); // the signer is checked before anything is created
    // The create route takes the flags. With ifNotExists an existing collection answers
    // `created: false` (never a failing request) and keeps its own flags and keys.
    const { created } = await cryptoHost(host).http.json<{ created: boolean }>(
      '/api/v2/vault/db/collections',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name,
          is_encrypt: true,
          encrypt_method: method,
          ...(options.ifNotExists ? { if_not_exists: true } : {}),
        }),
      },
    );
    if (!created) return collection;
    if (method === CELLA_METHOD) {
      const previous = await collection.records.get<CollectionRecord>(collectionTarget(name));
      // A collection of this name existed before: a new generation, and its shares are void.
      const generation = previous ? previous.generation + 1 : 0;
      if (previous) await collection.records.remove({ kind: 'share', target: collectionTarget(name) });
      const keys = await collection.keyring.collectionKeys(name, generation);
      await collection.records.put({
        _id: collectionTarget(name),
        kind: 'collection',
        name,
        generation,
        searchable: options.searchable ?? [],
        check: keys.check,
      });
    }
    return collection;
  }

  private load(): Promise<State> {
    return (this.state ??= this.loadState().catch((error: unknown) => {
      this.state = undefined;
      throw error;
    }));
  }

  private async loadState(): Promise<State> {
    const page = await this.host.http.json<{ is_encrypt?: boolean; encrypt_method?: string }>(
      `/api/v2/vault/db/${encodeURIComponent(this.name)}?filter=%7B%7D&limit=1`,
    );
    if (page.is_encrypt !== true)
      throw new CellaCryptoError(
        'UNSUPPORTED',
        `collection ${this.name} is not encrypted (open it with vault.db.collection(name))`,
      );
    if (page.encrypt_method === HIVE_METHOD)
      return { scheme: 'hive', cipher: new HiveCipher(await this.keyring.hiveKey()) };
    if (page.encrypt_method !== CELLA_METHOD)
      throw new CellaCryptoError(
        'UNSUPPORTED',
        `collection ${this.name} is encrypted with ${page.encrypt_method}, which this SDK does not know`,
      );
    const record = await this.records.get<CollectionRecord>(collectionTarget(this.name));
    if (!record)
      throw new CellaCryptoError('WRONG_KEY', `collection ${this.name} has no key record in cella_keys`);
    const keys = await this.keyring.collectionKeys(this.name, record.generation);
    if (keys.check !== record.check)
      throw new CellaCryptoError(
        'WRONG_KEY',
        `collection ${this.name} was encrypted by another identity or for another application id: this signer's keys do not open it`,
      );
    return { scheme: 'cella', record, keys };
  }

  /** The scheme in use: `cella-v1` or `user_did`. */
  async method(): Promise<string> {
    return (await this.load()).scheme === 'hive' ? HIVE_METHOD : CELLA_METHOD;
  }

  private keysFor(state: State & { scheme: 'cella' }, generation: number): Promise<CollectionKeys> {
    return generation === state.keys.generation
      ? Promise.resolve(state.keys)
      : this.keyring.collectionKeys(this.name, generation);
  }

  private async open(state: State & { scheme: 'cella' }, stored: Doc): Promise<Doc> {
    return (await this.openAll(state, [stored]))[0]!;
  }

  /** Opens stored documents in batches, one per generation (all of the current one, but during a revocation). */
  private async openAll(state: State & { scheme: 'cella' }, stored: Doc[]): Promise<Doc[]> {
    const bytes = stored.map(sealedBytes); // each ciphertext decoded once
    const generations = bytes.map(generationIn);
    const current = state.keys.generation;
    // All of the current generation (the rule but during a revocation): one batch, as found.
    if (generations.every((g) => g === current)) return openDocuments(state.keys, this.name, stored, bytes);
    const byGeneration = new Map<number, number[]>();
    generations.forEach((generation, i) => {
      const indexes = byGeneration.get(generation);
      if (indexes) indexes.push(i);
      else byGeneration.set(generation, [i]);
    });
    const out = new Array<Doc>(stored.length);
    for (const [generation, indexes] of byGeneration) {
      const keys = await this.keysFor(state, generation);
      const opened = await openDocuments(
        keys,
        this.name,
        indexes.map((i) => stored[i]!),
        indexes.map((i) => bytes[i]!),
      );
      indexes.forEach((at, i) => (out[at] = opened[i]!));
    }
    return out;
  }

  /** Inserts one document or a list, sealed (all or nothing). */
  async insert(documents: Doc | Doc[], options: InsertOptions = {}): Promise<InsertResult> {
    const state = await this.load();
    const list = Array.isArray(documents) ? documents : [documents];
    const stored =
      state.scheme === 'hive'
        ? list.map((d) => state.cipher.encryptDocument(d))
        : await sealDocuments(state.keys, this.name, state.record.searchable, list);
    return this.plain.insert(Array.isArray(documents) ? stored : stored[0]!, options);
  }

  /**
   * The node's part of a Cella filter: `_id`/`created`/`modified` conditions as they are, equality
   * (and `$in`) on searchable fields as tokens. `exact` when nothing else is left for the client.
   */
  private pushDown(state: State & { scheme: 'cella' }, filter: Doc): { server: Doc; exact: boolean } {
    const server: Doc = {};
    let exact = true;
    for (const [key, condition] of Object.entries(filter)) {
      if (CLEAR_FIELDS.has(key)) server[key] = condition;
      else if (state.record.searchable.includes(key) && !key.startsWith('$')) {
        const operators = isObject(condition) && Object.keys(condition).some((k) => k.startsWith('$'));
        const token = (v: unknown) => searchToken(state.keys, key, v);
        // null also matches a document without the field, which has no token: left to the client.
        if (!operators && condition !== null) server[key] = token(condition);
        else if (
          operators &&
          Object.keys(condition).length === 1 &&
          '$eq' in condition &&
          condition.$eq !== null
        )
          server[key] = token(condition.$eq);
        else if (
          operators &&
          Object.keys(condition).length === 1 &&
          Array.isArray(condition.$in) &&
          !condition.$in.includes(null)
        )
          server[key] = { $in: condition.$in.map(token) };
        else exact = false;
      } else exact = false;
    }
    return { server, exact };
  }

  private sortIsClear(sort?: Record<string, 1 | -1>): boolean {
    return !sort || Object.keys(sort).every((k) => CLEAR_FIELDS.has(k));
  }

  /** Stored and opened documents matching `filter`, in the node's order (all of them). */
  private async matching(state: State & { scheme: 'cella' }, filter: Doc, sort?: Record<string, 1 | -1>) {
    const { server } = this.pushDown(state, filter);
    const stored = await findAll(this.plain, server, this.sortIsClear(sort) && sort ? { sort } : {});
    const opened = await this.openAll(state, stored);
    return stored.map((s, i) => ({ stored: s, doc: opened[i]! })).filter(({ doc }) => matches(doc, filter));
  }

  /** The matching documents, opened. */
  async find<T extends Doc = Doc>(filter: Doc = {}, options: EncryptedFindOptions = {}): Promise<T[]> {
    const state = await this.load();
    if (state.scheme === 'hive') {
      const found = await findAll(this.plain, state.cipher.encryptFilter(filter), { ...options });
      return found.map((d) => state.cipher.decryptDocument(d)) as T[];
    }
    const { sort, skip = 0, limit, projection } = options;
    let docs: Doc[];
    const { server, exact } = this.pushDown(state, filter);
    if (exact && this.sortIsClear(sort)) {
      const stored = await findAll(this.plain, server, {
        ...(sort ? { sort } : {}),
        ...(skip ? { skip } : {}),
        ...(limit ? { limit } : {}),
      });
      docs = await this.openAll(state, stored);
      docs = docs.filter((d) => matches(d, filter));
    } else {
      docs = (await this.matching(state, filter, sort)).map((m) => m.doc);
      if (sort && !this.sortIsClear(sort)) sortDocuments(docs, sort);
      docs = docs.slice(skip, limit ? skip + limit : undefined);
    }
    return (projection ? docs.map((d) => project(d, projection)) : docs) as T[];
  }

  async findOne<T extends Doc = Doc>(
    filter: Doc = {},
    options: Omit<EncryptedFindOptions, 'limit'> = {},
  ): Promise<T | null> {
    const [first] = await this.find<T>(filter, { ...options, limit: 1 });
    return first ?? null;
  }

  async count(filter: Doc = {}): Promise<number> {
    const state = await this.load();
    if (state.scheme === 'hive') return this.plain.count(state.cipher.encryptFilter(filter));
    const { server, exact } = this.pushDown(state, filter);
    if (exact) return this.plain.count(server);
    return (await this.matching(state, filter)).length;
  }

  async delete(filter: Doc, options: { one?: boolean } = {}): Promise<DeleteResult> {
    const state = await this.load();
    if (state.scheme === 'hive') return this.plain.delete(state.cipher.encryptFilter(filter), options);
    const { server, exact } = this.pushDown(state, filter);
    if (exact) return this.plain.delete(server, options);
    const ids = (await this.matching(state, filter)).map((m) => m.stored._id);
    const doomed = options.one ? ids.slice(0, 1) : ids;
    let deleted = 0;
    for (let i = 0; i < doomed.length; i += 1000)
      deleted += (await this.plain.delete({ _id: { $in: doomed.slice(i, i + 1000) } })).deleted_count;
    return { acknowledged: true, deleted_count: deleted };
  }

  /**
   * Applies update operators. Cella scheme: each match is opened, updated here (update.ts), sealed
   * again and written back only if nobody changed it meanwhile (the write's filter names the
   * ciphertext it replaces; a lost race is retried).
   */
  async update(filter: Doc, update: Doc, options: UpdateOptions = {}): Promise<UpdateResult> {
    const state = await this.load();
    if (state.scheme === 'hive')
      return this.plain.update(
        state.cipher.encryptFilter(filter),
        state.cipher.encryptUpdate(update),
        options,
      );
    const { one, upsert, timestamp } = options;
    let matched = 0;
    let modified = 0;
    const found = await this.matching(state, filter);
    for (const { stored } of one ? found.slice(0, 1) : found) {
      let current = stored;
      for (let attempt = 0; ; attempt++) {
        const result = await this.rewrite(state, current, (doc) => applyUpdate(doc, update), timestamp);
        if (result !== 'raced') {
          matched++;
          if (result === 'modified') modified++;
          break;
        }
        const [again] = await findAll(this.plain, { _id: current._id }, { limit: 1 });
        if (!again || attempt >= 4) break;
        const reopened = await this.open(state, again);
        if (!matches(reopened, filter)) break;
        current = again;
      }
    }
    if (matched === 0 && upsert) {
      const doc = applyUpdate(upsertSeed(filter), update, true);
      const inserted = await this.insert(doc, timestamp === undefined ? {} : { timestamp });
      return {
        acknowledged: true,
        matched_count: 0,
        modified_count: 0,
        upserted_id: inserted.inserted_ids[0] ?? null,
      };
    }
    return { acknowledged: true, matched_count: matched, modified_count: modified, upserted_id: null };
  }

  /** Opens `stored`, changes it with `change`, seals it (current generation) and writes it back if unchanged meanwhile. */
  private async rewrite(
    state: State & { scheme: 'cella' },
    stored: Doc,
    change: (body: Doc) => Doc,
    timestamp?: boolean,
  ): Promise<'modified' | 'same' | 'raced'> {
    const opened = await this.open(state, stored);
    const body: Doc = { ...opened };
    // The node's own timestamps are not part of the sealed body.
    for (const stamp of ['created', 'modified'])
      if (stored[stamp] !== undefined && body[stamp] === stored[stamp]) delete body[stamp];
    const before = JSON.stringify(body);
    const next = change(structuredClone(body));
    if (JSON.stringify(next) === before && generationOf(stored) === state.keys.generation) return 'same';
    const sealed = await sealDocument(state.keys, this.name, state.record.searchable, {
      ...next,
      _id: stored._id,
    });
    const { _id, ...fields } = sealed;
    const unset: Doc = {};
    for (const path of state.record.searchable)
      if (valueAt(next, path) === undefined && valueAt(stored, path) !== undefined) unset[path] = '';
    const result = await this.plain.update(
      { _id, [SEALED_FIELD]: stored[SEALED_FIELD] },
      { $set: fields, ...(Object.keys(unset).length ? { $unset: unset } : {}) },
      { one: true, ...(timestamp === undefined ? {} : { timestamp }) },
    );
    return result.matched_count === 0 ? 'raced' : 'modified';
  }

  /**
   * Seals every document again under a new generation of keys (and new searchable tokens): what
   * revoking a share does. Shares for other DIDs are wrapped again for the new generation by the
   * caller (sharing.ts). Returns the new generation.
   */
  async rotate(): Promise<number> {
    const state = await this.load();
    if (state.scheme !== 'cella')
      throw new CellaCryptoError(
        'UNSUPPORTED',
        "the official Hive SDK's scheme has one key per application: it cannot be rotated",
      );
    const generation = state.record.generation + 1;
    const keys = await this.keyring.collectionKeys(this.name, generation);
    const record: CollectionRecord = { ...state.record, generation, check: keys.check };
    const next = { scheme: 'cella' as const, record, keys };
    // Documents first (readable by the owner at either generation meanwhile), then the record.
    for (const stored of await findAll(this.plain, {})) {
      for (let attempt = 0; attempt < 5; attempt++) {
        const current =
          attempt === 0 ? stored : (await findAll(this.plain, { _id: stored._id }, { limit: 1 }))[0];
        if (!current || generationOf(current) === generation) break;
        if ((await this.rewrite(next, current, (body) => body, false)) !== 'raced') break;
      }
    }
    await this.records.put(record as unknown as Doc & { _id: string });
    this.state = Promise.resolve(next);
    return generation;
  }

  /** The current record (Cella scheme), for sharing. */
  async cellaState(): Promise<{ record: CollectionRecord; keys: CollectionKeys }> {
    const state = await this.load();
    if (state.scheme !== 'cella')
      throw new CellaCryptoError(
        'UNSUPPORTED',
        "the official Hive SDK's scheme cannot share a collection's key",
      );
    return state;
  }
}
