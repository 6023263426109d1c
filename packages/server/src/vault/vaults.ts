/**
 * Vault records: one per user in the node database (`vaults`), created with the free plan on first
 * use (or by `PUT /subscription/vault`). Usage is kept as two counters — document bytes and logical
 * file bytes — charged atomically with a conditional increment, so concurrent writers (in one process
 * or several) can never push a vault past its quota.
 */
import type { Collection, Database, Document } from '@cella/document-store';
import { StoreError } from '@cella/document-store';
import { CellaError } from '../errors.js';
import { vaultDatabaseName } from './names.js';
import { fromStoreError } from '../port-errors.js';
import { freePlan, quotaBytes, type PlansFile } from './plans.js';

export type UsageKind = 'db' | 'files';

/** The node database's collection of vault records. */
export const VAULTS_COLLECTION = 'vaults';

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
  /** `removed`: unsubscribed without force; kept, invisible until subscribed again. */
  state: 'running' | 'frozen' | 'removed';
  /**
   * The vault moved to another node (docs/portability.md, "The moved state"): read-only here for
   * good, writes answered 403 VAULT_MOVED naming this URL; null while it lives here.
   */
  movedTo: string | null;
  /**
   * The export the vault's content came from (docs/portability.md, "Move"): set by an import's
   * switch, with the `seq` of its `vault.imported` event (the vault is unchanged since while its
   * feed's head is that seq); null when no import made the current content (a restore clears it).
   */
  imported: ImportedExport | null;
  /** The price paid for the current plan (0 = free): the carry-over rate of a later upgrade. */
  planAmount: number;
}

/** The export an import made the vault's content of. */
export interface ImportedExport {
  /** The export's id (root CID). */
  export: string;
  /** The DID of the node that made it. */
  node: string;
  /** The `seq` of the import's `vault.imported` event. */
  seq: number;
}

function importedOf(value: unknown): ImportedExport | null {
  if (typeof value !== 'object' || value === null) return null;
  const doc = value as Document;
  if (typeof doc.export !== 'string' || typeof doc.node !== 'string') return null;
  return { export: doc.export, node: doc.node, seq: Number(doc.seq) };
}

/** What a vault shows its owner: `read_only` = over quota, growing writes refused until usage drops. */
export type VaultDisplayState = 'running' | 'frozen' | 'read_only';

export function displayState(
  record: Pick<VaultRecord, 'quota' | 'dbUsed' | 'filesUsed'> & { state: VaultRecord['state'] },
): VaultDisplayState {
  if (record.state === 'frozen') return 'frozen';
  return record.dbUsed + record.filesUsed > record.quota ? 'read_only' : 'running';
}

/** The plan fields a settled payment sets (see src/payment/upgrade.ts for how they are computed). */
export interface PlanChange {
  plan: string;
  quota: number;
  planAmount: number;
  start: number;
  end: number;
}

export interface VaultServiceOptions {
  /**
   * false: usage is not counted and nothing is refused. Only for benchmarks that measure the cost of
   * the quota check (CELLA_QUOTA_ENFORCEMENT=false); never for a node that serves users.
   */
  enforceQuota?: boolean;
}

const field: Record<UsageKind, 'dbUsed' | 'filesUsed'> = { db: 'dbUsed', files: 'filesUsed' };

/** An event of the vault's change feed about its record (`vault.state`, `vault.plan`). */
export type VaultRecordEvent =
  | { type: 'vault.state'; state: VaultRecord['state'] }
  | { type: 'vault.plan'; plan: string; quota: number; end: number };

/**
 * Where the record's changes are told (the events service appends them to the vault's log): called
 * once a change is committed, before the request that made it is answered.
 */
export type VaultEventSink = (userDid: string, event: VaultRecordEvent) => Promise<void>;

