/**
 * How an upload's bytes travel, chosen so that progress is real everywhere:
 * - `stream`: fetch with a streamed request body (`duplex: 'half'`), progress as the network layer
 *   takes each piece. Node (undici) streams over HTTP/1.1 and HTTP/2; browsers only over HTTP/2,
 *   which they speak only over TLS — so in a browser it is used for https:// nodes that answer a
 *   tiny streamed probe request (once per client).
 * - `xhr`: XMLHttpRequest with upload progress events, in browsers where streaming is unavailable
 *   (HTTP/1.1 origins, browsers without request streams). A stream input is read into a Blob first.
 * - `whole`: fetch with the whole body (no progress until the end), for runtimes with neither.
 */
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

/**
 * Finds out once whether the browser streams request bodies to this node: a streamed POST with no
 * bytes to an endpoint that takes no body. Any answer (a 405) means it went through; a rejection
 * (`ERR_H2_OR_QUIC_REQUIRED` on an HTTP/1.1 connection) means it cannot.
 */
async function probeStreaming(baseUrl: string, fetchImpl: typeof globalThis.fetch): Promise<boolean> {
  try {
    const response = await fetchImpl(`${baseUrl}/api/v2/node/version`, {
      method: 'POST',
      body: new ReadableStream({ start: (controller) => controller.close() }),
      duplex: 'half',
    } as RequestInit);
    await response.body?.cancel().catch(() => undefined);
    return true;
  } catch {
    return false;
  }
}

export async function detectUploadTransport(
  baseUrl: string,
  fetchImpl: typeof globalThis.fetch,
): Promise<UploadTransport> {
  if (isNodeLike()) return 'stream';
  const hasXhr = typeof XMLHttpRequest === 'function';
  if (baseUrl.startsWith('https:') && supportsRequestStreams() && (await probeStreaming(baseUrl, fetchImpl)))
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
