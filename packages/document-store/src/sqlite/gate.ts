/**
 * Serialises the write transactions of one database connection within this process.
 *
 * better-sqlite3 is synchronous, so a transaction that never awaits cannot interleave with
 * another and runs at once. Only a transaction whose `beforeCommit` hook returns a promise stays
 * open across an await; while it does, the gate is closed and other writers on this connection
 * wait for it (otherwise their statements would join the open transaction).
 */
export class WriteGate {
  private pending: Promise<unknown> | null = null;

  get idle(): boolean {
    return this.pending === null;
  }

  async run<T>(fn: () => T | Promise<T>): Promise<T> {
    while (this.pending) await this.pending.catch(() => undefined);
    const result = fn();
    if (!(result instanceof Promise)) return result;
    const settled = result.then(
      () => undefined,
      () => undefined,
    );
    this.pending = settled;
    try {
      return await result;
    } finally {
      if (this.pending === settled) this.pending = null;
    }
  }
}
