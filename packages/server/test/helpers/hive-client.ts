/**
 * The Hive dialect as a dApp on the reference's SDK speaks it, for the server's tests: signing in
 * through an application (the reference's AppIdCredential flow: an app instance presents the
 * user's credential naming the application, so the access token carries `appDid`), and raw
 * requests with `Authorization: token <jwt>` sent exactly as written (node:http).
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import {
  createDocument,
  createKeySigner,
  createPresentation,
  decodeJwt,
  generateKeyPair,
  issueCredential,
  type Signer,
} from '@cella/did';

export interface HiveResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  json(): any;
}

export interface HiveRequest {
  method: string;
  /** The request target (path and query), sent verbatim. */
  target: string;
  /** A JSON body (objects) or raw bytes (Buffer, string). */
  body?: unknown;
  headers?: Record<string, string>;
}

/** Sends one request to `baseUrl` with `token` (none: anonymous). */
export function send(baseUrl: string, token: string | null, req: HiveRequest): Promise<HiveResponse> {
  const url = new URL(baseUrl);
  const raw =
    req.body === undefined
      ? undefined
      : Buffer.isBuffer(req.body) || typeof req.body === 'string'
        ? req.body
        : JSON.stringify(req.body);
  const json = req.body !== undefined && !Buffer.isBuffer(req.body) && typeof req.body !== 'string';
  return new Promise((resolve, reject) => {
    const r = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method: req.method,
        path: req.target,
        headers: {
          ...(token ? { authorization: `token ${token}` } : {}),
          ...(json ? { 'content-type': 'application/json' } : {}),
          ...(raw !== undefined ? { 'content-length': String(Buffer.byteLength(raw)) } : {}),
          ...(req.headers ?? {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body,
            json: () => JSON.parse(body.toString('utf8')),
          });
        });
        res.on('error', reject);
      },
    );
    r.on('error', reject);
    r.end(raw);
  });
}

/**
 * Signs `user` in to the node at `baseUrl` through the application `appDid`, as the Hive SDK does:
 * a fresh app-instance DID signs in, and presents the user's AppIdCredential for it.
 */
export async function signInThroughApp(baseUrl: string, user: Signer, appDid: string): Promise<string> {
  const instance = createKeySigner(generateKeyPair().privateKey, { method: 'key' });
  const post = async (path: string, body: unknown) => {
    const response = await send(baseUrl, null, { method: 'POST', target: path, body });
    if (response.status !== 201) throw new Error(`${path}: ${response.status} ${response.body.toString()}`);
    return response.json() as Record<string, string>;
  };
  const { challenge } = await post('/api/v2/did/signin', { id: await createDocument(instance) });
  const { claims } = decodeJwt(challenge!);
  const credential = await issueCredential(user, {
    types: ['AppIdCredential'],
    subject: { id: instance.did, appDid, appInstanceDid: instance.did },
  });
  const presentation = await createPresentation(instance, {
    credentials: [credential],
    realm: String(claims.iss),
    nonce: String(claims.nonce),
  });
  return (await post('/api/v2/did/auth', { challenge_response: presentation })).token!;
}

/** A user's session through one application (or, with `token` from the Cella SDK, none). */
export class HiveSession {
  constructor(
    readonly baseUrl: string,
    readonly token: string | null,
  ) {}

  static async through(baseUrl: string, user: Signer, appDid: string): Promise<HiveSession> {
    return new HiveSession(baseUrl, await signInThroughApp(baseUrl, user, appDid));
  }

  send(method: string, target: string, body?: unknown, headers?: Record<string, string>) {
    return send(this.baseUrl, this.token, {
      method,
      target,
      ...(body !== undefined ? { body } : {}),
      ...(headers ? { headers } : {}),
    });
  }
}

/** A random application DID (only its text matters to the node unless it is resolved). */
export function appDid(): string {
  return createKeySigner(generateKeyPair().privateKey, { method: 'key' }).did;
}
