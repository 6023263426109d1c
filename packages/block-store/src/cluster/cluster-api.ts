/**
 * A small client for IPFS Cluster's REST API (the cluster peer's `api.restapi`, port 9094 by
 * default): the handful of endpoints the cluster engine needs, on undici like the kubo RPC client.
 * Every reply is parsed with zod; lists arrive as newline-delimited JSON (204 when empty) with
 * failures in an `X-Stream-Error` trailer. Errors come back as `{code, message}`.
 *
 * Basic auth: credentials in the URL (`http://user:password@host:9094`) are sent as an
 * `Authorization` header and never appear in error messages.
 */
import { Readable } from 'node:stream';
import { Agent, request, type Dispatcher } from 'undici';
import { z } from 'zod';
import { BlockStoreError } from '../errors.js';
import { ndjsonValues } from '../kubo/ndjson.js';
import { discard } from '../kubo/rpc.js';

export type Query = Record<string, string | number | boolean | undefined>;

export interface CallInit {
  signal?: AbortSignal;
  body?: AsyncIterable<Uint8Array>;
  headers?: Record<string, string>;
}

const ClusterErrorBody = z.object({ code: z.number().optional(), message: z.string() });

/** A cluster error reply, kept verbatim (`status` 404 = not in the pinset). */
export class ClusterApiError extends Error {
  override readonly name = 'ClusterApiError';
  constructor(
    readonly endpoint: string,
    readonly status: number,
    message: string,
  ) {
    super(`ipfs-cluster ${endpoint}: ${message}`);
  }
}

/** The cluster peer's identity and its IPFS daemon's (`GET /id`). */
export const ClusterId = z.object({
  id: z.string(),
  peername: z.string().optional(),
  version: z.string(),
  error: z.string().optional(),
  ipfs: z.object({
    id: z.string().optional(),
    addresses: z.array(z.string()).nullable().optional(),
    error: z.string().optional(),
  }),
});

/** A pin as the cluster stores it (`POST /pins/{cid}`, `GET /allocations[/{cid}]`). */
export const ClusterPin = z.object({
  cid: z.string(),
  type: z.string(),
  replication_factor_min: z.number().int(),
  replication_factor_max: z.number().int(),
  allocations: z.array(z.string()).nullable(),
});
export type ClusterPin = z.infer<typeof ClusterPin>;

/** One peer's view of a CID (`GET /pins/{cid}`): `pinned`, `pinning`, `unpinned`, `remote`, … */
export const PeerPinStatus = z.object({
  peername: z.string().optional(),
  status: z.string(),
  error: z.string().optional(),
});
export const GlobalPinStatus = z.object({
  cid: z.string(),
  peer_map: z.record(z.string(), PeerPinStatus).nullable(),
});
export type GlobalPinStatus = z.infer<typeof GlobalPinStatus>;

/** One line of `POST /add`'s reply. */
export const ClusterAdded = z.object({
  cid: z.string(),
  allocations: z.array(z.string()).nullable().optional(),
});

/** `POST /ipfs/gc`: the keys each peer's IPFS daemon removed. */
export const ClusterGc = z.object({
  peer_map: z
    .record(
      z.string(),
      z.object({
        peername: z.string().optional(),
        keys: z.array(z.object({ key: z.unknown().optional(), error: z.string().optional() })).nullable(),
        error: z.string().optional(),
      }),
    )
    .nullable(),
});

export class ClusterApi {
  readonly base: URL;
  private readonly authorization: string | undefined;
  /**
   * No client-side header/body timeouts: a cluster-wide gc can take long. Pin and unpin waits
   * are bounded by the engine with AbortSignals.
   */
  private readonly agent = new Agent({ headersTimeout: 0, bodyTimeout: 0, keepAliveTimeout: 10_000 });

  constructor(apiUrl: string) {
    const url = new URL(apiUrl);
    this.authorization =
      url.username === ''
        ? undefined
        : `Basic ${Buffer.from(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`).toString('base64')}`;
    url.username = '';
    url.password = '';
    // Paths resolve below the given one, so an API behind a path prefix works.
    if (!url.pathname.endsWith('/')) url.pathname += '/';
    this.base = url;
  }

  private url(path: string, query: Query = {}): URL {
    const url = new URL(path.replace(/^\//, ''), this.base);
    for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, String(v));
    return url;
  }

  /** Sends a request; resolves with the (2xx) response, body unread. Throws ClusterApiError. */
  async call(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    query: Query = {},
    init: CallInit = {},
  ): Promise<Dispatcher.ResponseData> {
    const endpoint = `${method} ${path}`;
    const { signal } = init;
    let res: Dispatcher.ResponseData;
    try {
      res = await request(this.url(path, query), {
        method,
        dispatcher: this.agent,
        headers: {
          ...init.headers,
          ...(this.authorization === undefined ? {} : { authorization: this.authorization }),
        },
        // Readable, not the iterable itself: undici's types only admit a stream (same runtime path).
        body: init.body === undefined ? null : Readable.from(init.body, { objectMode: false }),
        signal: signal ?? null,
      });
    } catch (err) {
      if (signal?.aborted === true) throw signal.reason;
      throw new BlockStoreError('ENGINE', `ipfs-cluster ${endpoint}: ${(err as Error).message}`, {
        cause: err,
      });
    }
    if (res.statusCode >= 200 && res.statusCode < 300) return res;
    const text = await res.body.text().catch(() => '');
    let message = text.trim() || `HTTP ${res.statusCode}`;
    try {
      message = ClusterErrorBody.parse(JSON.parse(text)).message;
    } catch {
      // not the cluster's JSON error shape (a proxy in between?): keep the raw text
    }
    throw new ClusterApiError(endpoint, res.statusCode, message);
  }

  async json<S extends z.ZodType>(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    schema: S,
    query: Query = {},
    init: CallInit = {},
  ): Promise<z.infer<S>> {
    const res = await this.call(method, path, query, init);
    return parseReply(`${method} ${path}`, schema, await res.body.json());
  }

  /** Streams a list reply (newline-delimited JSON; 204 = empty), one parsed value per item. */
  async *list<S extends z.ZodType>(
    method: 'GET' | 'POST',
    path: string,
    schema: S,
    query: Query = {},
    init: CallInit = {},
  ): AsyncGenerator<z.infer<S>> {
    const endpoint = `${method} ${path}`;
    const res = await this.call(method, path, query, init);
    try {
      for await (const value of ndjsonValues(res.body)) yield parseReply(endpoint, schema, value);
      const streamError = res.trailers['x-stream-error'];
      if (streamError !== undefined && streamError !== '')
        throw new ClusterApiError(endpoint, res.statusCode, streamError);
    } finally {
      discard(res);
    }
  }

  async close(): Promise<void> {
    await this.agent.close();
  }
}

function parseReply<S extends z.ZodType>(endpoint: string, schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new BlockStoreError(
      'ENGINE',
      `ipfs-cluster ${endpoint}: unexpected reply: ${parsed.error.message}`,
    );
  }
  return parsed.data;
}
