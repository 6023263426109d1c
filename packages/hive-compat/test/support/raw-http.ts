/**
 * Requests exactly as the other official clients send them, byte for byte where it matters: the
 * reference node's own test suite (Python `requests`) and the Hive Java SDK (Retrofit/OkHttp, and
 * `HttpURLConnection` for uploads). node:http sends only the headers given — no body, no
 * `Content-Length` and no `Content-Type` unless a request says so — so each request below states
 * what that client puts on the wire.
 */
import { request, type IncomingHttpHeaders } from 'node:http';
import type { DIDDocument } from '@elastosfoundation/did-js-sdk';
import type { HiveUser } from './env.js';

export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  json(): any;
}

export interface RawRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  /** Sent with `Content-Length` (or chunked with `chunked`); absent: no body and no length header. */
  body?: string | Buffer;
  chunked?: boolean;
}

/** One request to `base` (a node's URL); the answer read whole. */
export function send(base: string, r: RawRequest): Promise<RawAnswer> {
  const url = new URL(r.path, base);
  const headers: Record<string, string> = { ...r.headers };
  if (r.body !== undefined && !r.chunked) headers['content-length'] = String(Buffer.byteLength(r.body));
  if (r.chunked) headers['transfer-encoding'] = 'chunked';
  return new Promise((resolve, reject) => {
    const req = request(url, { method: r.method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: () => JSON.parse(text) });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    if (r.chunked && r.body !== undefined) {
      // HttpURLConnection's chunked streaming mode: the content in pieces as the app writes them.
      const bytes = Buffer.from(r.body);
      for (let at = 0; at < bytes.length; at += 7) req.write(bytes.subarray(at, at + 7));
    } else if (r.body !== undefined) req.write(r.body);
    req.end();
  });
}

/**
 * A signed-in session as those clients hold one: `POST /did/signin` with the app instance's
 * document, the user's answer to the challenge (the dApp's provider), `POST /did/auth`; then every
 * request carries `Authorization: token <jwt>`.
 */
export async function rawSession(user: HiveUser, base: string): Promise<RawSession> {
  const provider = user.context.getAppContextProvider();
  const doc: DIDDocument = provider.getAppInstanceDocument();
  const json = { 'content-type': 'application/json' };
  const signin = await send(base, {
    method: 'POST',
    path: '/api/v2/did/signin',
    headers: json,
    body: JSON.stringify({ id: JSON.parse(doc.toString(true)) }),
  });
  if (signin.status !== 201) throw new Error(`signin: ${signin.status} ${signin.text}`);
  const answer = await provider.getAuthorization(signin.json().challenge as string);
  const auth = await send(base, {
    method: 'POST',
    path: '/api/v2/did/auth',
    headers: json,
    body: JSON.stringify({ challenge_response: answer }),
  });
  if (auth.status !== 201) throw new Error(`auth: ${auth.status} ${auth.text}`);
  return new RawSession(base, auth.json().token as string);
}

export class RawSession {
  constructor(
    readonly base: string,
    readonly token: string,
  ) {}

  private auth(headers: Record<string, string> = {}): Record<string, string> {
    return { authorization: `token ${this.token}`, ...headers };
  }

  /**
   * Python `requests` as the reference's test client calls it: `json=` bodies with
   * `Content-Type: application/json`; `data=` bytes with no content type; no body at all with
   * `Content-Length: 0` on the methods that carry one (requests sets it for DELETE/PUT/PATCH/POST).
   */
  python(method: string, path: string, body?: { json: unknown } | { data: string }): Promise<RawAnswer> {
    const headers: Record<string, string> = { 'user-agent': 'python-requests/2.25.0', accept: '*/*' };
    if (body && 'json' in body) {
      return send(this.base, {
        method,
        path,
        headers: this.auth({ ...headers, 'content-type': 'application/json' }),
        body: JSON.stringify(body.json),
      });
    }
    if (body) return send(this.base, { method, path, headers: this.auth(headers), body: body.data });
    return send(this.base, {
      method,
      path,
      headers: this.auth(method === 'GET' ? headers : { ...headers, 'content-length': '0' }),
    });
  }

  /**
   * Retrofit on OkHttp as the Java SDK calls it: a `@Body` as `application/json; charset=UTF-8`; a
   * PUT/POST/PATCH without one as an empty body (`Content-Length: 0`, no content type); GET and
   * DELETE without one as no body at all (no length header).
   */
  java(method: string, path: string, body?: unknown): Promise<RawAnswer> {
    const headers = this.auth({ 'user-agent': 'okhttp/3.14.9', 'accept-encoding': 'gzip' });
    if (body !== undefined)
      return send(this.base, {
        method,
        path,
        headers: { ...headers, 'content-type': 'application/json; charset=UTF-8' },
        body: JSON.stringify(body),
      });
    if (method === 'GET' || method === 'DELETE') return send(this.base, { method, path, headers });
    return send(this.base, { method, path, headers, body: '' });
  }

  /** The Java SDK's uploads (`HttpURLConnection`, chunked streaming mode, its default content type). */
  javaUpload(path: string, content: string | Buffer): Promise<RawAnswer> {
    return send(this.base, {
      method: 'PUT',
      path,
      chunked: true,
      headers: this.auth({
        'user-agent':
          'Mozilla/5.0 (Windows NT 6.1; WOW64) AppleWebKit/537.11 (KHTML, like Gecko) Chrome/23.0.1271.95 Safari/537.11',
        connection: 'Keep-Alive',
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'text/html, image/gif, image/jpeg, *; q=.2, */*; q=.2',
      }),
      body: content,
    });
  }
}
