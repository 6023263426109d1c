/**
 * The read buffers of one download (the BlockStore port's `ReadBuffers`): the engine reads each
 * leaf into one of a few buffers, reused once the response has written them out.
 *
 * Why: a buffer per MiB read is external memory V8 answers with a full mark-compact every few tens
 * of MiB downloaded, which paused the node's thread for every user (docs/block-store.md, "Where the
 * work runs"). Reusing buffers must not skip the HTTP layer: fastify still sends the body (its
 * onSend hooks run, it pipes the stream into the response), so the only question is when a buffer's
 * bytes have left. A view yielded by the reader is handed to `response.write` when the stream emits
 * it; the response's `writableLength` counts it until that write completed (the kernel, or HTTP/2's
 * session, has the bytes). So a buffer is free again once
 *
 * 1. the reader is done with it: it yielded a view of a buffer it took later (it takes them in
 *    order, one per leaf), and
 * 2. the response had nothing left to write at a moment after that view was written: checked when
 *    a buffer is wanted and on the response's `drain`.
 *
 * Only when the body stream is piped straight into the response (its `pipe` event names it): if
 * anything stood between them (a hook that wrapped the payload), writes would no longer say when
 * the bytes left, and every read gets a buffer of its own, as without this.
 */
import type { Readable } from 'node:stream';
import type { ReadBuffers } from '@cella/block-store';

/** Buffers one download owns at most: one being written, the one being yielded, the reader's two prefetches, a spare. */
const KEPT = 5;

/** What this needs of a response (http's ServerResponse and http2's compatibility response both have it). */
export interface ResponseSink {
  readonly writableLength: number;
  once(event: 'pipe', listener: (source: unknown) => void): unknown;
  on(event: 'drain', listener: () => void): unknown;
}

export class ResponseBuffers implements ReadBuffers {
  /** Taken by the reader, in the order taken, not yet done with. */
  private readonly taken: Uint8Array[] = [];
  /** Done with by the reader and written, waiting for the response to have written everything. */
  private readonly written: Uint8Array[] = [];
  private readonly free: Uint8Array[] = [];
  /** The body is piped straight into the response: writes tell when its bytes have left. */
  private direct = false;

  /** `kept`: buffers owned at most (a reader further ahead, or a body buffering more, wants more). */
  constructor(
    private readonly response: ResponseSink,
    private readonly kept = KEPT,
  ) {}

  /** The body the views are sent in (returned as is): buffers are reused once it is piped into the response. */
  sending(body: Readable): Readable {
    this.response.once('pipe', (source) => {
      if (source !== body) return;
      this.direct = true;
      // Added after the pipe's own listener, so a chunk is already handed to the response here.
      body.on('data', (chunk: Uint8Array) => this.sent(chunk));
      this.response.on('drain', () => this.reclaim());
    });
    return body;
  }

  take(size: number): Uint8Array | undefined {
    this.reclaim();
    let i = this.free.findIndex((b) => b.byteLength >= size);
    if (i < 0 && this.owned() >= this.kept && this.free.length > 0) {
      this.free.shift(); // too small for what is read now (a range's first leaf): let it go
      i = -1;
    }
    let buffer: Uint8Array | undefined;
    if (i >= 0) buffer = this.free.splice(i, 1)[0];
    else if (this.owned() < this.kept) buffer = Buffer.allocUnsafeSlow(size);
    if (buffer === undefined) return undefined; // all in use: the reader allocates this one
    this.taken.push(buffer);
    return buffer;
  }

  /** How many buffers this download holds (for tests). */
  owned(): number {
    return this.taken.length + this.written.length + this.free.length;
  }

  /** A chunk went to the response: every buffer taken before the one it views is done with. */
  private sent(chunk: Uint8Array): void {
    const j = this.taken.findIndex((b) => b.buffer === chunk.buffer);
    if (j > 0) this.written.push(...this.taken.splice(0, j));
  }

  private reclaim(): void {
    if (!this.direct || this.written.length === 0 || this.response.writableLength > 0) return;
    this.free.push(...this.written.splice(0));
  }
}
