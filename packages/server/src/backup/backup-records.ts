/**
 * On a backup node: one record per user whose backups it keeps (node database, collection
 * `backups`): the backup plan and quota (the operator's `backupPlans`; the free one on first use),
 * the last good backup (`current`) and at most one unfinished attempt (`pending`).
 *
 * The switch from one backup to the next is one conditional write (`pending.id` must still be the
 * attempt that finished), so the record always names either the old complete backup or the new
 * complete one, never a partial one.
 */
import { randomUUID } from 'node:crypto';
import type { Collection, Database, Document } from '@cella/document-store';
import { StoreError } from '@cella/document-store';
import { CellaError } from '../errors.js';
import type { PlanChange } from '../vault/vaults.js';
import { freePlan, quotaBytes, type PlansFile } from '../vault/plans.js';

export const BACKUPS_COLLECTION = 'backups';

export interface CurrentBackup {
  /** The attempt that produced it (its holds keep its contents). */
  id: string;
  sourceDid: string;
  /** Epoch seconds. */
  created: number;
  manifestHash: string;
  /** The canonical manifest text, as raw blocks in order. */
  manifestCids: string[];
  bytes: number;
  documents: number;
  collections: number;
  files: number;
}

export interface PendingAttempt {
  id: string;
  sourceDid: string;
  startedAt: number;
  updatedAt: number;
  bytesReceived: number;
  declared: number;
}

export interface BackupRecord {
  userDid: string;
  plan: string;
  quota: number;
  planAmount: number;
  start: number;
  end: number;
  created: number;
  updated: number;
  current: CurrentBackup | null;
  pending: PendingAttempt | null;
}

function toRecord(doc: Document): BackupRecord {
  return {
    userDid: String(doc._id),
    plan: String(doc.plan),
    quota: Number(doc.quota),
    planAmount: Number(doc.planAmount ?? 0),
    start: Number(doc.start),
    end: Number(doc.end),
    created: Number(doc.created),
    updated: Number(doc.updated ?? doc.created),
    current: (doc.current as CurrentBackup | null | undefined) ?? null,
    pending: (doc.pending as PendingAttempt | null | undefined) ?? null,
  };
}

export class BackupRecords {
  readonly collection: Collection;

  constructor(
    nodeDb: Database,
    private readonly plans: PlansFile,
    private readonly clock: () => number,
  ) {
    this.collection = nodeDb.collection(BACKUPS_COLLECTION);
  }

  private now(): number {
    return Math.floor(this.clock() / 1000);
  }

  async find(userDid: string): Promise<BackupRecord | null> {
    const doc = await this.collection.findOne({ _id: userDid });
    return doc ? this.applyExpiry(toRecord(doc)) : null;
  }

  /** The user's record, created with the free backup plan on first use. */
  async open(userDid: string): Promise<BackupRecord> {
    const existing = await this.find(userDid);
    if (existing) return existing;
    try {
      await this.create(userDid);
    } catch (error) {
      if (!(error instanceof StoreError && error.code === 'DUPLICATE_KEY')) throw error;
    }
    return (await this.find(userDid))!;
  }

  /** Subscribes explicitly (the reference's `PUT /subscription/backup`): 455 when it exists. */
  async subscribe(userDid: string): Promise<BackupRecord> {
    try {
      await this.create(userDid);
    } catch (error) {
      if (error instanceof StoreError && error.code === 'DUPLICATE_KEY')
        throw new CellaError(
          'ALREADY_EXISTS',
          'you are subscribed to the backup service of this node already',
        );
      throw error;
    }
    return (await this.find(userDid))!;
  }

  /**
   * Deletes the record if no backup is being received (an attempt idle for `staleSeconds` does not
   * count); returns the attempts whose holds are now unclaimed, for the caller to release.
   */
  async remove(userDid: string, staleSeconds: number): Promise<string[]> {
    const record = await this.find(userDid);
    if (!record) throw new CellaError('BACKUP_NOT_FOUND', 'you have no backup service on this node');
    if (record.pending && record.pending.updatedAt > this.now() - staleSeconds)
      throw new CellaError(
        'BACKUP_IN_PROGRESS',
        'a backup of your vault is being received here: wait for it to end',
      );
    const { deletedCount } = await this.collection.deleteMany({
      _id: userDid,
      'pending.id': record.pending ? record.pending.id : null,
      'current.id': record.current ? record.current.id : null,
    });
    if (deletedCount === 0)
      throw new CellaError('BACKUP_IN_PROGRESS', 'the backup record changed meanwhile; retry');
    return [record.current?.id, record.pending?.id].filter((id): id is string => id !== undefined);
  }

  private async create(userDid: string): Promise<void> {
    const plan = freePlan(this.plans.backupPlans);
    const now = this.now();
    await this.collection.insertMany([
      {
        _id: userDid,
        plan: plan.name,
        quota: quotaBytes(plan),
        planAmount: 0,
        start: now,
        end: -1,
        created: now,
        updated: now,
        current: null,
        pending: null,
        settlements: [],
      },
    ]);
  }

  /** A paid backup plan past its end drops to the free backup plan; the backup stays. */
  private async applyExpiry(record: BackupRecord): Promise<BackupRecord> {
    if (record.end === -1 || record.end > this.now()) return record;
    const plan = freePlan(this.plans.backupPlans);
    const doc = await this.collection.findOneAndUpdate(
      { _id: record.userDid, end: record.end },
      {
        $set: {
          plan: plan.name,
          quota: quotaBytes(plan),
          planAmount: 0,
          start: this.now(),
          end: -1,
          updated: this.now(),
        },
      },
    );
    return doc ? toRecord(doc) : record;
  }

