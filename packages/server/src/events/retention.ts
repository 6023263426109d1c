/**
 * Retention of vaults' change logs: `CELLA_EVENTS_RETENTION` (7 days by default) and at most
 * `CELLA_EVENTS_MAX_PER_VAULT` events. The log of a vault is trimmed by the processes that write
 * to it, after a logged write, at most once per `TRIM_EVERY_MS` per vault (sooner after
 * `TRIM_AFTER_APPENDS` appends): a prefix goes, so a cursor in it is answered 410 with the oldest
 * cursor still held. A vault nobody writes to keeps its events (nothing new to resume to anyway).
 */
import type { DocumentStore } from '@cella/document-store';
import type { Logger } from '../logger.js';
import type { EventsSettings } from './settings.js';

const TRIM_EVERY_MS = 60_000;
const TRIM_AFTER_APPENDS = 1000;
/** Vaults remembered at once (beyond it the memory starts over: a trim or two more, no harm). */
const MAX_TRACKED = 10_000;

interface Tracked {
  at: number;
  appends: number;
  running: boolean;
}

export class Retention {
  private readonly tracked = new Map<string, Tracked>();

  constructor(
    private readonly documents: DocumentStore,
    private readonly settings: Pick<EventsSettings, 'retentionMs' | 'maxPerVault'>,
    private readonly clock: () => number,
    private readonly log: Logger,
  ) {}

  /** A logged write committed to `database` in this process. */
  appended(database: string): void {
    const now = this.clock();
    let t = this.tracked.get(database);
    if (!t) {
      if (this.tracked.size >= MAX_TRACKED) this.tracked.clear();
      // The first write seen trims at once: a process that just started knows nothing older.
      this.tracked.set(database, (t = { at: 0, appends: 0, running: false }));
    }
    t.appends++;
    const every = Math.min(TRIM_EVERY_MS, Math.max(100, this.settings.retentionMs / 4));
    if (t.running || (now - t.at < every && t.appends < TRIM_AFTER_APPENDS)) return;
    t.running = true;
    t.at = now;
    t.appends = 0;
    this.documents
      .database(database)
      .changeLog()
      .trim({ maxEntries: this.settings.maxPerVault, before: now - this.settings.retentionMs })
      .catch((error: unknown) => this.log.warn({ err: error, database }, 'events: trimming a log failed'))
      .finally(() => (t.running = false));
  }
}
