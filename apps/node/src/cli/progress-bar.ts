/**
 * One line of text for a backup or restore job: a bar, the percentage, bytes and items moved, the
 * rate when known, and the outcome once it ended. Pure, so it is tested without a terminal.
 *
 *   backup   [##########----------]  52%  266.0 of 512.0 MiB  260/513 items  41.2 MiB/s
 *   backup   [####################] 100%  512.0 of 512.0 MiB  513/513 items  done
 */
import type { BackupState } from '@cella/sdk';

const MiB = 1024 * 1024;

export interface RenderOptions {
  width?: number;
  /** Bytes per second, from two samples (omitted when unknown). */
  rate?: number;
}

const mib = (n: number) => (n / MiB).toFixed(1);

export function renderProgress(state: BackupState, options: RenderOptions = {}): string {
  const width = options.width ?? 20;
  const {
    bytes_done: done,
    bytes_total: total,
    items_done: itemsDone,
    items_total: itemsTotal,
  } = state.progress;
  const ended = state.result !== 'running';
  let fraction = total > 0 ? Math.min(1, done / total) : 0;
  if (state.result === 'success') fraction = 1;
  const filled = Math.round(fraction * width);
  const bar = `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}]`;
  const label = state.state === 'idle' ? 'idle' : state.state;
  const parts = [
    label.padEnd(8),
    bar,
    `${String(Math.floor(fraction * 100)).padStart(3)}%`,
    ` ${mib(done)} of ${mib(total)} MiB`,
    ` ${itemsDone}/${itemsTotal} items`,
  ];
  if (ended) parts.push(` ${state.result === 'success' ? 'done' : 'FAILED'}`);
  else if (options.rate !== undefined && options.rate > 0) parts.push(` ${mib(options.rate)} MiB/s`);
  return parts.join(' ');
}

/** Rate between two samples of `bytes_done` (bytes per second), or undefined. */
export function rateBetween(
  previous: { at: number; bytes: number } | undefined,
  now: { at: number; bytes: number },
): number | undefined {
  if (!previous || now.at <= previous.at || now.bytes < previous.bytes) return undefined;
  return ((now.bytes - previous.bytes) * 1000) / (now.at - previous.at);
}
