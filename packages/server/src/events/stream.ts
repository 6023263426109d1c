/**
 * One subscriber: the body of one `text/event-stream` answer, fed in order from its vault's log.
 *
 * A stream has a cursor (the last event it has dealt with: sent, or left out by its selection) and
 * is in one of two phases, like atproto's outbox:
 * - catching up: it reads the log itself after its cursor, a page at a time, and only when its
 *   client has taken what it was given (back-pressure: a slow reader slows the reading, nothing
 *   piles up); once its cursor reaches what the feed has handed out it turns live;
 * - live: the vault's feed (feed.ts) reads each new page once for all its streams and hands it to
 *   every live stream; events at or before a stream's cursor are skipped, so the hand-over loses
 *   and repeats nothing. A live stream whose client does not read keeps the bytes it could not send
 *   in its buffer; past `bufferBytes` it is cut: a final `event: error` (`consumer_too_slow`) and
 *   the end (the client resumes from its last `id:`).
 * Events are selected in order, one after the other (a selection may wait: a document looked up
 * again, a script's condition checked), so the frames go out in the log's order.
 */
import { Readable } from 'node:stream';
import type { Selection } from './selection.js';
import { cursorFrame, endFrame, PING, type VaultEvent } from './wire.js';

/** How long a stream the node ended waits for its client to read the last bytes. */
const END_GRACE_MS = 10_000;

export type EndReason =
  'consumer_too_slow' | 'condition_failed' | 'script_changed' | 'vault_removed' | 'shutting_down';

export interface StreamOptions {
  /** The cursor it starts after. */
  cursor: number;
  /** Bytes a live stream may hold for a client that does not read before it is cut. */
  bufferBytes: number;
  /** The first bytes (retry and cursor lines). */
  opening: Buffer;
  /** Called once, when the stream is over (ended by either side). */
  onClose: (stream: EventStream) => void;
  /** Counts frames of events sent. */
  onSent?: (events: number) => void;
  /** The client took what it was given: a catching-up stream reads on. */
  onDrain: (stream: EventStream) => void;
}

export class EventStream {
  readonly body: Readable;
  /** The last event dealt with (sent or left out). */
  cursor: number;
  /** Reading the log in the feed's place until it catches up. */
  live = false;
  /** Set when over: no more frames. */
  closed = false;
  /** Frames of events pushed so far (a catching-up stream asked for more reads until one goes out). */
  pushed = 0;
  /** Selecting a batch (frames go out in order: one batch at a time). */
  private selecting: Promise<void> = Promise.resolve();
  /** Events handed over but not selected yet (live), and their entry sizes. */
  private queued = 0;
  /** Frames selected in the batch being selected, not pushed yet, and the last one's cursor. */
  private pending: Buffer[] = [];
  private pendingCursor = 0;
  /** The cursor last written on the wire (`id:`). */
  private sentCursor: number;
  private endReason: EndReason | undefined;

  constructor(
    readonly selection: Selection,
    private readonly options: StreamOptions,
  ) {
    this.cursor = options.cursor;
    this.sentCursor = options.cursor;
    this.body = new Readable({
      // A small high-water mark: `push` says "full" early and a catching-up stream waits.
      highWaterMark: 16 * 1024,
      read: () => {
        if (!this.closed) options.onDrain(this);
      },
      destroy: (error, callback) => {
        this.finish();
        callback(error);
      },
    });
    this.body.push(options.opening);
  }

  /** Bytes waiting for the client in this stream (not yet taken by the HTTP answer). */
  get buffered(): number {
    return this.body.readableLength + this.queued;
  }

  /** Whether the client has room for more (a catching-up stream reads the next page only then). */
  get hungry(): boolean {
    return !this.closed && this.body.readableLength < this.body.readableHighWaterMark;
  }

  /**
   * Takes events in log order (those at or before the cursor are skipped). `live`: handed over by
   * the feed, cut past the buffer bound. Resolves once they are selected and pushed.
   */
  deliver(events: readonly VaultEvent[], live: boolean): Promise<void> {
    // Live, the feed hands over only what is new: no copy of the page then.
    const fresh =
      events[0] !== undefined && events[0].seq > this.cursor
        ? events
        : events.filter((e) => e.seq > this.cursor);
    if (fresh.length === 0 || this.closed) return this.selecting;
    // A live stream whose client left more than the bound unread when more comes is cut (a page
    // is taken whole: the bound is what may wait, not the size of one page).
    if (live && this.buffered > this.options.bufferBytes) {
      this.end(
        'consumer_too_slow',
        `the client read too slowly: ${this.buffered} bytes were waiting (the bound is ${this.options.bufferBytes})`,
      );
      return this.selecting;
    }
    const size = fresh.reduce((n, e) => n + e.approximateBytes, 0);
    this.queued += size;
    const last = fresh[fresh.length - 1]!.seq;
    // Claimed at once, so a later hand-over skips these even before they are selected.
    this.cursor = last;
    this.selecting = this.selecting.then(async () => {
      try {
        for (const event of fresh) {
          if (this.closed) return;
          const selected = this.selection(event);
          // Owner streams select at once; only a lookup (a script's condition, a refetch) waits.
          const frame = selected instanceof Promise ? await selected : selected;
          if (frame && !this.closed) {
            this.pending.push(frame);
            this.pendingCursor = event.seq;
          }
        }
      } catch (error) {
        // A selection that fails (the store unreachable) cannot be skipped silently.
        this.body.destroy(error as Error);
        return;
      } finally {
        this.queued -= size;
      }
      this.flush();
    });
    return this.selecting;
  }

  /**
   * Pushes the frames selected so far as one chunk: one write to the client's socket per batch,
   * not one per event (with many streams, those writes are most of what the fan-out costs).
   */
  private flush(): void {
    const frames = this.pending;
    if (frames.length === 0) return;
    this.pending = [];
    if (this.closed) return;
    this.body.push(frames.length === 1 ? frames[0] : Buffer.concat(frames));
    this.pushed += frames.length;
    this.sentCursor = this.pendingCursor;
    this.options.onSent?.(frames.length);
  }

  /** The heartbeat: `: ping`, after the cursor line if filters left events out since the last `id:`. */
  heartbeat(): void {
    if (this.closed) return;
    if (this.cursor > this.sentCursor && this.queued === 0) {
      this.body.push(cursorFrame(this.cursor));
      this.sentCursor = this.cursor;
    }
    this.body.push(PING);
  }

  /**
   * Ends the stream from the node's side, saying why (a final `event: error`). A client that does
   * not read even that within END_GRACE_MS is disconnected (what it left unread is dropped).
   */
  end(reason: EndReason, message: string): void {
    if (this.closed) return;
    this.endReason = reason;
    // What was selected before the reason to end goes out before it.
    this.flush();
    this.body.push(endFrame(reason, message));
    this.body.push(null);
    this.finish();
    const body = this.body;
    if (!body.readableEnded) setTimeout(() => body.readableEnded || body.destroy(), END_GRACE_MS).unref();
  }

  get endedBecause(): EndReason | undefined {
    return this.endReason;
  }

  private finish(): void {
    if (this.closed) return;
    this.closed = true;
    this.options.onClose(this);
  }
}
