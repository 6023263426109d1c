/**
 * The primary node's client for a backup node: node-to-node sign-in with the user's credential,
 * then the internal API with the BackupToken (signed in again once on a 401), JSON calls validated
 * with the contract's schemas, CAR uploads and downloads as streams. Counts every byte that
 * crosses the network (the state's `network_bytes`).
 *
 * Failures are `RemoteError`s that say whether trying again may help: the backup node unreachable,
 * 429, 500 and 502–504 are retryable; any other refusal is final.
 *
 * The URL comes from the user's credential, so every request goes through the outbound agent
 * (src/outbound: no loopback, private, link-local or metadata addresses unless allow-listed,
 * bounded time), redirects are refused, answers are read up to a cap, and what the remote says is
 * never echoed raw: a refusal is summarised by its status, and the message of a standard error body
 * is added only once the remote has proven it is the backup node the credential names (after
 * sign-in), sanitised and shortened. Before that the remote may be anything the user pointed at.
 */
import { STATUS_CODES } from 'node:http';
import { Readable, Transform } from 'node:stream';
import { createGzip } from 'node:zlib';
import { createPresentation, decodeJwt, verifyDocument, verifyJwt } from '@cella/did';
import { schemas } from '@cella/openapi';
import { request, type Dispatcher } from 'undici';
import type { z } from 'zod';
import type { NodeIdentity } from '../auth/node-identity.js';
import { outboundRefusal, readCapped } from '../outbound/index.js';
import type { BackupGrant } from './credential.js';
import { RemoteError } from './remote-error.js';

export { RemoteError };

export interface BackupNodeClientOptions {
  grant: BackupGrant;
  identity: NodeIdentity;
  /** The user's DID document, sent along for a did:elastos user the backup node may not resolve. */
  userDocument?: unknown;
  signal: AbortSignal;
  /** The outbound agent (src/outbound) every request goes through. */
  dispatcher: Dispatcher;
}

const errorBodySchema = schemas.common.jsonDocument;

/** Largest JSON answer read (a manifest lists every chunk of a vault: ~100 bytes each). */
const MAX_JSON_ANSWER_BYTES = 64 * 1024 * 1024;
/** Largest error answer read; only a summary of it is kept. */
const MAX_ERROR_ANSWER_BYTES = 16 * 1024;
/** Longest remote error message passed on (verified backup nodes only). */
const MAX_REMOTE_MESSAGE = 300;

/** A remote's text, made safe to show: no control characters, one line, bounded. */
function sanitise(text: string): string {
  const visible = Array.from(text, (c) => {
    const code = c.codePointAt(0) ?? 0;
    return code < 0x20 || (code >= 0x7f && code <= 0x9f) ? ' ' : c;
  }).join('');
  const line = visible.replace(/\s+/g, ' ').trim();
  return line.length > MAX_REMOTE_MESSAGE ? `${line.slice(0, MAX_REMOTE_MESSAGE)}…` : line;
}

/** A DID the remote named, shown only when it looks like one. */
function didOrUnknown(value: unknown): string {
  return typeof value === 'string' && /^did:[a-z0-9]+:[A-Za-z0-9._:%-]{1,200}$/.test(value)
    ? value
    : 'another DID';
}

export class BackupNodeClient {
  /** Bytes sent and received over the network (bodies, after compression). */
  networkBytes = 0;
  private token: string | undefined;

  constructor(private readonly o: BackupNodeClientOptions) {}

  private url(path: string): string {
    return `${this.o.grant.targetUrl}${path}`;
  }

  private async send(
    method: Dispatcher.HttpMethod,
    path: string,
    init: { headers?: Record<string, string>; body?: string | Readable; auth?: boolean },
  ) {
    const headers: Record<string, string> = { ...(init.headers ?? {}) };
    if (init.auth !== false) {
      if (!this.token) await this.signIn();
      headers.authorization = `Bearer ${this.token!}`;
    }
    if (typeof init.body === 'string') this.networkBytes += Buffer.byteLength(init.body);
    let res: Dispatcher.ResponseData;
    try {
      res = await request(this.url(path), {
        method,
        headers,
        body: init.body ?? null,
        signal: this.o.signal,
        dispatcher: this.o.dispatcher,
      });
    } catch (error) {
      if (this.o.signal.aborted) throw this.o.signal.reason;
      const refused = outboundRefusal(error);
      if (refused)
        throw new RemoteError(
          null,
          `the backup node at ${this.o.grant.targetUrl}: ${refused.message}`,
          false,
          {
            cause: error,
          },
        );
      throw new RemoteError(
        null,
        `cannot reach the backup node at ${this.o.grant.targetUrl}: ${(error as Error).message}`,
        true,
        { cause: error },
      );
    }
    if (res.statusCode >= 300 && res.statusCode < 400) {
      await res.body.dump().catch(() => undefined);
      throw new RemoteError(
        res.statusCode,
        `the backup node answered ${path} with a redirect (${res.statusCode}); redirects are not followed: give the backup node's own URL`,
        false,
      );
    }
    return res;
  }

