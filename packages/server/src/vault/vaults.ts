/**
 * Vault records: one per user in the node database (`vaults`), created with the free plan on first
 * use (or by `PUT /subscription/vault`). Usage is kept as two counters — document bytes and logical
 * file bytes — charged atomically with a conditional increment, so concurrent writers (in one process
 * or several) can never push a vault past its quota.
 */
import type { Collection, Database, Document } from '../engines/document-store.js';
import { StoreError } from '../engines/document-store.js';
import { CellaError } from '../errors.js';
import { vaultDatabaseName } from './names.js';
import { freePlan, quotaBytes, type PlansFile } from './plans.js';

export type UsageKind = 'db' | 'files';

export interface VaultRecord {
  userDid: string;
  database: string;
  plan: string;
  quota: number;
  dbUsed: number;
  filesUsed: number;
  /** Epoch seconds. */
  start: number;
  /** Epoch seconds; -1 = no end. */
  end: number;
  created: number;
  updated: number;
  state: 'running' | 'frozen';
}

const field: Record<UsageKind, 'dbUsed' | 'filesUsed'> = { db: 'dbUsed', files: 'filesUsed' };

function toRecord(doc: Document): VaultRecord {
  return {
    userDid: String(doc._id),
    database: String(doc.database),
    plan: String(doc.plan),
    quota: Number(doc.quota),
    dbUsed: Number(doc.dbUsed ?? 0),
    filesUsed: Number(doc.filesUsed ?? 0),
    start: Number(doc.start),
    end: Number(doc.end),
    created: Number(doc.created),
    updated: Number(doc.updated),
    state: doc.state === 'frozen' ? 'frozen' : 'running',
  };
}

export function quotaExceeded(record: Pick<VaultRecord, 'quota' | 'dbUsed' | 'filesUsed'>, delta: number): CellaError {
  const used = record.dbUsed + record.filesUsed;
  return new CellaError(
    'INSUFFICIENT_STORAGE',
    `the vault storage quota is exceeded: ${used} of ${record.quota} bytes used, this write needs ${delta} more`,
  );
}

/**
 * How long a process may serve a vault record from memory on the request path. Usage and quota are
 * never read from it (charges are atomic in the store); only plan name and frozen state may be this
 * stale, across node processes.
 */
const RECORD_CACHE_MS = 1000;
const RECORD_CACHE_MAX = 10_000;

export class VaultService {
  private readonly vaults: Collection;
  private readonly cache = new Map<string, { record: VaultRecord; until: number }>();

  constructor(
    nodeDb: Database,
    private readonly plans: PlansFile,
    private readonly clock: () => number,
    private readonly collectionName = 'vaults',
  ) {
    this.vaults = nodeDb.collection(collectionName);
  }

  private nowSeconds(): number {
    return Math.floor(this.clock() / 1000);
  }

  async find(userDid: string): Promise<VaultRecord | null> {
    const doc = await this.vaults.findOne({ _id: userDid });
    return doc ? this.applyExpiry(toRecord(doc)) : null;
  }

  /** The caller's vault, created with the free plan if it does not exist yet (cached briefly). */
  async open(userDid: string): Promise<VaultRecord> {
    const cached = this.cache.get(userDid);
    const now = Date.now();
    if (cached && cached.until > now) return cached.record;
    const record = await this.openUncached(userDid);
    if (this.cache.size >= RECORD_CACHE_MAX) this.cache.clear();
    this.cache.set(userDid, { record, until: now + RECORD_CACHE_MS });
    return record;
  }

  private async openUncached(userDid: string): Promise<VaultRecord> {
    const existing = await this.find(userDid);
    if (existing) return existing;
    const plan = freePlan(this.plans.pricingPlans);
    const now = this.nowSeconds();
    const doc = {
      _id: userDid,
      database: vaultDatabaseName(userDid),
      plan: plan.name,
      quota: quotaBytes(plan),
      dbUsed: 0,
      filesUsed: 0,
      start: now,
      end: -1,
      created: now,
      updated: now,
      state: 'running',
    };
    try {
      await this.vaults.insertMany([doc]);
    } catch (error) {
      // Another request created it first.
      if (!(error instanceof StoreError && error.code === 'DUPLICATE_KEY')) throw error;
    }
    return (await this.find(userDid))!;
  }

  /**
   * A paid plan past its end drops to the free plan on the spot; the data stays (a vault that is
   * then over its quota is read-only until usage falls under it).
   */
  private async applyExpiry(record: VaultRecord): Promise<VaultRecord> {
    if (record.end === -1 || record.end > this.nowSeconds()) return record;
    const plan = freePlan(this.plans.pricingPlans);
    const now = this.nowSeconds();
    const downgraded = await this.vaults.findOneAndUpdate(
      { _id: record.userDid, end: record.end },
      { $set: { plan: plan.name, quota: quotaBytes(plan), start: now, end: -1, updated: now } },
    );
    return downgraded ? toRecord(downgraded) : ((await this.find(record.userDid)) ?? record);
  }

  /**
   * Adds `delta` bytes to a usage counter. A growth that would exceed the quota is refused with
   * INSUFFICIENT_STORAGE and changes nothing; shrinking always succeeds.
   */
  async charge(userDid: string, kind: UsageKind, delta: number): Promise<void> {
    if (delta === 0) return;
    const key = field[kind];
    if (delta < 0) return this.adjust(userDid, kind, delta);
    const updated = await this.vaults.findOneAndUpdate(
      { _id: userDid, $expr: { $lte: [{ $add: ['$dbUsed', '$filesUsed', delta] }, '$quota'] } },
      { $inc: { [key]: delta } },
    );
    if (!updated) {
      const record = await this.find(userDid);
      if (!record) throw new CellaError('VAULT_NOT_FOUND', 'no vault for this user on this node');
      throw quotaExceeded(record, delta);
    }
  }

  /** Adds `delta` unconditionally (refunds, deletions). */
  async adjust(userDid: string, kind: UsageKind, delta: number): Promise<void> {
    if (delta !== 0) await this.vaults.updateOne({ _id: userDid }, { $inc: { [field[kind]]: delta } });
  }

  /** Sets a usage counter to a recounted value (repair job). */
  async setUsage(userDid: string, kind: UsageKind, bytes: number): Promise<void> {
    await this.vaults.updateOne({ _id: userDid }, { $set: { [field[kind]]: bytes } });
  }

  async update(userDid: string, changes: Partial<Omit<VaultRecord, 'userDid' | 'database'>>): Promise<VaultRecord | null> {
    this.cache.delete(userDid);
    const doc = await this.vaults.findOneAndUpdate({ _id: userDid }, { $set: { ...changes, updated: this.nowSeconds() } });
    return doc ? toRecord(doc) : null;
  }

  async remove(userDid: string): Promise<void> {
    this.cache.delete(userDid);
    await this.vaults.deleteOne({ _id: userDid });
  }

  async all(): Promise<VaultRecord[]> {
    return (await this.vaults.find({})).map(toRecord);
  }
}
