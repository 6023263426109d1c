/**
 * File transactions of `fileUpload` / `fileDownload` executables: a running script grants one
 * upload or download of one path in the target vault; the bytes then go through
 * `/api/v2/vault/scripting/stream/{transaction_id}`.
 *
 * - Stored in the node database (collection `script_transactions`), because the id alone must lead
 *   to the target vault; many node processes can share it. Only SHA-256 of the id is stored, so a
 *   read of the database yields no usable ids.
 * - Ids are 32 random bytes, base64url: opaque and unguessable (the reference's are HS256 JWTs
 *   carrying the target DIDs, without expiry).
 * - Single use: claiming deletes the record atomically, so two concurrent uses can't both win. A
 *   transfer that fails before completing gives the claim back (until the transaction expires), so
 *   a client can retry.
 * - They expire after `fileTransactionTtlSeconds` (default one hour); expired records are swept
 *   lazily.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Collection, Database, Document } from '@cella/document-store';
import { CellaError } from '../errors.js';

export type TransactionKind = 'upload' | 'download';

export interface TransactionGrant {
  kind: TransactionKind;
  /** Owner of the vault the bytes go to or come from. */
  targetDid: string;
  /** The application space of that vault (null: the default space). */
  targetApp: string | null;
  /** Normalised path inside the target vault. */
  path: string;
  /** Who ran the script; null for an anonymous run. */
  callerDid: string | null;
  /**
   * True when the script allows anonymous callers: then the id alone is the capability (as the
   * reference). Otherwise only `callerDid` may use it.
   */
  bearer: boolean;
  scriptName: string;
  scriptVersion: string;
}

export interface Transaction extends TransactionGrant {
  /** The stored key (hash of the id). */
  key: string;
  /** Epoch milliseconds. */
  expiresAt: number;
}

const SWEEP_INTERVAL_MS = 60_000;

function keyOf(id: string): string {
  return createHash('sha256').update(id, 'utf8').digest('hex');
}

function unknownTransaction(): CellaError {
  return new CellaError('INVALID_PARAMETER', 'unknown, used or expired transaction id');
}

export class TransactionStore {
  private readonly records: Collection;
  private lastSweep = 0;

  constructor(
    nodeDb: Database,
    private readonly clock: () => number,
    private readonly ttlSeconds: number,
  ) {
    this.records = nodeDb.collection('script_transactions');
  }

  /** Records a grant and returns its id. */
  async create(grant: TransactionGrant): Promise<string> {
    const id = randomBytes(32).toString('base64url');
    const now = this.clock();
    await this.records.insertMany([{ _id: keyOf(id), ...grant, expiresAt: now + this.ttlSeconds * 1000 }]);
    if (now - this.lastSweep > SWEEP_INTERVAL_MS) {
      this.lastSweep = now;
      await this.records.deleteMany({ expiresAt: { $lte: now } });
    }
    return id;
  }

  /**
   * Takes the transaction for one transfer of the given kind, or throws 400. `check` sees it first
   * (caller, vault state) and may throw: a refused attempt — wrong method, wrong caller, frozen
   * vault — does not burn the transaction.
   */
  async claim(
    id: string,
    kind: TransactionKind,
    check: (transaction: Transaction) => Promise<void> | void = () => undefined,
  ): Promise<Transaction> {
    const key = keyOf(id);
    const peek = await this.records.findOne({ _id: key });
    if (!peek || Number(peek.expiresAt) <= this.clock()) throw unknownTransaction();
    if (peek.kind !== kind) {
      throw new CellaError(
        'INVALID_PARAMETER',
        `this transaction is for a ${String(peek.kind)}, not a ${kind}: use ${peek.kind === 'upload' ? 'PUT' : 'GET'}`,
      );
    }
    await check(toTransaction(peek));
    const doc = await this.records.findOneAndDelete({ _id: key, expiresAt: { $gt: this.clock() } });
    if (!doc) throw unknownTransaction();
    return toTransaction(doc);
  }

  /** Deletes every outstanding transaction into or out of a vault (its owner unsubscribed it). */
  async deleteForVault(targetDid: string): Promise<number> {
    return (await this.records.deleteMany({ targetDid })).deletedCount;
  }

  /** Gives back a claim whose transfer failed, so the client may retry before it expires. */
  async release(transaction: Transaction): Promise<void> {
    if (transaction.expiresAt <= this.clock()) return;
    const { key, ...rest } = transaction;
    try {
      await this.records.insertMany([{ _id: key, ...rest }]);
    } catch {
      // Already back (cannot happen with single-use claims) or the store is failing: the client
      // runs the script again.
    }
  }
}

function toTransaction(doc: Document): Transaction {
  return {
    key: String(doc._id),
    kind: doc.kind === 'upload' ? 'upload' : 'download',
    targetDid: String(doc.targetDid),
    targetApp: typeof doc.targetApp === 'string' ? doc.targetApp : null,
    path: String(doc.path),
    callerDid: typeof doc.callerDid === 'string' ? doc.callerDid : null,
    bearer: doc.bearer === true,
    scriptName: String(doc.scriptName),
    scriptVersion: String(doc.scriptVersion),
    expiresAt: Number(doc.expiresAt),
  };
}
