/**
 * Settings of the files service: how often the reference-count sweep runs and how long a count
 * or a pin must have been left alone before the sweep may change it (config keys
 * `filesSweepIntervalSeconds` / `filesSweepGraceSeconds`, env CELLA_FILES_SWEEP_INTERVAL /
 * CELLA_FILES_SWEEP_GRACE). `StartOptions.files` overrides them (tests).
 */
import type { Config } from '../config.js';

export interface FilesSettings {
  /** Milliseconds between sweeps; 0 disables the periodic sweep. */
  sweepIntervalMs: number;
  /** Milliseconds a mismatch must persist before the sweep repairs it. */
  sweepGraceMs: number;
  /**
   * While the disk is short of space, milliseconds between a delete and the collection that frees
   * its content (release-collector.ts), so a burst of deletes makes one collection.
   */
  collectDelayMs: number;
}

/** One second: a burst of deletes makes one collection, and the user sees the room soon. */
export const COLLECT_DELAY_MS = 1000;

export function filesSettingsFromConfig(
  config: Pick<Config, 'filesSweepIntervalSeconds' | 'filesSweepGraceSeconds'>,
): FilesSettings {
  return {
    sweepIntervalMs: config.filesSweepIntervalSeconds * 1000,
    sweepGraceMs: config.filesSweepGraceSeconds * 1000,
    collectDelayMs: COLLECT_DELAY_MS,
  };
}
