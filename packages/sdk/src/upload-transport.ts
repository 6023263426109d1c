/**
 * How an upload's bytes travel, chosen so that progress is real everywhere:
 * - `stream`: fetch with a streamed request body (`duplex: 'half'`), progress as the network layer
 *   takes each piece. Node (undici) streams over HTTP/1.1 and HTTP/2; browsers only over HTTP/2,
 *   which they speak only over TLS — so in a browser it is used for https:// nodes whose answers
 *   come over HTTP/2 (read once per client from the Resource Timing entry of a plain request).
 * - `xhr`: XMLHttpRequest with upload progress events, in browsers where streaming is unavailable
 *   (HTTP/1.1 origins, browsers without request streams). A stream input is read into a Blob first.
 * - `whole`: fetch with the whole body (no progress until the end), for runtimes with neither.
 */
import { sleep } from './retry.js';
import type { ProgressListener } from './transfer.js';

/** Carries one request: fetch by default, XMLHttpRequest where a browser must report upload progress. */
export type Send = (url: string, init: RequestInit) => Promise<Response>;

export type UploadTransport = 'stream' | 'xhr' | 'whole';

/** Node, or a runtime with Node's fetch semantics (Bun, Deno): request streams work on any protocol. */
export function isNodeLike(): boolean {
  const runtime = (globalThis as { process?: { versions?: { node?: unknown } } }).process;
  return typeof runtime?.versions?.node === 'string';
}

/** Whether this runtime's fetch can send a ReadableStream body (the feature test of the Fetch spec's authors). */
export function supportsRequestStreams(): boolean {
  try {
    let duplexAccessed = false;
    const init = {
      body: new ReadableStream(),
      method: 'POST',
      get duplex() {
        duplexAccessed = true;
        return 'half';
      },
    };
    const hasContentType = new Request('https://example.invalid/', init).headers.has('content-type');
    return duplexAccessed && !hasContentType;
  } catch {
    return false;
  }
}

/** How long to wait for the Resource Timing entry of the protocol request, once it was answered. */
const TIMING_ENTRY_WAIT_MS = 1000;

/**
 * Finds out once whether the browser streams request bodies to this node. Browsers stream request
 * bodies over HTTP/2 (and 3) only, so the question is the protocol: one plain GET of the node's
 * version, whose Resource Timing entry says which protocol carried it (`nextHopProtocol`; the node
 * sends `Timing-Allow-Origin` to the origins its CORS allows, so a page on another origin may read
 * it). No request that fails, nothing in the console; when the entry cannot be read, the answer is
 * "no" and uploads go through XMLHttpRequest, which reports progress everywhere.
 */
async function speaksHttp2(baseUrl: string, fetchImpl: typeof globalThis.fetch): Promise<boolean> {
  const perf = (globalThis as { performance?: Performance }).performance;
  if (typeof PerformanceObserver !== 'function' || typeof perf?.getEntriesByName !== 'function') return false;
  const url = new URL(`${baseUrl}/api/v2/node/version`).href;
  const since = perf.now();
  const isOurs = (entry: PerformanceEntry): entry is PerformanceResourceTiming =>
    entry.startTime >= since && 'nextHopProtocol' in entry;
  let observed: (entry: PerformanceResourceTiming) => void = () => undefined;
  const seen = new Promise<PerformanceResourceTiming>((resolve) => (observed = resolve));
  // An observer sees the entry even when the page's timeline buffer is full (250 entries by default).
  const observer = new PerformanceObserver((list) => {
    const entry = list.getEntriesByName(url).find(isOurs);
    if (entry) observed(entry);
  });
  const stopWaiting = new AbortController();
  try {
    observer.observe({ type: 'resource' });
    const response = await fetchImpl(url, { cache: 'no-store' });
    await response.arrayBuffer();
    const entry =
      perf.getEntriesByName(url).find(isOurs) ??
      (await Promise.race([seen, sleep(TIMING_ENTRY_WAIT_MS, stopWaiting.signal).then(() => undefined)]));
    return entry?.nextHopProtocol === 'h2' || entry?.nextHopProtocol === 'h3';
  } catch {
    return false;
  } finally {
    stopWaiting.abort();
    observer.disconnect();
  }
}

export async function detectUploadTransport(
  baseUrl: string,
  fetchImpl: typeof globalThis.fetch,
): Promise<UploadTransport> {
  if (isNodeLike()) return 'stream';
  const hasXhr = typeof XMLHttpRequest === 'function';
  if (baseUrl.startsWith('https:') && supportsRequestStreams() && (await speaksHttp2(baseUrl, fetchImpl)))
    return 'stream';
  return hasXhr ? 'xhr' : 'whole';
}

/** The headers of an XMLHttpRequest answer as a Headers object. */
function parseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

const NULL_BODY_STATUS = new Set([101, 204, 205, 304]);

/**
 * A `Send` over XMLHttpRequest reporting upload progress. Resolves with a fetch Response; rejects
 * with a TypeError on a network failure (as fetch does) and with the signal's reason on abort.
 */
export function xhrSend(total: number | undefined, onProgress?: ProgressListener): Send {
  return (url, init) =>
    new Promise<Response>((resolve, reject) => {
      const signal = init.signal ?? undefined;
      if (signal?.aborted) {
        // The signal's reason, as fetch rejects (an AbortError unless the caller gave another).
        reject(signal.reason as Error);
        return;
      }
      const xhr = new XMLHttpRequest();
      xhr.open(init.method ?? 'GET', url);
      xhr.responseType = 'arraybuffer';
      new Headers(init.headers).forEach((value, name) => {
        // Browsers set these themselves and refuse them from scripts.
        if (name !== 'content-length') xhr.setRequestHeader(name, value);
      });
      let reported = 0;
      if (onProgress) {
        xhr.upload.onprogress = (event) => {
          reported = event.loaded;
          onProgress(event.loaded, total ?? (event.lengthComputable ? event.total : undefined));
        };
      }
      const onAbort = () => xhr.abort();
      signal?.addEventListener('abort', onAbort, { once: true });
      const done = () => signal?.removeEventListener('abort', onAbort);
      xhr.onload = () => {
        done();
        if (onProgress && total !== undefined && reported < total) onProgress(total, total);
        const body = NULL_BODY_STATUS.has(xhr.status) ? null : (xhr.response as ArrayBuffer);
        resolve(
          new Response(body, {
            status: xhr.status,
            statusText: xhr.statusText,
            headers: parseHeaders(xhr.getAllResponseHeaders()),
          }),
        );
      };
      xhr.onerror = () => {
        done();
        reject(new TypeError('network error (XMLHttpRequest)'));
      };
      xhr.ontimeout = xhr.onerror;
      xhr.onabort = () => {
        done();
        reject(
          (signal?.reason as Error | undefined) ?? new DOMException('the upload was aborted', 'AbortError'),
        );
      };
      xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null);
    });
}