  /** Reads a reply body; a connection that breaks meanwhile is a retryable failure. */
  private async read(res: Dispatcher.ResponseData, path: string): Promise<string> {
    try {
      return await readCapped(res.body, MAX_JSON_ANSWER_BYTES);
    } catch (error) {
      if (this.o.signal.aborted) throw this.o.signal.reason;
      if ((error as Error).name === 'AnswerTooLargeError')
        throw new RemoteError(
          res.statusCode,
          `the backup node answered ${path} with more than ${MAX_JSON_ANSWER_BYTES} bytes`,
          false,
        );
      throw new RemoteError(
        null,
        `the connection to the backup node broke while it answered ${path}: ${(error as Error).message}`,
        true,
        { cause: error },
      );
    }
  }

  private async failure(res: Dispatcher.ResponseData, path: string): Promise<RemoteError> {
    const text = await readCapped(res.body, MAX_ERROR_ANSWER_BYTES).catch(() => '');
    this.networkBytes += text.length;
    const status = `${res.statusCode}${STATUS_CODES[res.statusCode] ? ` ${STATUS_CODES[res.statusCode]}` : ''}`;
    // Its own words only from a node that proved it is the credential's backup node.
    let detail = '';
    if (this.token !== undefined) {
      try {
        const body = errorBodySchema.parse(JSON.parse(text)) as { error?: { message?: unknown } };
        if (typeof body.error?.message === 'string' && body.error.message.trim())
          detail = `: ${sanitise(body.error.message)}`;
      } catch {
        // not the standard error body: the status says it all
      }
    }
    // A full quota (507) or a missing feature (501) will not change by trying again.
    const retryable = [429, 500, 502, 503, 504].includes(res.statusCode);
    return new RemoteError(res.statusCode, `the backup node refused ${path} (${status})${detail}`, retryable);
  }

  /** A JSON call; signs in again and retries once when the token was refused. */
  async json<S extends z.ZodType>(
    method: Dispatcher.HttpMethod,
    path: string,
    schema: S,
    body?: unknown,
    auth = true,
  ): Promise<z.infer<S>> {
    for (let attempt = 0; ; attempt++) {
      const res = await this.send(method, path, {
        auth,
        ...(body === undefined
          ? {}
          : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
      });
      if (res.statusCode === 401 && auth && attempt === 0) {
        await res.body.dump().catch(() => undefined);
        this.token = undefined;
        continue;
      }
      if (res.statusCode >= 400) throw await this.failure(res, path);
      if (res.statusCode === 204) {
        await res.body.dump().catch(() => undefined);
        return schema.parse(undefined);
      }
      const text = await this.read(res, path);
      this.networkBytes += text.length;
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        throw new RemoteError(
          res.statusCode,
          `the backup node answered ${path} with something that is not JSON`,
          false,
        );
      }
      const parsed = schema.safeParse(value);
      if (!parsed.success)
        throw new RemoteError(
          res.statusCode,
          `the backup node answered ${path} with an unexpected body: ${sanitise(parsed.error.message)}`,
          false,
        );
      return parsed.data;
    }
  }

