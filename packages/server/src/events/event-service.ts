/**
 * The vault's change feed (docs/events.md). Events are written by the writes themselves: every
 * write through a vault space is logged (vault/spaces.ts), the store appends its entries in the
 * write's transaction (describe.ts builds them), and changes kept outside the vault's database —
 * its state and plan, backups and restores — are appended here (`record`) once committed, before
 * the request that made them is answered. This service serves them:
 *
 * - streams (stream.ts): opened for the owner (`openOwner`) or for a script's callers
 *   (`openScript`), from a cursor (`since`: replayed from the log, nothing lost or repeated) or
 *   from now; at most `maxStreamsPerDid` per caller in this process (429);
 * - one feed per vault with streams here (feed.ts), pulled when this process commits a logged write
 *   to it (the store's `appended`) and every `tailMs` (writes of other processes: the log is read by
 *   sequence number, so every process sees every event, in order);
 * - a heartbeat every `heartbeatMs`; the vault's record looked at every few seconds (a restore
 *   moves the vault to another database; an unsubscribed vault ends its streams);
 * - retention: the log of a vault this process writes is trimmed to `retentionMs` and `maxPerVault`
 *   (retention.ts). A cursor older than what is kept is 410 with the oldest cursor still accepted.
 */
import type { ChangeLog, DocumentStore, LogBounds } from '@cella/document-store';
import { CellaError, invalid } from '../errors.js';
import type { Logger } from '../logger.js';
import type { RunRequest, ScriptService } from '../scripts/service.js';
import type { VaultSpace } from '../vault/spaces.js';
import type { VaultService } from '../vault/vaults.js';
import { VaultFeed } from './feed.js';
import { Retention } from './retention.js';
import { scriptSelection } from './script-selection.js';
import { ownerSelection, type OwnerQuery, type Selection } from './selection.js';
import type { EventsSettings } from './settings.js';
import { EventStream, type EndReason } from './stream.js';
import { openingFrame, type VaultEvent } from './wire.js';

/** What metrics are told (src/metrics); no-ops when metrics are off. */
export interface EventsObserver {
  streamOpened(kind: StreamKind): void;
  /** `reason`: why the node ended it, or `client` when the client went away. */
  streamClosed(kind: StreamKind, reason: EndReason | 'client'): void;
  eventsSent(count: number): void;
}

export type StreamKind = 'owner' | 'script';

export interface EventServiceDeps {
  documents: DocumentStore;
  vaults: VaultService;
  scripts: ScriptService;
  settings: EventsSettings;
  clock: () => number;
  log: Logger;
  observer?: EventsObserver;
}

/** How long EventSource waits before it reconnects (the `retry:` line). */
const RETRY_MS = 2000;
/** How often a feed's vault record is looked at (restore, unsubscribe). */
const RECORD_CHECK_MS = 2000;

export interface StreamRequest {
  /** `since` or `Last-Event-ID` (the query wins). */
  since: string | undefined;
  /** Who is counted against the per-caller cap (a DID, or `ip:<address>` without one). */
  callerKey: string;
}

export class EventService {
  private readonly feeds = new Map<string, VaultFeed>();
  private readonly byDatabase = new Map<string, VaultFeed>();
  private readonly opening = new Map<string, Promise<VaultFeed>>();
  private readonly perCaller = new Map<string, number>();
  private readonly retention: Retention;
  private readonly timers: NodeJS.Timeout[] = [];
  private lastRecordCheck = 0;
  private closed = false;

  constructor(private readonly deps: EventServiceDeps) {
    this.retention = new Retention(deps.documents, deps.settings, deps.clock, deps.log);
    const { tailMs, heartbeatMs } = deps.settings;
    this.timers.push(setInterval(() => this.tail(), tailMs).unref());
    this.timers.push(setInterval(() => this.heartbeat(), heartbeatMs).unref());
  }

  private logOf(database: string): ChangeLog {
    return this.deps.documents.database(database).changeLog();
  }

  /** The vault's newest event (0 before the first): the cursor of "now" (exports record it). */
  async head(vault: { database: string }): Promise<number> {
    return (await this.logOf(vault.database).bounds()).head;
  }

  /** Open streams in this process. */
  get openStreams(): number {
    let n = 0;
    for (const feed of this.feeds.values()) n += feed.streams.size;
    return n;
  }

  // ── Writing: what the store's log does not see ───────────────────────────────────────────

