/**
 * A raw Server-Sent Events client for the event tests: fetch streaming, frames parsed as the
 * EventSource processing model says (`id:`, `event:`, `data:`, comments, blank line dispatches),
 * every frame kept (also `id:`-only ones and comments) so tests can assert the bytes' meaning.
 */
export interface Frame {
  /** Set when the frame had an `id:` line. */
  id?: string;
  event?: string;
  data?: string;
  retry?: number;
  /** Comment lines (without the colon). */
  comments: string[];
}

export interface OpenStream {
  status: number;
  headers: Headers;
  /** The error body when the status is not 200. */
  error?: unknown;
  frames: Frame[];
  /** Frames with data, parsed. */
  events(): { id: string; event: string; data: Record<string, unknown> }[];
  /** Resolves once `count` events (frames with data) have arrived; rejects after `timeoutMs`. */
  waitFor(
    count: number,
    timeoutMs?: number,
  ): Promise<{ id: string; event: string; data: Record<string, unknown> }[]>;
  /** Resolves when the stream ends (the node closed it). */
  ended: Promise<void>;
  /** The last `id:` seen (the cursor to resume from). */
  lastId(): string | undefined;
  close(): void;
}

export async function openStream(
  url: string,
  options: { token?: string; headers?: Record<string, string> } = {},
): Promise<OpenStream> {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: {
      accept: 'text/event-stream',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    signal: controller.signal,
  });
  const frames: Frame[] = [];
  const waiters: (() => void)[] = [];
  const notify = () => waiters.splice(0).forEach((w) => w());
  const events = () =>
    frames
      .filter((f) => f.data !== undefined && f.event !== 'error')
      .map((f) => ({
        id: f.id ?? '',
        event: f.event ?? 'message',
        data: JSON.parse(f.data!) as Record<string, unknown>,
      }));
  if (response.status !== 200) {
    const text = await response.text();
    let error: unknown = text;
    try {
      error = JSON.parse(text);
    } catch {
      // not JSON
    }
    return {
      status: response.status,
      headers: response.headers,
      error,
      frames,
      events,
      waitFor: () => Promise.reject(new Error(`status ${response.status}`)),
      ended: Promise.resolve(),
      lastId: () => undefined,
      close: () => undefined,
    };
  }
  let current: Frame = { comments: [] };
  let buffer = '';
  let lastId: string | undefined;
  const ended = (async () => {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let newline: number;
        while ((newline = buffer.indexOf('\n')) >= 0) {
          const line = buffer.slice(0, newline);
          buffer = buffer.slice(newline + 1);
          if (line === '') {
            frames.push(current);
            if (current.id !== undefined) lastId = current.id;
            current = { comments: [] };
            notify();
            continue;
          }
          if (line.startsWith(':')) {
            current.comments.push(line.slice(1).trim());
            continue;
          }
          const colon = line.indexOf(':');
          const field = colon < 0 ? line : line.slice(0, colon);
          const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
          if (field === 'id') current.id = value;
          else if (field === 'event') current.event = value;
          else if (field === 'data')
            current.data = current.data === undefined ? value : `${current.data}\n${value}`;
          else if (field === 'retry') current.retry = Number(value);
        }
      }
    } catch {
      // aborted by close()
    } finally {
      notify();
    }
  })();
  let done = false;
  void ended.then(() => {
    done = true;
    notify();
  });
  return {
    status: 200,
    headers: response.headers,
    frames,
    events,
    ended,
    lastId: () => lastId,
    close: () => controller.abort(),
    waitFor: (count, timeoutMs = 20_000) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(
          () =>
            reject(
              new Error(
                `waited ${timeoutMs} ms for ${count} events, got ${events().length}: ${events()
                  .slice(-20)
                  .map((e) => e.event)
                  .join(', ')} (the last 20)`,
              ),
            ),
          timeoutMs,
        );
        const check = () => {
          const got = events();
          if (got.length >= count) {
            clearTimeout(timer);
            resolve(got.slice(0, count));
          } else if (done) {
            clearTimeout(timer);
            reject(new Error(`the stream ended after ${got.length} of ${count} events`));
          } else waiters.push(check);
        };
        check();
      }),
  };
}
