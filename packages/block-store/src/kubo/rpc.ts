/**
 * A small client for kubo's HTTP RPC API (`POST /api/v0/<command>?arg=...`), on undici's
 * `request` rather than kubo-rpc-client: we need a dozen commands, streamed request and response
 * bodies, and trailers (kubo reports mid-stream failures in an `X-Stream-Error` trailer), and
 * undici is already a dependency; kubo-rpc-client would add ~70 packages and its own multipart
 * and ndjson layers.
 *
 * Every reply is parsed with zod. Errors come back as HTTP 500 with `{Message, Code, Type}`;
 * `toBlockStoreError` maps the messages we act on to BlockStoreError codes.
 */
import { Readable } from 'node:stream';
import { Agent, request, type Dispatcher } from 'undici';
import { z } from 'zod';
import { BlockStoreError, type BlockStoreErrorCode } from '../errors.js';
import { ndjsonValues } from './ndjson.js';

export type Params = Record<string, string | number | boolean | undefined>;

export interface CallInit {
  args?: string[];
  body?: AsyncIterable<Uint8Array>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

const KuboErrorBody = z.object({
  Message: z.string(),
  Code: z.number().optional(),
  Type: z.string().optional(),
});

/** A kubo error reply, kept verbatim so callers can match the messages they expect. */
export class KuboRpcError extends Error {
  override readonly name = 'KuboRpcError';
  constructor(
    readonly command: string,
    readonly status: number,
    message: string,
  ) {
    super(`kubo ${command}: ${message}`);
  }
}

/** Messages kubo uses for "not stored here" (offline lookups never go to the network). */
const NOT_FOUND = /not found locally|could not find|ipld: not found|no link named|failed to fetch/i;
const IS_DIR = /is a directory|ErrIsDir|not a file/i;
/** The daemon's repository device is full (Go's syscall messages for ENOSPC and EDQUOT). */
const NO_SPACE = /no space left on device|disk quota exceeded/i;

export function toBlockStoreError(err: unknown, fallback: BlockStoreErrorCode = 'ENGINE'): unknown {
  if (!(err instanceof KuboRpcError)) return err;
  let code = fallback;
  if (NOT_FOUND.test(err.message)) code = 'NOT_FOUND';
  else if (IS_DIR.test(err.message)) code = 'NOT_A_FILE';
  else if (NO_SPACE.test(err.message)) code = 'STORAGE_FULL';
  return new BlockStoreError(code, err.message, { cause: err });
}

export class KuboRpc {
  readonly base: URL;
  /**
   * No header/body timeouts: an add's reply only starts once the whole upload is in (minutes for
   * a big file on a slow link) and a download proceeds at the client's pace. Callers bound work
   * with AbortSignals instead.
   */
  private readonly agent = new Agent({ headersTimeout: 0, bodyTimeout: 0, keepAliveTimeout: 10_000 });

  constructor(apiUrl: string) {
    this.base = new URL('/api/v0/', apiUrl);
  }

  url(command: string, params: Params = {}, args: string[] = []): URL {
    const url = new URL(command, this.base);
    for (const arg of args) url.searchParams.append('arg', arg);
    for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, String(v));
    return url;
  }

  /** Sends a command; resolves with the (2xx) response, body unread. Throws KuboRpcError. */
  async call(command: string, params: Params = {}, init: CallInit = {}): Promise<Dispatcher.ResponseData> {
    let res: Dispatcher.ResponseData;
    try {
      res = await request(this.url(command, params, init.args), {
        method: 'POST',
        dispatcher: this.agent,
        // Readable, not the iterable itself: undici's types only admit a stream (same runtime path).
        body: init.body === undefined ? null : Readable.from(init.body, { objectMode: false }),
        headers: init.headers ?? {},
        signal: init.signal ?? null,
      });
    } catch (err) {
      if (init.signal?.aborted === true) throw init.signal.reason;
      throw new BlockStoreError('ENGINE', `kubo ${command}: ${(err as Error).message}`, { cause: err });
    }
    if (res.statusCode >= 200 && res.statusCode < 300) return res;
    const text = await res.body.text().catch(() => '');
    let message = text.trim() || `HTTP ${res.statusCode}`;
    try {
      message = KuboErrorBody.parse(JSON.parse(text)).Message;
    } catch {
      // not kubo's JSON error shape (a proxy in between?): keep the raw text
    }
    throw new KuboRpcError(command, res.statusCode, message);
  }

  async json<S extends z.ZodType>(
    command: string,
    schema: S,
    params: Params = {},
    init: CallInit = {},
  ): Promise<z.infer<S>> {
    const res = await this.call(command, params, init);
    const body: unknown = await res.body.json();
    return parseReply(command, schema, body);
  }

  /** Streams a newline-delimited JSON reply, one parsed value per line. */
  async *ndjson<S extends z.ZodType>(
    command: string,
    schema: S,
    params: Params = {},
    init: CallInit = {},
  ): AsyncGenerator<z.infer<S>> {
    const res = await this.call(command, params, init);
    try {
      for await (const value of ndjsonValues(res.body)) yield parseReply(command, schema, value);
      checkTrailer(command, res);
    } finally {
      discard(res);
    }
  }

  async close(): Promise<void> {
    await this.agent.close();
  }
}

function parseReply<S extends z.ZodType>(command: string, schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new BlockStoreError('ENGINE', `kubo ${command}: unexpected reply: ${parsed.error.message}`);
  }
  return parsed.data;
}

/**
 * Drops a reply body that was not (fully) read: an early return must not leave the socket
 * half-read. undici reports the destroy as an 'error' event, which is expected here.
 */
export function discard(res: Dispatcher.ResponseData): void {
  if (res.body.destroyed) return;
  res.body.on('error', () => undefined);
  res.body.destroy();
}

/** kubo reports an error that happens after the headers were sent in this trailer. */
export function checkTrailer(command: string, res: Dispatcher.ResponseData): void {
  const streamError = res.trailers['x-stream-error'];
  if (streamError !== undefined && streamError !== '')
    throw new KuboRpcError(command, res.statusCode, streamError);
}