  /**
   * Node-to-node sign-in: signin with this node's document, then backup_auth with a presentation of
   * the user's credential. The answer is checked: the backup node's document must be genuine and be
   * the credential's target, and must have signed both the challenge and the token.
   */
  async signIn(): Promise<void> {
    const { identity, grant } = this.o;
    const { challenge } = await this.json(
      'POST',
      '/api/v2/did/signin',
      schemas.auth.challengeResponse,
      { document: identity.document },
      false,
    );
    let claims;
    try {
      ({ claims } = decodeJwt(challenge));
    } catch (error) {
      throw new RemoteError(
        201,
        `the backup node answered a malformed challenge: ${sanitise((error as Error).message)}`,
        false,
      );
    }
    if (claims.iss !== grant.targetDid)
      throw new RemoteError(
        201,
        `the node at ${grant.targetUrl} is ${didOrUnknown(claims.iss)}, not the backup node named in the credential (${grant.targetDid})`,
        false,
      );
    if (claims.aud !== identity.did || typeof claims.nonce !== 'string')
      throw new RemoteError(201, 'the backup node answered a challenge for another DID', false);
    const presentation = await createPresentation(identity.signer, {
      credentials: [grant.credential],
      realm: grant.targetDid,
      nonce: claims.nonce,
    });
    const answer = await this.json(
      'POST',
      '/api/v2/did/backup_auth',
      schemas.backup.backupToken,
      {
        challenge_response: presentation,
        ...(this.o.userDocument ? { issuer_document: this.o.userDocument } : {}),
      },
      false,
    );
    try {
      const document = await verifyDocument(answer.document);
      if (document.id !== grant.targetDid) throw new Error(`its document is for ${document.id}`);
      await verifyJwt(challenge, { document, issuer: grant.targetDid, audience: identity.did });
      await verifyJwt(answer.token, {
        document,
        issuer: grant.targetDid,
        audience: identity.did,
        subject: 'BackupToken',
      });
    } catch (error) {
      throw new RemoteError(
        201,
        `the node at ${grant.targetUrl} could not prove it is ${grant.targetDid}: ${sanitise((error as Error).message)}`,
        false,
        { cause: error },
      );
    }
    this.token = answer.token;
  }

  /** Uploads a CAR stream (made fresh by `source` for a retry after re-sign-in). */
  async putCar(
    attemptId: string,
    source: () => AsyncIterable<Uint8Array>,
    gzip: boolean,
  ): Promise<{ blocks: number; bytes: number }> {
    const path = `/api/v2/vault-backup-service/blocks?attempt_id=${encodeURIComponent(attemptId)}`;
    for (let attempt = 0; ; attempt++) {
      const counter = new Transform({
        transform: (chunk: Buffer, _encoding, done) => {
          this.networkBytes += chunk.length;
          done(null, chunk);
        },
      });
      const plain = Readable.from(source(), { objectMode: false });
      const body = gzip ? plain.pipe(createGzip({ level: 1 })).pipe(counter) : plain.pipe(counter);
      const res = await this.send('PUT', path, {
        body,
        headers: {
          'content-type': 'application/vnd.ipld.car',
          ...(gzip ? { 'content-encoding': 'gzip' } : {}),
        },
      });
      if (res.statusCode === 401 && attempt === 0) {
        await res.body.dump().catch(() => undefined);
        plain.destroy();
        this.token = undefined;
        continue;
      }
      if (res.statusCode >= 400) throw await this.failure(res, '/api/v2/vault-backup-service/blocks');
      return schemas.backup.putBlocksResponse.parse(
        JSON.parse(await this.read(res, '/api/v2/vault-backup-service/blocks')),
      );
    }
  }

  /** Downloads a CAR stream of the backup's DAGs and blocks. */
  async exportCar(roots: string[], cids: string[]): Promise<AsyncIterable<Uint8Array>> {
    const path = '/api/v2/vault-backup-service/blocks/export';
    for (let attempt = 0; ; attempt++) {
      const res = await this.send('POST', path, {
        body: JSON.stringify({ roots, cids }),
        headers: { 'content-type': 'application/json' },
      });
      if (res.statusCode === 401 && attempt === 0) {
        await res.body.dump().catch(() => undefined);
        this.token = undefined;
        continue;
      }
      if (res.statusCode >= 400) throw await this.failure(res, path);
      const body = res.body;
      const count = (n: number) => (this.networkBytes += n);
      const url = this.o.grant.targetUrl;
      const signal = this.o.signal;
      return (async function* () {
        try {
          for await (const piece of body) {
            count((piece as Buffer).length);
            yield piece as Uint8Array;
          }
        } catch (error) {
          if (signal.aborted) throw signal.reason;
          throw new RemoteError(
            null,
            `the connection to the backup node at ${url} broke during a download: ${(error as Error).message}`,
            true,
            { cause: error },
          );
        }
      })();
    }
  }
}
