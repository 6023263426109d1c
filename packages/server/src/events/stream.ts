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
 *   in the answer's buffer; past `bufferBytes` it is cut: a final `event: error`
 *   (`consumer_too_slow`) and the end (the client resumes from its last `id:`).
 * Events are selected in order, one after the other (a selection may wait: a document looked up
 * again, a script's condition checked), so the frames go out in the log's order.
 *
 * The frames are written straight to the HTTP answer (its `sink`, HTTP/1.1 or HTTP/2), one write
 * per page: with many streams these writes are what a fan-out costs (docs/events.md, "Fan-out"),
 * so no `Readable` and pipe sit in between, and a page every stream carries whole is one buffer
 * they all write. `body` is what the HTTP layer is given to answer with: a Readable that carries
 * no bytes, whose `pipe` hands the stream the answer once its head is ready, and whose end and
 * destruction are the stream's (the HTTP layer's hooks and logging see an ordinary stream answer).
 */
import { Readable } from 'node:stream';
import type { Selection } from './selection.js';
import { cursorFrame, endFrame, joinedFrames, PING, type VaultEvent } from './wire.js';

/** How long a stream the node ended waits for its client to read the last bytes. */
const END_GRACE_MS = 10_000;

/**
 * Bytes a catching-up stream leaves waiting before it reads the next page only once they are taken
 * (a live stream's bound is `bufferBytes`).
 */
const CATCH_UP_BYTES = 16 * 1024;

const SETTLED = Promise.resolve();

export type EndReason =
  'consumer_too_slow' | 'condition_failed' | 'script_changed' | 'vault_removed' | 'shutting_down';

/** The HTTP answer a stream writes to (`http.ServerResponse` or `http2.Http2ServerResponse`). */
export interface EventSink {
  /** False once the bytes waiting pass the answer's high-water mark: `drain` comes after. */
  write(chunk: Buffer): boolean;
  end(): void;
  destroy(): void;
  /** Bytes written but not yet handed to the operating system. */
  readonly writableLength: number;
  readonly writableFinished: boolean;
  on(event: 'drain', listener: () => void): unknown;
}

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

/**
 * What the HTTP layer answers with. Its `pipe` (called once the answer's status and headers are
 * set) gives the stream the answer to write to; it flows empty, so ending it is seen at once.
 */
class EventBody extends Readable {
  constructor(
    private readonly attach: (sink: EventSink) => void,
    destroy: (error: Error | null, callback: (error?: Error | null) => void) => void,
  ) {
    super({ read: () => undefined, destroy });
  }

  override pipe<T extends NodeJS.WritableStream>(destination: T): T {
    destination.emit('pipe', this);
    this.attach(destination as unknown as EventSink);
    this.resume();
    return destination;
  }
}

