/**
 * A writer-preferring shared/exclusive lock. Writes (add, pin, CAR import) share it; gc takes it
 * exclusively, so a mark-and-sweep never sees a half-written DAG and never deletes blocks an add
 * is about to link. Writer preference: once gc waits, new writers queue behind it, so a busy
 * node cannot starve gc. In-process only: one helia engine owns its directory. Engine-neutral:
 * the files service's reference counts (`CidRefs`) hold it against the sweep's gc the same way.
 */
export class RwLock {
  private readers = 0;
  private writer = false;
  private readonly waitingWriters: (() => void)[] = [];
  private readonly waitingReaders: (() => void)[] = [];

  async shared<T>(fn: () => Promise<T>): Promise<T> {
    if (this.writer || this.waitingWriters.length > 0) {
      await new Promise<void>((resolve) => this.waitingReaders.push(resolve));
    } else {
      this.readers++;
    }
    try {
      return await fn();
    } finally {
      this.readers--;
      this.release();
    }
  }

  async exclusive<T>(fn: () => Promise<T>): Promise<T> {
    if (this.writer || this.readers > 0) {
      await new Promise<void>((resolve) => this.waitingWriters.push(resolve));
    } else {
      this.writer = true;
    }
    try {
      return await fn();
    } finally {
      this.writer = false;
      this.release();
    }
  }

  /** Hands the lock on: to a waiting writer when free, else to every waiting reader. */
  private release(): void {
    if (this.writer || this.readers > 0) return;
    const w = this.waitingWriters.shift();
    if (w !== undefined) {
      this.writer = true;
      w();
      return;
    }
    const rs = this.waitingReaders.splice(0);
    this.readers += rs.length;
    for (const r of rs) r();
  }
}
