/**
 * Sweeps what unfinished sign-ins leave behind (node-stores.ts): nonces whose challenge expired
 * and the documents presented for sign-ins that were never completed. Anyone may start a sign-in,
 * so without this the tables grew with every anonymous request (issue 18 measured 5,002 rows,
 * the oldest expired 19 minutes earlier). Runs on an unref'd timer, once at start, and never
 * twice at the same time; `close()` stops it and waits for a sweep under way.
 */
import type { Logger } from '../logger.js';
import type { NonceStore, PresentedDocumentStore } from './node-stores.js';

export interface SignInSweeperOptions {
  nonces: NonceStore;
  presented: PresentedDocumentStore;
  /** Epoch milliseconds (the node's clock). */
  clock: () => number;
  /** Milliseconds between sweeps; 0 = never on a timer. */
  intervalMs: number;
  log: Logger;
}

export class SignInSweeper {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(private readonly o: SignInSweeperOptions) {}

  start(): void {
    if (this.o.intervalMs <= 0 || this.timer) return;
    void this.sweep();
    this.timer = setInterval(() => void this.sweep(), this.o.intervalMs);
    this.timer.unref();
  }

  /** One sweep (or the one under way); answers how many nonces and documents it dropped. */
  sweep(): Promise<{ nonces: number; documents: number }> {
    this.running ??= this.once().finally(() => (this.running = undefined));
    return this.running as Promise<{ nonces: number; documents: number }>;
  }

  private async once(): Promise<{ nonces: number; documents: number }> {
    const now = Math.floor(this.o.clock() / 1000);
    try {
      const nonces = await this.o.nonces.sweep(now);
      const documents = await this.o.presented.sweep(now);
      if (nonces + documents > 0)
        this.o.log.debug({ nonces, documents }, 'sign-in sweep: dropped expired challenges');
      return { nonces, documents };
    } catch (error) {
      this.o.log.warn({ err: error }, 'sign-in sweep failed; the next one retries');
      return { nonces: 0, documents: 0 };
    }
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
