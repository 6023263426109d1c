/**
 * Frees the space of deleted files soon, while the node's disk is short of it. Normally a file's
 * content stays on disk until the periodic sweep (CELLA_FILES_SWEEP_INTERVAL, an hour by default)
 * unpins what no file names any more and collects the blocks. On a full disk that is too late: the
 * user who deletes to make room must see the room. So while storage is under pressure
 * (storage/free-space.ts: free space below twice the reserve, or the device found full lately),
 * every release of a content's last reference, and every upload the full disk cut short, asks for a
 * collection: after `delayMs` (deletes come in bursts), the released counts are removed, their
 * roots unpinned and the block store's gc run (sweep.ts `collectReleased`, under the sweep's lease).
 *
 * gc takes the block store's exclusive lock (uploads wait) and its cost grows with the store, so
 * collections are spaced by at least nine times the last one's duration: they hold the store at
 * most a tenth of the time, however large it is.
 */
import type { Logger } from '../logger.js';

export interface ReleaseCollectorOptions {
  /** Wait after a request, so a burst of deletes makes one collection. */
  delayMs: number;
  /** True while collections are wanted (storage under pressure). */
  wanted: () => boolean;
  /** Runs one collection; resolves with what it did (for the log). */
  collect: () => Promise<unknown>;
  log: Logger;
}

/** A collection holds the block store at most 1/(1 + SPACING) of the time. */
const SPACING = 9;

export class ReleaseCollector {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private notBefore = 0;
  private closed = false;

  constructor(private readonly options: ReleaseCollectorOptions) {}

  /** Asks for a collection (ignored while storage is not under pressure). */
  request(): void {
    if (this.closed || !this.options.wanted()) return;
    if (this.timer || this.running) {
      this.again = true;
      return;
    }
    const wait = Math.max(this.options.delayMs, this.notBefore - Date.now());
    this.timer = setTimeout(() => this.run(), wait);
    this.timer.unref();
  }

  private run(): void {
    this.timer = undefined;
    const started = Date.now();
    this.running = this.options
      .collect()
      .then(
        (report) => this.options.log.info({ report }, 'files: released content collected (storage is short)'),
        (error: unknown) =>
          this.options.log.warn({ err: error }, 'files: collecting released content failed'),
      )
      .finally(() => {
        this.notBefore = Date.now() + SPACING * (Date.now() - started);
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.request();
        }
      });
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
