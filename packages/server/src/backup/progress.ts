/** The figures of a running backup or restore (the contract's `BackupState.progress`). */
export interface JobProgress {
  bytes_done: number;
  bytes_total: number;
  items_done: number;
  items_total: number;
  vault_bytes: number;
  network_bytes: number;
}

export const emptyProgress = (): JobProgress => ({
  bytes_done: 0,
  bytes_total: 0,
  items_done: 0,
  items_total: 0,
  vault_bytes: 0,
  network_bytes: 0,
});

/** What a run reports through; the job runner persists it (throttled). */
export interface ProgressSink {
  set(values: Partial<JobProgress>): void;
  add(values: Partial<JobProgress>): void;
  note(message: string): void;
}

/** A failure that may go away by trying again (the vault changed under the run, the peer restarted). */
export class TransientError extends Error {
  override name = 'TransientError';
}