  /**
   * The store's listener (ChangeLogSettings.appended): a logged write committed in this process.
   * The feed pulls at the end of this turn (writes committed together are read together), or a
   * little later when writes come fast to a vault with many streams (feed.ts, `soon`).
   */
  appended(database: string, _head: number): void {
    this.retention.appended(database);
    const feed = this.byDatabase.get(database);
    // A paced pull may come due after close (the store closing next): it is not made then.
    if (feed) feed.soon(() => this.closed || this.pull(feed));
  }

  /**
   * Appends an event about a change kept outside the vault's database (its state and plan live in
   * the node database, backups in their jobs): call once the change is committed, before answering.
   * Nothing when the user has no vault record.
   */
  async record(userDid: string, entry: Record<string, unknown> & { type: string }): Promise<void> {
    const vault = await this.deps.vaults.findAny(userDid);
    if (!vault) return;
    await this.logOf(vault.database).append([JSON.stringify(entry)]);
  }

  // ── Streams ──────────────────────────────────────────────────────────────────────────────

  /** The owner's stream of one space of their vault. */
  async openOwner(space: VaultSpace, query: OwnerQuery, request: StreamRequest): Promise<EventStream> {
    const selection = await ownerSelection(space.prefix, query, (name) =>
      this.deps.documents.database(space.database).collection(`${space.prefix}${name}`),
    );
    return this.open('owner', space, request, () => selection);
  }

  /** A script's live view for its caller (admitted as a run is: 400, 401, 404 as a run). */
  async openScript(run: RunRequest, request: StreamRequest): Promise<EventStream> {
    // The log's head before the script is read: registrations up to it are what the view holds,
    // so a stream resuming from an older cursor replays past them instead of ending at them.
    let loadedAfter = 0;
    const view = await this.deps.scripts.subscription(run, async (vault) => {
      loadedAfter = (await this.logOf(vault.database).bounds()).head;
    });
    // The selection ends its own stream (the condition failed): it learns the stream once opened.
    const opened: { stream?: EventStream } = {};
    const selection = await scriptSelection(this.deps.documents, view, loadedAfter, (reason, message) =>
      opened.stream?.end(reason, message),
    );
    opened.stream = await this.open('script', view.vault, request, () => selection);
    return opened.stream;
  }

  private async open(
    kind: StreamKind,
    vault: VaultSpace,
    request: StreamRequest,
    selection: () => Selection,
  ): Promise<EventStream> {
    if (this.closed) throw new CellaError('UNAVAILABLE', 'the node is shutting down');
    const held = this.perCaller.get(request.callerKey) ?? 0;
    const max = this.deps.settings.maxStreamsPerDid;
    if (held >= max)
      throw new CellaError(
        'TOO_MANY_STREAMS',
        `this caller holds ${held} open event streams, the most the node allows: close one first`,
      );
    // The slot is taken before anything is awaited (concurrent opens see it), given back on failure.
    this.perCaller.set(request.callerKey, held + 1);
    let feed: VaultFeed;
    let cursor: number;
    try {
      feed = await this.feedOf(vault);
      cursor = startCursor(request.since, await this.logOf(feed.database).bounds());
    } catch (error) {
      this.release(request.callerKey);
      throw error;
    }
    const observer = this.deps.observer;
    const stream = new EventStream(selection(), {
      cursor,
      bufferBytes: this.deps.settings.bufferBytes,
      opening: openingFrame(cursor, RETRY_MS),
      onDrain: (s) => feed.asked(s),
      ...(observer ? { onSent: (n: number) => observer.eventsSent(n) } : {}),
      onClose: (s) => {
        feed.streams.delete(s);
        this.release(request.callerKey);
        if (feed.streams.size === 0) this.dropFeed(feed);
        observer?.streamClosed(kind, s.endedBecause ?? 'client');
      },
    });
    observer?.streamOpened(kind);
    feed.add(stream);
    return stream;
  }

  private release(callerKey: string): void {
    const left = (this.perCaller.get(callerKey) ?? 1) - 1;
    if (left > 0) this.perCaller.set(callerKey, left);
    else this.perCaller.delete(callerKey);
  }

