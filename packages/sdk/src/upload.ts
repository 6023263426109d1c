/**
 * One upload request, whatever the input and the runtime: the body travels as the client's upload
 * transport says (upload-transport.ts), progress is reported as bytes leave, an AbortSignal stops
 * it, and a body that can be made again is resent once after re-signing in. File uploads, script
 * upload transactions and vault imports share it.
 */
import type { Http } from './http.js';
import {
  assertUploadData,
  isReReadable,
  knownLength,
  progressBody,
  uploadBlob,
  type ProgressListener,
  type UploadData,
} from './transfer.js';
import { isNodeLike, xhrSend } from './upload-transport.js';

export interface SendUploadOptions {
  onProgress?: ProgressListener;
  signal?: AbortSignal;
  /** Length of a stream input, when known (sent as Content-Length in Node). */
  size?: number;
  /** Add the access token (default true). */
  auth?: boolean;
  /** Default PUT (a file). */
  method?: 'PUT' | 'POST';
  /** Default `application/octet-stream`. */
  contentType?: string;
}

export async function sendUpload(
  http: Http,
  path: string,
  data: UploadData,
  options: SendUploadOptions = {},
): Promise<Response> {
  assertUploadData(data);
  const total = knownLength(data) ?? options.size;
  const { onProgress, signal, auth = true } = options;
  const headers: Record<string, string> = {
    'content-type': options.contentType ?? 'application/octet-stream',
  };
  const common = { method: options.method ?? 'PUT', auth, ...(signal ? { signal } : {}) };
  // An empty file goes without a body: undici's HTTP/2 client (7.x) never ends a stream whose body
  // is empty but present, and the request would hang.
  if (total === 0) {
    const response = await http.raw(path, { ...common, headers, body: null });
    onProgress?.(0, 0);
    return response;
  }
  const transport = await http.uploads();

  if (transport === 'stream') {
    // Browsers refuse a script-set Content-Length (and stream without one); Node sends it, so the
    // node can refuse an upload over quota before the first byte.
    if (total !== undefined && isNodeLike()) headers['content-length'] = String(total);
    let body: ReturnType<typeof progressBody> | undefined;
    try {
      return await http.raw(path, {
        ...common,
        headers,
        body: () => (body = progressBody(data, total, onProgress, signal)).stream,
        duplex: 'half',
        retryable: isReReadable(data),
      } as Parameters<Http['raw']>[1]);
    } catch (error) {
      // A failure of the caller's own stream is reported as itself, not as a network failure.
      if (body?.sourceError !== undefined) throw body.sourceError as Error;
      throw error;
    }
  }

  const blob = await uploadBlob(data);
  if (transport === 'xhr') {
    return http.raw(path, { ...common, headers, body: blob, send: xhrSend(blob.size, onProgress) });
  }
  const response = await http.raw(path, { ...common, headers, body: blob });
  onProgress?.(blob.size, blob.size);
  return response;
}
