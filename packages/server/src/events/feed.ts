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
 * The share of the node's thread the fan-out of this process's writes may take while writes come
 * fast. Handing a page to the streams costs about one socket write per stream (docs/events.md,
 * "Fan-out"); after a page that took `c` ms to hand out, the pull the next write asks for waits
 * until `c × (1 / share − 1)` ms have passed, so writes that come faster go out together, as one
 * larger page. Measured, not counted per stream: the wait follows what a write really costs here
 * (more streams, a busier machine, a slower network stack), and is nothing while writes are sparse
 * (the first write after a pause goes out at once) or a page is cheap (a few streams).
 */
const FAN_OUT_SHARE = 0.05;
/** The longest a write's event waits for the fan-out before it is handed out (the latency bound). */
const MAX_WAIT_MS = 50;
/**
 * Pages cheaper than this (on average) are handed out at once: a few streams cost microseconds,
 * and waiting would only add latency. The average (each page weighs a fifth) keeps one slow page,
 * a garbage collection in its middle, from delaying the next events of a vault with one subscriber.
 */
const PACED_FROM_MS = 0.3;

export class VaultFeed {
  readonly streams = new Set<EventStream>();
  private pulling: Promise<void> | null = null;
  private again = false;
  private readonly catching = new WeakSet<EventStream>();
  /** Streams whose client asked for more while they were catching up (read again after). */
  private readonly askedAgain = new WeakSet<EventStream>();
  /** Streams that owe their body a push (it asked, and asks again only after one). */
  private readonly owed = new WeakSet<EventStream>();
  /** A pull is scheduled (`soon`). */
  private scheduled = false;
  /** When the last page's hand-out ended (its socket writes made), and what it took, in ms. */
  private lastPageEnd = 0;
  private pageCost = 0;

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
   * together are read together), or, when the last page was handed out too recently for the
   * fan-out's share of the thread, once enough time has passed (writes that come faster go out
   * together).
   */
  soon(pull: () => void): void {
    if (this.scheduled) return;
    this.scheduled = true;
    const cost = this.pageCost;
    const pause = cost < PACED_FROM_MS ? 0 : Math.min(MAX_WAIT_MS, cost * (1 / FAN_OUT_SHARE - 1));
    const wait = this.lastPageEnd + pause - performance.now();
    const run = () => {
      this.scheduled = false;
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
        this.handOut(events);
        this.head = events[events.length - 1]!.seq;
        this.onPage(this, events);
        if (records.length < PAGE) break;
      }
    } while (this.again);
  }

  /**
   * Hands a page to every live stream, timing it: the streams' writes to their sockets are made at
   * the end of this tick (HTTP/1.1 corks them until then), so the page's cost is measured from here
   * to a tick queued after theirs.
   */
  private handOut(events: VaultEvent[]): void {
    const started = performance.now();
    let streams = 0;
    for (const stream of this.streams)
      if (stream.live) {
        streams++;
        void stream.deliver(events, true);
      }
    if (streams === 0) return;
    process.nextTick(() => {
      this.lastPageEnd = performance.now();
      this.pageCost = 0.8 * this.pageCost + 0.2 * (this.lastPageEnd - started);
    });
  }
}
