/**
 * The challenge-response sign-in of spec §5.
 *
 * signin: the posted DID document must be genuine and unexpired; the node remembers it (for DIDs
 * that certify themselves), stores a random single-use nonce bound to that DID, and answers a
 * challenge JWT {iss: node DID, sub: DIDAuthChallenge, aud: user DID, nonce, exp}.
 *
 * auth: the presentation (an object, or the reference's JWT wrapping it) must be signed by an
 * authentication key of the holder's resolved document (resolved within `CELLA_DID_STATUS_TTL`: a
 * DID deactivated since is refused), with realm = node DID and the nonce of a
 * live challenge issued to that holder; the nonce is consumed. The vault owner is the holder, or —
 * the reference's app-instance flow — the issuer of the first credential when it carries `appDid`.
 */
import { randomBytes } from 'node:crypto';
import { signJwt, verifyDocument, type DidResolver } from '@cella/did';
import { unauthorized } from '../errors.js';
import type { AccessTokens, IssuedToken } from './access-tokens.js';
import { verifyChallengeResponse } from './challenge-response.js';
import { fromDidError } from './did-errors.js';
import type { NodeIdentity } from './node-identity.js';
import type { NonceStore, PresentedDocumentStore } from './node-stores.js';

export const CHALLENGE_SUBJECT = 'DIDAuthChallenge';

export interface SignInOptions {
  identity: NodeIdentity;
  resolver: DidResolver;
  /**
   * How old a resolution a sign-in accepts (`CELLA_DID_STATUS_TTL`): older cached documents are
   * fetched again, so a DID deactivated on the chain cannot sign in past it.
   */
  statusTtlSeconds: number;
  /** Told of each DID that signed in (resolved within the TTL): did-status.ts. */
  status?: { signedIn(did: string): void };
  nonces: NonceStore;
  presented: PresentedDocumentStore;
  tokens: AccessTokens;
  challengeTtlSeconds: number;
  tokenTtlSeconds: number;
  now?: () => number;
}

export interface SignedIn extends IssuedToken {
  userDid: string;
  appDid?: string;
}

export class SignInService {
  private readonly now: () => number;
  /** The resolver with the status TTL as the age every answer may have. */
  private readonly fresh: DidResolver;

  constructor(private readonly options: SignInOptions) {
    this.now = options.now ?? (() => Math.floor(Date.now() / 1000));
    const maxAgeMs = options.statusTtlSeconds * 1000;
    this.fresh = {
      resolve: (did, resolveOptions) => options.resolver.resolve(did, { maxAgeMs, ...resolveOptions }),
    };
  }

  async challenge(documentInput: unknown): Promise<{ challenge: string }> {
    let document;
    try {
      document = await verifyDocument(documentInput, { now: this.now() * 1000 });
    } catch (error) {
      throw fromDidError(error, 'the DID document was refused');
    }
    const now = this.now();
    const nonce = randomBytes(24).toString('base64url');
    const exp = now + this.options.challengeTtlSeconds;
    await this.options.nonces.put({ nonce, did: document.id, expiresAt: exp }, now);
    // Kept one more challenge lifetime, so a late answer still learns that its challenge expired.
    await this.options.presented.put(document.id, document, exp + this.options.challengeTtlSeconds);
    const { identity } = this.options;
    const challenge = await signJwt(
      identity.signer,
      { iss: identity.did, sub: CHALLENGE_SUBJECT, aud: document.id, nonce, iat: now, nbf: now, exp },
      { kid: identity.signer.keyId },
    );
    return { challenge };
  }

  async authenticate(challengeResponse: unknown): Promise<SignedIn> {
    const presentation = await verifyChallengeResponse(
      challengeResponse,
      { resolver: this.fresh, realm: this.options.identity.did, now: this.now() * 1000 },
      'the challenge response was refused',
    );
    const record = await this.options.nonces.take(presentation.nonce);
    if (!record) throw unauthorized('the challenge is unknown, expired or was already used: sign in again');
    if (record.expiresAt < this.now()) throw unauthorized('the challenge has expired: sign in again');
    if (record.did !== presentation.holder)
      throw unauthorized('the nonce belongs to a challenge issued to another DID');
    await this.options.presented.confirm(presentation.holder);

    let userDid = presentation.holder;
    let appDid: string | undefined;
    let exp = this.now() + this.options.tokenTtlSeconds;
    const first = presentation.credentials[0];
    if (first && typeof first.subject.appDid === 'string') {
      // Reference app-instance flow: the holder is an app instance the user authorised.
      userDid = first.issuer;
      appDid = first.subject.appDid;
    }
    if (first?.expirationDate) exp = Math.min(exp, Math.floor(first.expirationDate.getTime() / 1000));
    this.options.status?.signedIn(userDid);
    const issued = await this.options.tokens.issue(
      { holderDid: presentation.holder, userDid, ...(appDid ? { appDid } : {}), nonce: record.nonce },
      exp,
    );
    return { ...issued, userDid, ...(appDid ? { appDid } : {}) };
  }
}