export class EventStream {
  readonly body: Readable;
  /** The last event dealt with (sent or left out). */
  cursor: number;
  /** Reading the log in the feed's place until it catches up. */
  live = false;
  /** Set when over: no more frames. */
  closed = false;
  /** Frames of events written so far (a catching-up stream asked for more reads until one goes out). */
  pushed = 0;
  /** The answer, once its head is ready; before, what is written waits in `early`. */
  private sink: EventSink | undefined;
  private early: Buffer[] = [];
  private earlyBytes = 0;
  /** A write said the answer's buffer is full: a catching-up stream waits for `drain`. */
  private full = false;
  /** The node ended the stream: the answer ends once it has one. */
  private ending = false;
  /** Selecting a batch that had to wait (frames go out in order: one batch at a time). */
  private selecting: Promise<void> | null = null;
  /** Bytes of events handed over but not selected yet. */
  private queued = 0;
  /** The frames of the batch being selected, not written yet, and the last one's cursor. */
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
    this.body = new EventBody(
      (sink) => this.attach(sink),
      (error, callback) => {
        this.finish();
        callback(error);
      },
    );
    this.write(options.opening);
  }

  /** Bytes waiting for the client in this stream (not yet handed to the operating system). */
  get buffered(): number {
    return (this.sink ? this.sink.writableLength : this.earlyBytes) + this.queued;
  }

  /** Whether the client has room for more (a catching-up stream reads the next page only then). */
  get hungry(): boolean {
    return !this.closed && !this.full && (this.sink !== undefined || this.earlyBytes < CATCH_UP_BYTES);
  }

  /**
   * Takes events in log order (those at or before the cursor are skipped). `live`: handed over by
   * the feed, cut past the buffer bound. Resolves once they are selected and written.
   */
  deliver(events: readonly VaultEvent[], live: boolean): Promise<void> {
    // Live, the feed hands over only what is new: no copy of the page then.
    const fresh =
      events[0] !== undefined && events[0].seq > this.cursor
        ? events
        : events.filter((e) => e.seq > this.cursor);
    if (fresh.length === 0 || this.closed) return this.selecting ?? SETTLED;
    // A live stream whose client left more than the bound unread when more comes is cut (a page
    // is taken whole: the bound is what may wait, not the size of one page).
    if (live && this.buffered > this.options.bufferBytes) {
      this.end(
        'consumer_too_slow',
        `the client read too slowly: ${this.buffered} bytes were waiting (the bound is ${this.options.bufferBytes})`,
      );
      return this.selecting ?? SETTLED;
    }
    const size = fresh.reduce((n, e) => n + e.approximateBytes, 0);
    this.queued += size;
    // Claimed at once, so a later hand-over skips these even before they are selected.
    this.cursor = fresh[fresh.length - 1]!.seq;
    // Owner streams select at once, without a promise per stream and page; a batch that has to
    // wait (a lookup) holds the ones after it until it is written.
    const waiting: Promise<void> | null = this.selecting
      ? this.selecting.then(() => this.select(fresh, 0, size))
      : (this.select(fresh, 0, size) ?? null);
    if (!waiting) return SETTLED;
    const tracked = waiting.finally(() => {
      if (this.selecting === tracked) this.selecting = null;
    });
    this.selecting = tracked;
    return tracked;
  }

  /** Selects `events` from `from` on and writes their frames: at once, or a promise when a selection waits. */
  private select(events: readonly VaultEvent[], from: number, size: number): Promise<void> | undefined {
    try {
      for (let i = from; i < events.length; i++) {
        if (this.closed) break;
        const event = events[i]!;
        const selected = this.selection(event);
        if (selected instanceof Promise) return this.selectWaiting(selected, events, i, size);
        if (selected) this.take(event, selected);
      }
    } catch (error) {
      this.fail(error);
    }
    this.queued -= size;
    this.flush(events);
    return undefined;
  }

  private async selectWaiting(
    selected: Promise<Buffer | null>,
    events: readonly VaultEvent[],
    at: number,
    size: number,
  ): Promise<void> {
    let frame: Buffer | null;
    try {
      frame = await selected;
    } catch (error) {
      this.fail(error);
      this.queued -= size;
      return;
    }
    if (frame && !this.closed) this.take(events[at]!, frame);
    // The rest of the batch (size is counted off once, at its end).
    return this.select(events, at + 1, size);
  }

  private take(event: VaultEvent, frame: Buffer): void {
    if (this.closed) return;
    this.pending.push(frame);
    this.pendingCursor = event.seq;
  }

  /** A selection that fails (the store unreachable) cannot be skipped silently. */
  private fail(error: unknown): void {
    this.pending = [];
    this.body.destroy(error as Error);
  }

  /**
   * Writes the frames selected so far as one chunk: one write to the client's socket per batch,
   * not one per event. A batch that is the whole page in its shared frames is the page's bytes,
   * joined once for every stream that carries it so.
   */
  private flush(batch?: readonly VaultEvent[]): void {
    const frames = this.pending;
    if (frames.length === 0) return;
    this.pending = [];
    if (this.closed) return;
    let whole = batch !== undefined && frames.length === batch.length && frames.length > 1;
    for (let i = 0; whole && i < frames.length; i++) whole = frames[i] === batch![i]!.sharedFrame;
    this.write(frames.length === 1 ? frames[0]! : whole ? joinedFrames(batch!) : Buffer.concat(frames));
    this.pushed += frames.length;
    this.sentCursor = this.pendingCursor;
    this.options.onSent?.(frames.length);
  }

  private write(bytes: Buffer): void {
    if (this.sink) {
      if (!this.sink.write(bytes)) this.full = true;
      return;
    }
    this.early.push(bytes);
    this.earlyBytes += bytes.length;
  }

  /** The answer's head is ready: what waited goes out, and from now on every write goes straight to it. */
  private attach(sink: EventSink): void {
    this.sink = sink;
    sink.on('drain', () => {
      this.full = false;
      if (!this.closed) this.options.onDrain(this);
    });
    const early = this.early;
    this.early = [];
    this.earlyBytes = 0;
    if (early.length > 0) this.write(early.length === 1 ? early[0]! : Buffer.concat(early));
    if (this.ending) this.endAnswer();
    else if (!this.closed) this.options.onDrain(this);
  }

  /** The heartbeat: `: ping`, after the cursor line if filters left events out since the last `id:`. */
  heartbeat(): void {
    if (this.closed) return;
    if (this.cursor > this.sentCursor && this.queued === 0) {
      this.write(cursorFrame(this.cursor));
      this.sentCursor = this.cursor;
    }
    this.write(PING);
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
    this.write(endFrame(reason, message));
    this.ending = true;
    this.finish();
    if (this.sink) this.endAnswer();
  }

  private endAnswer(): void {
    const sink = this.sink!;
    sink.end();
    this.body.push(null);
    if (!sink.writableFinished)
      setTimeout(() => sink.writableFinished || sink.destroy(), END_GRACE_MS).unref();
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