  private feedOf(vault: VaultSpace): Promise<VaultFeed> {
    const known = this.feeds.get(vault.userDid);
    if (known) return Promise.resolve(known);
    let pending = this.opening.get(vault.userDid);
    if (!pending) {
      pending = (async () => {
        const { head } = await this.logOf(vault.database).bounds();
        const feed = new VaultFeed(
          vault.userDid,
          vault.database,
          head,
          (database) => this.logOf(database),
          (f, events) => this.afterPage(f, events),
        );
        this.feeds.set(vault.userDid, feed);
        this.byDatabase.set(vault.database, feed);
        return feed;
      })().finally(() => this.opening.delete(vault.userDid));
      this.opening.set(vault.userDid, pending);
    }
    return pending;
  }

  private dropFeed(feed: VaultFeed): void {
    if (this.feeds.get(feed.userDid) === feed) this.feeds.delete(feed.userDid);
    if (this.byDatabase.get(feed.database) === feed) this.byDatabase.delete(feed.database);
  }

  private pull(feed: VaultFeed): void {
    feed
      .pull()
      .catch((error: unknown) =>
        this.deps.log.warn({ err: error, userDid: feed.userDid }, 'events: reading the log failed'),
      );
  }

  /** An unsubscribed vault's streams end after its last event. */
  private afterPage(feed: VaultFeed, events: VaultEvent[]): void {
    if (events.some((e) => e.type === 'vault.state' && e.fields.state === 'removed'))
      this.endFeed(feed, 'vault_removed', 'the vault was unsubscribed');
  }

  private endFeed(feed: VaultFeed, reason: EndReason, message: string): void {
    // After the events already handed out (a stream's frames go out in order).
    for (const stream of [...feed.streams])
      void stream.deliver([], true).then(() => stream.end(reason, message));
  }

  /** The tail timer: every feed reads what other processes committed; records now and then. */
  private tail(): void {
    for (const feed of this.feeds.values()) this.pull(feed);
    const now = Date.now();
    if (now - this.lastRecordCheck < RECORD_CHECK_MS) return;
    this.lastRecordCheck = now;
    for (const feed of [...this.feeds.values()])
      void this.checkRecord(feed).catch((error: unknown) =>
        this.deps.log.warn({ err: error, userDid: feed.userDid }, 'events: checking a vault failed'),
      );
  }

  /** Follows the vault to its new database after a restore; ends the streams of a vault gone. */
  private async checkRecord(feed: VaultFeed): Promise<void> {
    const record = await this.deps.vaults.findAny(feed.userDid);
    if (!record || record.state === 'removed') {
      this.endFeed(feed, 'vault_removed', 'the vault was unsubscribed');
      return;
    }
    if (record.database === feed.database) return;
    if (this.byDatabase.get(feed.database) === feed) this.byDatabase.delete(feed.database);
    feed.database = record.database;
    this.byDatabase.set(record.database, feed);
    this.pull(feed);
  }

  private heartbeat(): void {
    for (const feed of this.feeds.values()) for (const stream of feed.streams) stream.heartbeat();
  }

  /** Ends every stream (`shutting_down`): before the HTTP server closes, which waits for answers. */
  endStreams(): void {
    for (const feed of [...this.feeds.values()])
      this.endFeed(feed, 'shutting_down', 'the node is shutting down');
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearInterval(timer);
    this.endStreams();
  }
}

/** Where a stream starts: after `since`, or at the newest event. 400 ahead of it, 410 before what is kept. */
export function startCursor(since: string | undefined, bounds: LogBounds): number {
  if (since === undefined) return bounds.head;
  const cursor = Number(since);
  if (cursor > bounds.head)
    throw invalid(`since: the cursor ${cursor} is ahead of the newest event of this vault (${bounds.head})`);
  const oldest = bounds.oldest - 1;
  if (cursor < oldest)
    throw new CellaError(
      'CURSOR_EXPIRED',
      `the cursor ${cursor} is older than the events this vault still keeps (the oldest cursor accepted is ${oldest}): read the data again, then stream from there`,
      { body: { oldest_cursor: String(oldest) } },
    );
  return cursor;
}

/** The cursor a request resumes after: `since`, else `Last-Event-ID` (validated like `since`). */
export function resumeCursor(since: string | undefined, lastEventId: unknown): string | undefined {
  if (since !== undefined) return since;
  if (lastEventId === undefined) return undefined;
  if (typeof lastEventId !== 'string' || !/^(0|[1-9]\d{0,15})$/.test(lastEventId))
    throw invalid('Last-Event-ID: a cursor is the decimal sequence number of an event');
  return lastEventId;
}
