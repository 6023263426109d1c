/**
 * The primary node's client for a backup node: node-to-node sign-in with the user's credential,
 * then the internal API with the BackupToken (signed in again once on a 401), JSON calls validated
 * with the contract's schemas, CAR uploads and downloads as streams. Counts every byte that
 * crosses the network (the state's `network_bytes`).
 *
 * Failures are `RemoteError`s that say whether trying again may help: the backup node unreachable,
 * 429, 500 and 502–504 are retryable; any other refusal is final and carries the backup node's message.
 */
import { Readable, Transform } from 'node:stream';
import { createGzip } from 'node:zlib';
import { createPresentation, decodeJwt, verifyDocument, verifyJwt } from '@cella/did';
import { schemas } from '@cella/openapi';
import { request, type Dispatcher } from 'undici';
import type { z } from 'zod';
import type { NodeIdentity } from '../auth/node-identity.js';
import type { BackupGrant } from './credential.js';
import { RemoteError } from './remote-error.js';

export { RemoteError };

export interface BackupNodeClientOptions {
  grant: BackupGrant;
  identity: NodeIdentity;
  /** The user's DID document, sent along for a did:elastos user the backup node may not resolve. */
  userDocument?: unknown;
  signal: AbortSignal;
}

const errorBodySchema = schemas.common.jsonDocument;

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
    try {
      return await request(this.url(path), {
        method,
        headers,
        body: init.body ?? null,
        signal: this.o.signal,
      });
    } catch (error) {
      if (this.o.signal.aborted) throw this.o.signal.reason;
      throw new RemoteError(
        null,
        `cannot reach the backup node at ${this.o.grant.targetUrl}: ${(error as Error).message}`,
        true,
        { cause: error },
      );
    }
  }

  /** Reads a reply body; a connection that breaks meanwhile is a retryable failure. */
  private async read(res: Dispatcher.ResponseData, path: string): Promise<string> {
    try {
      return await res.body.text();
    } catch (error) {
      if (this.o.signal.aborted) throw this.o.signal.reason;
      throw new RemoteError(
        null,
        `the connection to the backup node broke while it answered ${path}: ${(error as Error).message}`,
        true,
        { cause: error },
      );
    }
  }

  private async failure(res: Dispatcher.ResponseData, path: string): Promise<RemoteError> {
    const text = await res.body.text().catch(() => '');
    this.networkBytes += text.length;
    let message = text.slice(0, 500) || `HTTP ${res.statusCode}`;
    try {
      const body = errorBodySchema.parse(JSON.parse(text)) as { error?: { message?: string } };
      if (typeof body.error?.message === 'string') message = body.error.message;
    } catch {
      // not our error shape: keep the text
    }
    // A full quota (507) or a missing feature (501) will not change by trying again.
    const retryable = [429, 500, 502, 503, 504].includes(res.statusCode);
    return new RemoteError(
      res.statusCode,
      `the backup node refused ${path} (${res.statusCode}): ${message}`,
      retryable,
    );
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
        await res.body.text().catch(() => '');
        this.token = undefined;
        continue;
      }
      if (res.statusCode >= 400) throw await this.failure(res, path);
      if (res.statusCode === 204) {
        await res.body.text().catch(() => '');
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
          `the backup node answered ${path} with an unexpected body: ${parsed.error.message}`,
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
        `the backup node answered a malformed challenge: ${(error as Error).message}`,
        false,
      );
    }
    if (claims.iss !== grant.targetDid)
      throw new RemoteError(
        201,
        `the node at ${grant.targetUrl} is ${String(claims.iss)}, not the backup node named in the credential (${grant.targetDid})`,
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
        `the node at ${grant.targetUrl} could not prove it is ${grant.targetDid}: ${(error as Error).message}`,
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
        await res.body.text().catch(() => '');
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
        await res.body.text().catch(() => '');
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
