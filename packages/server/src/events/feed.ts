/**
 * A vault's feed in this process: the streams open on it, and the newest event handed to them.
 * New events are read once per page for every live stream (`pull`), when this process committed a
 * logged write to the vault (the store's `appended`, paced by `soon`) and on the tail timer — which is how events
 * committed by another process sharing the store reach streams here (they read the same log by
 * sequence number). A stream behind the feed catches up by reading the log itself (stream.ts).
 */
import type { ChangeLog } from '@cella/document-store';
import type { EventStream } from './stream.js';
import { VaultEvent } from './wire.js';

/** Events read per page. */
export const PAGE = 100;

/**
 * The spacing of the pulls this process's writes ask for, per live stream, and at most: writes that
 * come faster are handed out together, one page, so each stream gets one write to its client per
 * page rather than one per event. The writes to the clients' sockets are what a fan-out costs the
 * node's thread (docs/events.md, "Fan-out"), so with many streams the feed waits a little to make
 * fewer, larger ones: 0.1 ms per stream, up to 25 ms — no wait with a few streams (a timer waits
 * 1 ms at least), 10 ms with 100, and only for writes that come faster than that.
 */
const SPACING_PER_STREAM_MS = 0.1;
const MAX_SPACING_MS = 25;

export class VaultFeed {
  readonly streams = new Set<EventStream>();
  private pulling: Promise<void> | null = null;
  private again = false;
  private readonly catching = new WeakSet<EventStream>();
  /** Streams whose client asked for more while they were catching up (read again after). */
  private readonly askedAgain = new WeakSet<EventStream>();
  /** Streams that owe their body a push (it asked, and asks again only after one). */
  private readonly owed = new WeakSet<EventStream>();
  /** A pull is scheduled (`soon`), and when the last scheduled one ran. */
  private scheduled = false;
  private lastScheduled = 0;

  constructor(
    readonly userDid: string,
    /** The vault's database now (a restore moves the vault to another). */
    public database: string,
    /** The newest event handed to the live streams. */
    public head: number,
    private readonly logOf: (database: string) => ChangeLog,
    /** Called with each page handed out (the service ends streams on `vault.state: removed`). */
    private readonly onPage: (feed: VaultFeed, events: VaultEvent[]) => void,
  ) {}

  private get log(): ChangeLog {
    return this.logOf(this.database);
  }

  add(stream: EventStream): void {
    this.streams.add(stream);
    this.resume(stream);
  }

  /** A stream at or past the feed's head is live; one behind reads on while its client takes it. */
  resume(stream: EventStream): void {
    if (stream.closed || stream.live) return;
    // The body asks once (`_read`) and not again until something is pushed: a request that comes
    // while a page is being read must not be lost, or a catching-up stream stalls until a heartbeat.
    if (this.catching.has(stream)) {
      this.askedAgain.add(stream);
      return;
    }
    if (stream.cursor >= this.head) {
      stream.live = true;
      return;
    }
    this.catching.add(stream);
    void this.catchUp(stream).finally(() => {
      this.catching.delete(stream);
      if (this.askedAgain.delete(stream)) this.resume(stream);
    });
  }

  /**
   * The body asked for more (`_read`): it asks again only after a push, so at least one frame must
   * go out (or the stream turn live) even if its buffer looks full meanwhile — else it stalls.
   */
  asked(stream: EventStream): void {
    this.owed.add(stream);
    this.resume(stream);
  }

  private async catchUp(stream: EventStream): Promise<void> {
    try {
      while (!stream.closed && !stream.live && (stream.hungry || this.owed.has(stream))) {
        this.askedAgain.delete(stream);
        if (stream.cursor >= this.head) {
          stream.live = true;
          return;
        }
        const records = await this.log.read(stream.cursor, PAGE);
        // The feed read further than the log shows now: a restore moved the vault meanwhile.
        if (records.length === 0) {
          stream.live = true;
          return;
        }
        const before = stream.pushed;
        await stream.deliver(
          records.map((r) => new VaultEvent(r)),
          false,
        );
        if (stream.pushed > before) this.owed.delete(stream);
      }
    } catch (error) {
      stream.body.destroy(error as Error);
    }
  }

  /**
   * Asks for a pull after a write of this process: at the end of this turn (writes committed
   * together are read together), or, when the last one was less than the spacing ago, once it has
   * passed (writes that come faster go out together).
   */
  soon(pull: () => void): void {
    if (this.scheduled) return;
    this.scheduled = true;
    const spacing = Math.min(MAX_SPACING_MS, this.streams.size * SPACING_PER_STREAM_MS);
    const wait = this.lastScheduled + spacing - performance.now();
    const run = () => {
      this.scheduled = false;
      this.lastScheduled = performance.now();
      pull();
    };
    // A timer waits a millisecond at least: below that, the end of this turn.
    if (wait < 1) setImmediate(run);
    else setTimeout(run, wait);
  }

  /** Reads what is new after the head and hands it to the live streams; one pull at a time. */
  pull(): Promise<void> {
    if (this.pulling) {
      this.again = true;
      return this.pulling;
    }
    this.pulling = this.pullAll().finally(() => (this.pulling = null));
    return this.pulling;
  }

  private async pullAll(): Promise<void> {
    do {
      this.again = false;
      for (;;) {
        const records = await this.log.read(this.head, PAGE);
        if (records.length === 0) break;
        const events = records.map((r) => new VaultEvent(r));
        for (const stream of this.streams) if (stream.live) void stream.deliver(events, true);
        this.head = events[events.length - 1]!.seq;
        this.onPage(this, events);
        if (records.length < PAGE) break;
      }
    } while (this.again);
  }
}