const planEvent = (doc: Document): VaultRecordEvent => ({
  type: 'vault.plan',
  plan: String(doc.plan),
  quota: Number(doc.quota),
  end: Number(doc.end),
});

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
    state: doc.state === 'frozen' || doc.state === 'removed' ? doc.state : 'running',
    planAmount: Number(doc.planAmount ?? 0),
    movedTo: typeof doc.movedTo === 'string' ? doc.movedTo : null,
    imported: importedOf(doc.imported),
  };
}

function unsubscribed(): CellaError {
  return new CellaError(
    'VAULT_NOT_FOUND',
    'this vault was unsubscribed: subscribe again (PUT /api/v2/subscription/vault) to restore it with its data',
  );
}

export function quotaExceeded(
  record: Pick<VaultRecord, 'quota' | 'dbUsed' | 'filesUsed'>,
  delta: number,
): CellaError {
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
  private readonly enforceQuota: boolean;
  private tell: VaultEventSink = async () => undefined;

  constructor(
    nodeDb: Database,
    private readonly plans: PlansFile,
    private readonly clock: () => number,
    private readonly collectionName = VAULTS_COLLECTION,
    options: VaultServiceOptions = {},
  ) {
    this.vaults = nodeDb.collection(collectionName);
    this.enforceQuota = options.enforceQuota ?? true;
  }

  private nowSeconds(): number {
    return Math.floor(this.clock() / 1000);
  }

  /** Connects the change feed (wired once the events service is built). */
  useEvents(sink: VaultEventSink): void {
    this.tell = sink;
  }

  /** The user's vault; null when there is none or it was unsubscribed (`removed`). */
  async find(userDid: string): Promise<VaultRecord | null> {
    const record = await this.findAny(userDid);
    return record?.state === 'removed' ? null : record;
  }

  /** The user's vault record, also when it was unsubscribed. */
  async findAny(userDid: string): Promise<VaultRecord | null> {
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
    const existing = await this.findAny(userDid);
    if (existing?.state === 'removed') throw unsubscribed();
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
      planAmount: 0,
      settlements: [],
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
      {
        $set: { plan: plan.name, quota: quotaBytes(plan), planAmount: 0, start: now, end: -1, updated: now },
      },
    );
    if (downgraded) await this.tell(record.userDid, planEvent(downgraded));
    return downgraded ? toRecord(downgraded) : ((await this.find(record.userDid)) ?? record);
  }

  /**
   * Adds `delta` bytes to a usage counter. A growth that would exceed the quota is refused with
   * INSUFFICIENT_STORAGE and changes nothing; shrinking always succeeds.
   */
  async charge(userDid: string, kind: UsageKind, delta: number): Promise<void> {
    if (delta === 0 || !this.enforceQuota) return;
    const key = field[kind];
    if (delta < 0) return this.adjust(userDid, kind, delta);
    // Runs inside every charged write's transaction (bench/payment.ts measures its cost): one
    // conditional update, without reading the document back.
    // Not into an unsubscribed vault: a write that was under way when its owner unsubscribed (or a
    // forced unsubscribe is deleting it) fails here, inside its own transaction, storing nothing.
    const { matchedCount } = await this.vaults.updateOne(
      {
        _id: userDid,
        state: { $ne: 'removed' },
        $expr: { $lte: [{ $add: ['$dbUsed', '$filesUsed', delta] }, '$quota'] },
      },
      { $inc: { [key]: delta } },
    );
    if (matchedCount === 0) {
      const record = await this.find(userDid);
      if (!record) throw new CellaError('VAULT_NOT_FOUND', 'no vault for this user on this node');
      throw quotaExceeded(record, delta);
    }
  }

  /**
   * Runs a write whose byte change is charged to the vault's usage inside the write's transaction
   * (`beforeCommit`): a write past the quota stores nothing, and a charge whose write then failed to
   * commit is given back.
   */
  async chargedWrite<T>(
    userDid: string,
    kind: UsageKind,
    write: (beforeCommit: (delta: number) => Promise<void>) => Promise<T>,
  ): Promise<T> {
    const hook = this.chargeHook(userDid, kind);
    try {
      return await write(hook.beforeCommit);
    } catch (error) {
      await hook.refund();
      throw fromStoreError(error);
    }
  }

  /**
   * The `beforeCommit` hook of one charged write (`apply`: the charge, by default the conditional
   * one) and the refund of what it charged. The hook may run more than once for one write — the
   * MongoDB engine's transactions run their callback again after a transient error — so each run
   * first gives back what the previous run charged: the write is charged once, with its last delta.
   */
  chargeHook(
    userDid: string,
    kind: UsageKind,
    apply: (delta: number) => Promise<void> = (delta) => this.charge(userDid, kind, delta),
  ): { beforeCommit: (delta: number) => Promise<void>; refund: () => Promise<void> } {
    let charged = 0;
    const refund = async (): Promise<void> => {
      if (charged === 0) return;
      const amount = charged;
      charged = 0;
      await this.adjust(userDid, kind, -amount);
    };
    return {
      beforeCommit: async (delta) => {
        await refund();
        await apply(delta);
        charged = delta;
      },
      refund,
    };
  }

  /** Adds `delta` unconditionally (refunds, deletions). */
  async adjust(userDid: string, kind: UsageKind, delta: number): Promise<void> {
    if (delta !== 0 && this.enforceQuota)
      await this.vaults.updateOne({ _id: userDid }, { $inc: { [field[kind]]: delta } });
  }

  /** Sets a usage counter to a recounted value (repair job). */
  async setUsage(userDid: string, kind: UsageKind, bytes: number): Promise<void> {
    await this.vaults.updateOne({ _id: userDid }, { $set: { [field[kind]]: bytes } });
  }

  /**
   * Points the vault at another database (restore) with the usage of its content, in one
   * conditional write: only if the vault still uses `from`. Returns false when it changed meanwhile.
   */
  async switchDatabase(
    userDid: string,
    from: string,
    to: string,
    usage: { dbUsed: number; filesUsed: number },
    /** The export the new content is (an import), or null (a restore: no import made it). */
    imported: ImportedExport | null = null,
  ): Promise<boolean> {
    this.cache.delete(userDid);
    const doc = await this.vaults.findOneAndUpdate(
      { _id: userDid, database: from },
      {
        $set: {
          database: to,
          dbUsed: usage.dbUsed,
          filesUsed: usage.filesUsed,
          imported: imported ? { ...imported } : null,
          updated: this.nowSeconds(),
        },
      },
    );
    return doc !== null;
  }

  /** Sets a usage counter only if it still holds `expected` (no write moved it meanwhile). */
  async setUsageIfUnchanged(
    userDid: string,
    kind: UsageKind,
    expected: number,
    bytes: number,
  ): Promise<boolean> {
    const result = await this.vaults.updateOne(
      { _id: userDid, [field[kind]]: expected },
      { $set: { [field[kind]]: bytes } },
    );
    return result.matchedCount === 1;
  }

  /**
   * Applies a paid plan change exactly once per settlement: the vault remembers the keys of the
   * settlements it received, so a settlement completed again after a crash (or by two requests at
   * once) cannot upgrade twice. `compute` sees the current plan (carry-over) and may run again when
   * the plan changed meanwhile (another settlement, an expiry): the write is conditional on it.
   * Returns false when this settlement had already been applied.
   */
  async applyPlanChange(
    userDid: string,
    settlementKey: string,
    compute: (current: VaultRecord) => PlanChange,
  ): Promise<boolean> {
    this.cache.delete(userDid);
    for (let attempt = 0; attempt < 20; attempt++) {
      const doc = await this.vaults.findOne({ _id: userDid });
      if (!doc) throw new CellaError('VAULT_NOT_FOUND', 'no vault for this user on this node');
      if (Array.isArray(doc.settlements) && doc.settlements.includes(settlementKey)) return false;
      const change = compute(toRecord(doc));
      const updated = await this.vaults.findOneAndUpdate(
        { _id: userDid, plan: doc.plan, start: doc.start, end: doc.end, settlements: { $ne: settlementKey } },
        { $set: { ...change, updated: this.nowSeconds() }, $push: { settlements: settlementKey } },
      );
      this.cache.delete(userDid);
      if (updated) {
        await this.tell(userDid, planEvent(updated));
        return true;
      }
    }
    throw new CellaError('INTERNAL', 'the vault plan kept changing while a payment was applied; retry');
  }

  /** Freezes (read-only) or unfreezes a vault. */
  /** Freezes or unfreezes a vault (not an unsubscribed one: null, as for no vault). */
  async setState(userDid: string, state: 'running' | 'frozen'): Promise<VaultRecord | null> {
    this.cache.delete(userDid);
    const doc = await this.vaults.findOneAndUpdate(
      { _id: userDid, state: { $ne: 'removed' } },
      { $set: { state, updated: this.nowSeconds() } },
    );
    if (doc) await this.tell(userDid, { type: 'vault.state', state });
    return doc ? toRecord(doc) : null;
  }

  /** Marks a vault moved to `url` (not an unsubscribed one: null, as for no vault). */
  async setMoved(userDid: string, url: string): Promise<VaultRecord | null> {
    this.cache.delete(userDid);
    const doc = await this.vaults.findOneAndUpdate(
      { _id: userDid, state: { $ne: 'removed' } },
      { $set: { movedTo: url, updated: this.nowSeconds() } },
    );
    this.cache.delete(userDid);
    return doc ? toRecord(doc) : null;
  }

  /**
   * Subscribes: creates the vault with the free plan, or restores an unsubscribed one with its
   * data (as the reference; a frozen vault stays frozen).
   */
  async subscribe(userDid: string): Promise<VaultRecord> {
    this.cache.delete(userDid);
    const restored = await this.vaults.findOneAndUpdate(
      { _id: userDid, state: 'removed' },
      { $set: { state: 'running', updated: this.nowSeconds() } },
    );
    if (restored) await this.tell(userDid, { type: 'vault.state', state: 'running' });
    return this.open(userDid);
  }

  /** Marks the vault unsubscribed (data kept). Returns it as it was, or null when there is none. */
  async unsubscribe(userDid: string): Promise<VaultRecord | null> {
    this.cache.delete(userDid);
    const doc = await this.vaults.findOneAndUpdate(
      { _id: userDid, state: { $ne: 'removed' } },
      { $set: { state: 'removed', updated: this.nowSeconds() } },
    );
    if (doc) await this.tell(userDid, { type: 'vault.state', state: 'removed' });
    return doc ? toRecord(doc) : null;
  }

  /** Deletes the record of an unsubscribed vault (the last step of a forced unsubscribe). */
  async deleteRemoved(userDid: string): Promise<void> {
    this.cache.delete(userDid);
    await this.vaults.deleteOne({ _id: userDid, state: 'removed' });
  }

  async update(
    userDid: string,
    changes: Partial<Omit<VaultRecord, 'userDid' | 'database'>>,
  ): Promise<VaultRecord | null> {
    this.cache.delete(userDid);
    const doc = await this.vaults.findOneAndUpdate(
      { _id: userDid },
      { $set: { ...changes, updated: this.nowSeconds() } },
    );
    return doc ? toRecord(doc) : null;
  }

  async remove(userDid: string): Promise<void> {
    this.cache.delete(userDid);
    await this.vaults.deleteOne({ _id: userDid });
  }

  /** Users with a vault record (unsubscribed ones too) and vaults in use (node info). */
  async counts(): Promise<{ users: number; vaults: number }> {
    return {
      users: await this.vaults.count({}),
      vaults: await this.vaults.count({ state: { $ne: 'removed' } }),
    };
  }

  async all(): Promise<VaultRecord[]> {
    return (await this.vaults.find({})).map(toRecord);
  }
}
