/**
 * Who is calling, as proven by a token. The auth middleware of each endpoint mode narrows a request
 * to one of these, so a handler receives exactly the kind of caller its mode admits.
 */

/** A user signed in with an access token. */
export interface UserCaller {
  kind: 'user';
  userDid: string;
  /** The application DID from the reference's AppIdCredential flow, when signed in that way. */
  appDid?: string;
  /** Token expiry, seconds since the epoch. */
  exp: number;
}

/** Another node with a node-to-node BackupToken, acting on one user's backup. */
export interface NodeCaller {
  kind: 'node';
  /** The user whose backup is moved. */
  userDid: string;
  /** The calling node's DID. */
  nodeDid: string;
  exp: number;
}

export type Caller = UserCaller | NodeCaller;

export interface TokenVerifier {
  /** Verifies a token (signature, issuer, audience, expiry) or throws CellaError UNAUTHORIZED. */
  verify(token: string): Promise<Caller>;
}
