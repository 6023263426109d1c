/**
 * Events on the wire (docs/events.md, "The wire format"): Server-Sent Events, UTF-8, each event
 *
 *     id: <seq>\n
 *     event: <type>\n
 *     data: <one JSON object on one line>\n
 *     \n
 *
 * The data is the log entry with `seq` and `at` first and its `space` left out (JSON.stringify
 * escapes every line break, so the object is always one line). A line `id: <seq>` alone moves the
 * client's cursor past events its filters left out; `: ping` is the heartbeat comment; `retry:`
 * tells EventSource how long to wait before reconnecting. A stream the node ends says why in a
 * final `event: error` whose data is `{"error", "message"}`.
 */
import type { Document, LogRecord } from '@cella/document-store';
import { fromExtJson } from '@cella/document-store';

/** One event of the log, parsed once for every stream that looks at it. */
export class VaultEvent {
  readonly seq: number;
  readonly at: number;
  readonly type: string;
  /** The space prefix ('' for the default space). */
  readonly space: string;
  /** The entry without `space` (its fields, as sent). */
  readonly fields: Record<string, unknown>;
  /** About the bytes its frame takes (for a stream's buffer bound). */
  readonly approximateBytes: number;
  private frameBytes: Buffer | undefined;
  private doc: Document | null | undefined;

  constructor(record: LogRecord) {
    const { space, ...fields } = JSON.parse(record.entry) as Record<string, unknown>;
    this.seq = record.seq;
    this.at = record.at;
    this.type = String(fields.type);
    this.space = typeof space === 'string' ? space : '';
    this.fields = fields;
    this.approximateBytes = record.entry.length + 64;
  }

  get family(): string {
    return this.type.slice(0, this.type.indexOf('.'));
  }

  get collection(): string | undefined {
    return typeof this.fields.collection === 'string' ? this.fields.collection : undefined;
  }

  get path(): string | undefined {
    return typeof this.fields.path === 'string' ? this.fields.path : undefined;
  }

  /** Document events: the document (port form: ObjectId, Date), or null when too large to carry. */
  document(): Document | null {
    if (this.doc === undefined) {
      const raw = this.fields.document;
      this.doc = raw !== null && typeof raw === 'object' ? (fromExtJson(raw) as Document) : null;
    }
    return this.doc;
  }

  /** That frame if it was made (a selection that carries the event as is returns it). */
  get sharedFrame(): Buffer | undefined {
    return this.frameBytes;
  }

  /** The frame every owner stream of this space sends (made once). */
  frame(): Buffer {
    return (this.frameBytes ??= eventFrame(this.seq, this.type, {
      seq: this.seq,
      at: this.at,
      ...this.fields,
    }));
  }
}

const joined = new WeakMap<readonly VaultEvent[], Buffer>();

/**
 * The shared frames of a page of events, joined once: the bytes every stream that carries the
 * whole page writes (the feed hands all its streams the same page).
 */
export function joinedFrames(page: readonly VaultEvent[]): Buffer {
  let bytes = joined.get(page);
  if (!bytes) {
    bytes = Buffer.concat(page.map((event) => event.frame()));
    joined.set(page, bytes);
  }
  return bytes;
}

export function eventFrame(seq: number, type: string, data: Record<string, unknown>): Buffer {
  return Buffer.from(`id: ${seq}\nevent: ${type}\ndata: ${JSON.stringify(data)}\n\n`);
}

/** The first lines of a stream: how long EventSource waits to reconnect, and where it starts. */
export function openingFrame(cursor: number, retryMs: number): Buffer {
  return Buffer.from(`retry: ${retryMs}\nid: ${cursor}\n\n`);
}

/** Moves the client's cursor past events its filters left out. */
export function cursorFrame(cursor: number): Buffer {
  return Buffer.from(`id: ${cursor}\n\n`);
}

export const PING = Buffer.from(': ping\n\n');

export function endFrame(error: string, message: string): Buffer {
  return Buffer.from(`event: error\ndata: ${JSON.stringify({ error, message })}\n\n`);
}
