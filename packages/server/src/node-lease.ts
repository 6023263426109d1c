/**
 * A node-wide lease: one holder at a time among every process sharing the node database (a lease
 * document `{_id, owner, until}` taken with a conditional upsert), renewed every third of its
 * length while its holder works. Periodic jobs that need to run once per node, not once per
 * process — the files sweep, the usage repair — run under one; a process that dies holding it
 * holds the others up for at most `leaseMs`.
 */
import { randomUUID } from 'node:crypto';
import type { Collection } from '@cella/document-store';
import { StoreError } from '@cella/document-store';
import type { Logger } from './logger.js';

export const NODE_LEASE_MS = 30_000;

export class NodeLease {
  private readonly owner = randomUUID();

  constructor(
    private readonly collection: Collection,
    private readonly id: string,
    private readonly clock: () => number,
    private readonly log: Logger,
    private readonly leaseMs = NODE_LEASE_MS,
  ) {}

  /** Runs `fn` holding the lease; returns false (without running it) when another process holds it. */
  async run(fn: () => Promise<void>): Promise<boolean> {
    if (!(await this.take())) return false;
    const renewal = setInterval(() => {
      void this.collection
        .updateOne({ _id: this.id, owner: this.owner }, { $set: { until: this.clock() + this.leaseMs } })
        .catch((error: unknown) => this.log.warn({ err: error, lease: this.id }, 'could not renew a lease'));
    }, this.leaseMs / 3);
    renewal.unref();
    try {
      await fn();
      return true;
    } finally {
      clearInterval(renewal);
      await this.collection.deleteOne({ _id: this.id, owner: this.owner }).catch(() => undefined);
    }
  }

  private async take(): Promise<boolean> {
    const now = this.clock();
    try {
      await this.collection.findOneAndUpdate(
        { _id: this.id, until: { $lt: now } },
        { $set: { owner: this.owner, until: now + this.leaseMs } },
        { upsert: true },
      );
      return true;
    } catch (error) {
      if (error instanceof StoreError && error.code === 'DUPLICATE_KEY') return false; // held elsewhere
      throw error;
    }
  }
}