  /**
   * Opens an attempt for `sourceDid`, or resumes its unfinished one. An unfinished attempt of
   * another primary blocks a new one until it has been idle for `staleSeconds`; it is then
   * replaced, and returned as `replaced` so the caller releases what it held.
   */
  async begin(
    userDid: string,
    sourceDid: string,
    declared: number,
    staleSeconds: number,
  ): Promise<{
    attempt: PendingAttempt;
    resumed: boolean;
    replaced: PendingAttempt | null;
    record: BackupRecord;
  }> {
    for (let i = 0; i < 10; i++) {
      const record = await this.open(userDid);
      const now = this.now();
      const pending = record.pending;
      if (pending && pending.sourceDid === sourceDid) {
        const doc = await this.collection.findOneAndUpdate(
          { _id: userDid, 'pending.id': pending.id },
          { $set: { 'pending.updatedAt': now, 'pending.declared': declared } },
        );
        if (doc)
          return {
            attempt: { ...pending, updatedAt: now, declared },
            resumed: true,
            replaced: null,
            record: toRecord(doc),
          };
        continue;
      }
      if (pending && pending.updatedAt > now - staleSeconds) {
        throw new CellaError(
          'BACKUP_IN_PROGRESS',
          `a backup from another node (${pending.sourceDid}) is still running here`,
        );
      }
      const attempt: PendingAttempt = {
        id: randomUUID(),
        sourceDid,
        startedAt: now,
        updatedAt: now,
        bytesReceived: 0,
        declared,
      };
      const doc = await this.collection.findOneAndUpdate(
        { _id: userDid, 'pending.id': pending ? pending.id : null },
        { $set: { pending: attempt, updated: now } },
      );
      if (doc) return { attempt, resumed: false, replaced: pending, record: toRecord(doc) };
    }
    throw new CellaError('BACKUP_IN_PROGRESS', 'the backup record kept changing; retry');
  }

  /** The user's unfinished attempt with this id, from this primary. */
  async pending(
    userDid: string,
    attemptId: string,
    sourceDid: string,
  ): Promise<{ record: BackupRecord; attempt: PendingAttempt }> {
    const record = await this.find(userDid);
    const attempt = record?.pending;
    if (!record || !attempt || attempt.id !== attemptId || attempt.sourceDid !== sourceDid) {
      throw new CellaError(
        'BACKUP_NOT_FOUND',
        'no such unfinished backup attempt here (it was finished, abandoned or replaced): start again',
      );
    }
    return { record, attempt };
  }

  /** Counts received bytes and marks the attempt alive. Returns the new total. */
  async received(userDid: string, attemptId: string, bytes: number): Promise<number> {
    const doc = await this.collection.findOneAndUpdate(
      { _id: userDid, 'pending.id': attemptId },
      { $inc: { 'pending.bytesReceived': bytes }, $set: { 'pending.updatedAt': this.now() } },
    );
    return doc ? Number((doc.pending as PendingAttempt).bytesReceived) : 0;
  }

  async touch(userDid: string, attemptId: string): Promise<void> {
    await this.collection.updateOne(
      { _id: userDid, 'pending.id': attemptId },
      { $set: { 'pending.updatedAt': this.now() } },
    );
  }

  /** Makes the attempt the current backup. Returns the backup it replaced (to release), or throws. */
  async commit(userDid: string, attemptId: string, current: CurrentBackup): Promise<CurrentBackup | null> {
    const before = await this.find(userDid);
    if (!before || before.pending?.id !== attemptId) {
      throw new CellaError(
        'BACKUP_NOT_FOUND',
        'the backup attempt was abandoned or replaced before it finished',
      );
    }
    const doc = await this.collection.findOneAndUpdate(
      { _id: userDid, 'pending.id': attemptId, 'current.id': before.current ? before.current.id : null },
      { $set: { current, pending: null, updated: this.now() } },
    );
    if (!doc)
      throw new CellaError(
        'BACKUP_NOT_FOUND',
        'the backup attempt was abandoned or replaced before it finished',
      );
    return before.current;
  }

  /** Forgets the unfinished attempt (if it is still this one). Returns whether it was. */
  async abandon(userDid: string, attemptId: string): Promise<boolean> {
    const doc = await this.collection.findOneAndUpdate(
      { _id: userDid, 'pending.id': attemptId },
      { $set: { pending: null, updated: this.now() } },
    );
    return doc !== null;
  }

  /** Backups kept here (records with a complete backup). */
  async countKept(): Promise<number> {
    return this.collection.count({ current: { $ne: null } });
  }

  async all(): Promise<BackupRecord[]> {
    return (await this.collection.find({})).map(toRecord);
  }

  /** Same contract as VaultService.applyPlanChange, for backup plans (see src/payment). */
  async applyPlanChange(
    userDid: string,
    settlementKey: string,
    compute: (current: BackupRecord) => PlanChange,
  ): Promise<boolean> {
    for (let attempt = 0; attempt < 20; attempt++) {
      const doc = await this.collection.findOne({ _id: userDid });
      if (!doc) throw new CellaError('BACKUP_NOT_FOUND', 'no backup for this user on this node');
      if (Array.isArray(doc.settlements) && doc.settlements.includes(settlementKey)) return false;
      const change = compute(toRecord(doc));
      const updated = await this.collection.findOneAndUpdate(
        { _id: userDid, plan: doc.plan, start: doc.start, end: doc.end, settlements: { $ne: settlementKey } },
        { $set: { ...change, updated: this.now() }, $push: { settlements: settlementKey } },
      );
      if (updated) return true;
    }
    throw new CellaError('INTERNAL', 'the backup plan kept changing while a payment was applied; retry');
  }
}
