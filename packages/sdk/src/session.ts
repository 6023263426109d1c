/**
 * The sign-in handshake behind one call: signin → sign the challenge → auth. The session keeps the
 * token (in a pluggable store), reuses it until shortly before it expires, signs in again when the node
 * refuses it, and never runs two handshakes at once.
 */
import { createDocument, createPresentation, decodeJwt, type DIDDocument, type Signer } from '@cella/did';
import { CellaApiError } from './errors.js';
import type { Http, TokenSource } from './http.js';
import type { TokenStore } from './token-store.js';

/** Renew this long before the token's expiry, so a call never starts with a token about to die. */
const RENEW_MARGIN_SECONDS = 60;

export interface SessionOptions {
  signer: Signer;
  /** The signer's DID document; created (and self-signed) from the signer when absent. */
  document?: DIDDocument;
  /** Credentials to present (e.g. the reference's AppIdCredential flow). */
  credentials?: unknown[];
  store: TokenStore;
}

function expiryOf(token: string): number {
  try {
    const exp = decodeJwt(token).claims.exp;
    return typeof exp === 'number' ? exp : 0;
  } catch {
    return 0;
  }
}

export class Session implements TokenSource {
  private pending: Promise<string> | undefined;
  private document: DIDDocument | undefined;
  private readonly key: string;

  constructor(
    private readonly http: Http,
    private readonly options: SessionOptions,
  ) {
    this.document = options.document;
    this.key = `${http.baseUrl}|${options.signer.did}`;
  }

  get did(): string {
    return this.options.signer.did;
  }

  async token(): Promise<string> {
    const stored = await this.options.store.get(this.key);
    if (stored && expiryOf(stored) - RENEW_MARGIN_SECONDS > Date.now() / 1000) return stored;
    return (this.pending ??= this.signIn().finally(() => (this.pending = undefined)));
  }

  async invalidate(token: string): Promise<void> {
    if ((await this.options.store.get(this.key)) === token) await this.options.store.delete(this.key);
  }

  /** Forget the token (sign out locally). */
  async signOut(): Promise<void> {
    await this.options.store.delete(this.key);
  }

  private async signIn(): Promise<string> {
    const { signer } = this.options;
    this.document ??= await createDocument(signer);
    const { challenge } = await this.http.call(
      (headers) =>
        this.http.api.POST('/api/v2/did/signin', {
          headers,
          body: { document: this.document as unknown as Record<string, unknown> },
        }),
      false,
    );
    const { claims } = decodeJwt(challenge);
    if (
      claims.aud !== signer.did ||
      claims.sub !== 'DIDAuthChallenge' ||
      typeof claims.nonce !== 'string' ||
      typeof claims.iss !== 'string'
    ) {
      throw new CellaApiError(401, 'UNAUTHORIZED', 'the node answered a challenge that is not for this DID');
    }
    if (typeof claims.exp === 'number' && claims.exp < Date.now() / 1000 - 300) {
      throw new CellaApiError(
        401,
        'UNAUTHORIZED',
        'the node answered an expired challenge (check the clocks)',
      );
    }
    const presentation = await createPresentation(signer, {
      realm: claims.iss,
      nonce: claims.nonce,
      ...(this.options.credentials ? { credentials: this.options.credentials } : {}),
    });
    const { token } = await this.http.call(
      (headers) =>
        this.http.api.POST('/api/v2/did/auth', {
          headers,
          body: { challenge_response: presentation as unknown as Record<string, unknown> },
        }),
      false,
    );
    await this.options.store.set(this.key, token);
    return token;
  }
}
