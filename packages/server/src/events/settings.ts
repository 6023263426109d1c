/** The settings of the change feed (README's table, docs/events.md "Limits"). */
import type { Config } from '../config.js';

export interface EventsSettings {
  /** Events older than this may be dropped (CELLA_EVENTS_RETENTION, seconds in the config). */
  retentionMs: number;
  /** Events a vault keeps at most (CELLA_EVENTS_MAX_PER_VAULT). */
  maxPerVault: number;
  /** Open streams per caller DID (per client address without a token), per process. */
  maxStreamsPerDid: number;
  /** Documents larger than this are flagged in events, not carried (CELLA_EVENTS_MAX_DOCUMENT_BYTES). */
  maxDocumentBytes: number;
  /** Bytes a live stream holds for a client that does not read before it is cut (CELLA_EVENTS_BUFFER_BYTES). */
  bufferBytes: number;
  /** The heartbeat's interval (CELLA_EVENTS_HEARTBEAT, seconds in the config). */
  heartbeatMs: number;
  /** How often streams read the log for what other processes committed (CELLA_EVENTS_TAIL_MS). */
  tailMs: number;
}

export function eventsSettingsFromConfig(config: Config): EventsSettings {
  return {
    retentionMs: config.eventsRetentionSeconds * 1000,
    maxPerVault: config.eventsMaxPerVault,
    maxStreamsPerDid: config.eventsMaxStreamsPerDid,
    maxDocumentBytes: config.eventsMaxDocumentBytes,
    bufferBytes: config.eventsBufferBytes,
    heartbeatMs: config.eventsHeartbeatSeconds * 1000,
    tailMs: config.eventsTailMs,
  };
}
