/**
 * `@cella/sdk/events`: the reader of the node's event streams (docs/events.md), loaded by the SDK on
 * the first subscription (`vault.events.subscribe`, `collection.watch`, `scripts.subscribe`).
 *
 * One connection at a time, read with fetch streaming and parsed as Server-Sent Events (`id:`,
 * `event:`, `data:`, `retry:`, comments; `\n`, `\r\n` or `\r` line ends). When the connection ends
 * — a network failure, the node restarting (`shutting_down`), a 5xx or 429, a stream cut for
 * reading too slowly (`consumer_too_slow`) — it connects again after a backoff (from 250 ms,
 * doubling up to 30 s, with jitter; the node's `retry:` is the floor) and resumes after the last
 * cursor it saw, so the events come once each and in order. It stops for good on what retrying
 * cannot mend: a 4xx answer (a 410 `CURSOR_EXPIRED` says `details.oldest_cursor`), or the node
 * ending the stream for good (`condition_failed`, `script_changed`, `vault_removed`: a
 * `CellaStreamEndedError`). An aborted signal ends it with the signal's reason.
 */

/** How to open one connection from a cursor (the SDK's authenticated HTTP layer). */
export interface StreamSource {
  open(since: string | undefined, signal: AbortSignal): Promise<Response>;
  since: string | undefined;
  signal: AbortSignal | undefined;
  /** The error for a stream the node ended for good. */
  ended(reason: string, message: string): Error;
}

/** Reasons the node gives for ending a stream that a new connection mends. */
const PASSING = new Set(['consumer_too_slow', 'shutting_down']);
const FIRST_DELAY_MS = 250;
const MAX_DELAY_MS = 30_000;

interface Frame {
  id: string | undefined;
  event: string | undefined;
  data: string | undefined;
  retry: number | undefined;
}

/** Frames of a body, as they arrive. */
async function* frames(body: ReadableStream<Uint8Array>): AsyncGenerator<Frame> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let frame: Frame = { id: undefined, event: undefined, data: undefined, retry: undefined };
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      for (;;) {
        const end = buffer.search(/\r\n|\r|\n/);
        // A lone \r at the end may be the first half of \r\n: wait for more.
        if (end < 0 || (buffer[end] === '\r' && end === buffer.length - 1)) break;
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + (buffer.startsWith('\r\n', end) ? 2 : 1));
        if (line === '') {
          yield frame;
          frame = { id: undefined, event: undefined, data: undefined, retry: undefined };
          continue;
        }
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const text = colon < 0 ? '' : line.slice(colon + (line[colon + 1] === ' ' ? 2 : 1));
        if (field === 'id') frame.id = text;
        else if (field === 'event') frame.event = text;
        else if (field === 'data') frame.data = frame.data === undefined ? text : `${frame.data}\n${text}`;
        else if (field === 'retry' && /^\d+$/.test(text)) frame.retry = Number(text);
      }
    }
  } finally {
    reader.releaseLock();
    await body.cancel().catch(() => undefined);
  }
}

const status = (error: unknown): number | undefined =>
  typeof (error as { status?: unknown })?.status === 'number'
    ? (error as { status: number }).status
    : undefined;

/** Waits `ms`, or until `signal` aborts (then throws its reason). */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * The events of a stream, reconnecting from the last cursor; `moved` is told every cursor (also
 * of events the stream's filters left out).
 */
export async function* readEvents<T>(
  source: StreamSource,
  moved: (cursor: string) => void,
): AsyncGenerator<T> {
  // Our own controller: leaving the loop (break, return) closes the connection.
  const controller = new AbortController();
  const outer = source.signal;
  const onAbort = () => controller.abort(outer?.reason);
  if (outer?.aborted) throw outer.reason;
  outer?.addEventListener('abort', onAbort, { once: true });
  let cursor = source.since;
  let delay = FIRST_DELAY_MS;
  let floor = 0;
  try {
    for (;;) {
      let progressed = false;
      try {
        const response = await source.open(cursor, controller.signal);
        if (!response.body) throw new TypeError('the node answered without a body');
        for await (const frame of frames(response.body)) {
          if (frame.retry !== undefined) floor = frame.retry;
          if (frame.event === 'error' && frame.data !== undefined) {
            const end = JSON.parse(frame.data) as { error: string; message: string };
            if (!PASSING.has(end.error)) throw source.ended(end.error, end.message);
            break;
          }
          if (frame.id !== undefined && frame.id !== cursor) {
            cursor = frame.id;
            moved(cursor);
            progressed = true;
          }
          if (frame.data !== undefined) yield JSON.parse(frame.data) as T;
        }
      } catch (error) {
        if (controller.signal.aborted) throw controller.signal.reason;
        const code = status(error);
        // Final: a refusal retrying cannot change, or the node ending the stream for good.
        if ((code !== undefined && code < 500 && code !== 429) || (code === undefined && !isTransport(error)))
          throw error;
      }
      if (progressed) delay = FIRST_DELAY_MS;
      const wait = Math.max(floor, delay / 2 + Math.random() * (delay / 2));
      delay = Math.min(MAX_DELAY_MS, delay * 2);
      await pause(wait, controller.signal);
    }
  } finally {
    outer?.removeEventListener('abort', onAbort);
    controller.abort();
  }
}

/** A failure of the connection (the SDK's CellaNetworkError, or the body breaking off). */
function isTransport(error: unknown): boolean {
  const name = (error as { name?: unknown })?.name;
  return (
    name === 'CellaNetworkError' ||
    name === 'TypeError' ||
    (error as { retryable?: unknown })?.retryable === true
  );
}
