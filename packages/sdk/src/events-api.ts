/**
 * `vault.events`: the vault's change feed (docs/events.md) as async iterables of typed events.
 * The stream reader — fetch streaming (EventSource cannot send the access token), the SSE parser,
 * reconnection with backoff from the last cursor — is the `@cella/sdk/events` module, loaded on the
 * first subscription: an app that never subscribes does not carry it.
 */
import type { components } from './generated/openapi.js';
import { CellaStreamEndedError } from './errors.js';
import type { StreamSource } from './event-stream.js';
import type { Http } from './http.js';

export type VaultEvent = components['schemas']['VaultEvent'];
export type DocumentEvent = components['schemas']['DocumentEvent'];
/** What a script's live view sends: `{seq, at, type, _id, document?}`. */
export type ScriptStreamEvent = components['schemas']['ScriptStreamEvent'];
export type EventType = VaultEvent['type'];
/** The part of an event type before the dot: `document`, `file`, … */
export type EventFamily = EventType extends `${infer F}.${string}` ? F : never;

/** An open subscription: iterate it (`for await`); `cursor` is where a new one would resume. */
export interface EventSubscription<T> extends AsyncIterable<T> {
  /** The cursor of the last event delivered (or passed over by the stream's filters). */
  readonly cursor: string | undefined;
}

export interface StreamOptions {
  /** Resume after this cursor (an event's `seq`, as text); absent: from now. */
  since?: string;
  /** Stops the subscription: the iteration rejects with the signal's reason. */
  signal?: AbortSignal;
}

export interface SubscribeOptions extends StreamOptions {
  /** Only events of these collections (document, collection, index events) — see `paths`. */
  collections?: string[];
  /** Only file events under these path prefixes. With `collections` too: either kind. */
  paths?: string[];
  /** Only these types or families (`document`, `file.written`, …). */
  types?: (EventType | EventFamily)[];
  /** Only document events whose document matches this MongoDB filter (one collection). */
  filter?: Record<string, unknown>;
}

/** An async iterable over one stream path; the reader module is imported on first iteration. */
export function subscription<T>(
  http: Http,
  path: string,
  query: Record<string, string | undefined>,
  options: StreamOptions,
  auth = true,
): EventSubscription<T> {
  const state: { cursor: string | undefined } = { cursor: options.since };
  const source: StreamSource = {
    open: (since, signal) => {
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries({ ...query, since }))
        if (value !== undefined) params.set(key, value);
      const search = params.toString();
      return http.raw(`${path}${search ? `?${search}` : ''}`, {
        headers: { accept: 'text/event-stream' },
        signal,
        auth,
      });
    },
    since: options.since,
    signal: options.signal,
    ended: (reason, message) => new CellaStreamEndedError(reason, message),
  };
  return {
    get cursor() {
      return state.cursor;
    },
    async *[Symbol.asyncIterator]() {
      const { readEvents } = await import('@cella/sdk/events');
      yield* readEvents<T>(source, (cursor) => (state.cursor = cursor));
    },
  };
}

const list = (items: string[] | undefined) => (items && items.length > 0 ? items.join(',') : undefined);

export class EventsApi {
  constructor(private readonly http: Http) {}

  /** The caller's vault's changes (their space), from `since` or from now; reconnects by itself. */
  subscribe(options: SubscribeOptions = {}): EventSubscription<VaultEvent> {
    return subscription<VaultEvent>(
      this.http,
      '/api/v2/vault/events',
      {
        collections: list(options.collections),
        paths: list(options.paths),
        types: list(options.types),
        filter: options.filter ? JSON.stringify(options.filter) : undefined,
      },
      options,
    );
  }
}
