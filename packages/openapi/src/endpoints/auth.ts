/** Sign-in: the DID document for a challenge, the signed presentation for an access token. */
import { defineEndpoints } from '../endpoint.js';
import * as auth from '../schemas/auth.js';
import { KiB, SIGN_IN_RATE_LIMIT } from './common.js';

export const authEndpoints = defineEndpoints({
  signin: {
    operationId: 'signin',
    method: 'POST',
    path: '/api/v2/did/signin',
    auth: 'public',
    tag: 'Authentication',
    summary: 'Start sign-in: send the DID document, get a challenge',
    description:
      'Public: the first of the two sign-in requests ("Sign-in protocol" above). The document must be genuine: its proof verifies with its default key, its id is derived from that key, it has not expired (401 otherwise, with the reason); a did:key document needs no proof. The node remembers the document (for DIDs the identity chain does not know) and answers a challenge JWT naming a one-time nonce, valid for 3 minutes (`CELLA_CHALLENGE_TTL`). 429 with `Retry-After` when too many sign-ins are pending on the node; 503 when the identity chain is unreachable.',
    body: auth.signinRequest,
    success: { status: 201, description: 'The challenge JWT.', body: auth.challengeResponse },
    errors: ['INVALID_PARAMETER', 'UNAUTHORIZED', 'RATE_LIMITED', 'UNAVAILABLE'],
    examples: {
      errors: {
        UNAUTHORIZED: 'the DID document was refused: the document has expired',
        RATE_LIMITED: 'too many sign-ins are pending on this node (100000): try again in 12 s',
      },
    },
    bodyLimit: 64 * KiB,
    rateLimit: SIGN_IN_RATE_LIMIT,
  },
  auth: {
    operationId: 'auth',
    method: 'POST',
    path: '/api/v2/did/auth',
    auth: 'public',
    tag: 'Authentication',
    summary: 'Finish sign-in: send the signed presentation, get an access token',
    description:
      'Public: the second sign-in request ("Sign-in protocol" above). The presentation must be signed by an authentication key of the holder, for this node (realm) and the nonce of a live challenge issued to that holder; the nonce is consumed, so a presentation works once. Every failed check is a 401 naming it ("the challenge has expired: sign in again", "the nonce belongs to a challenge issued to another DID", …); malformed input a 400; an unreachable identity chain a 503. The access token lasts 7 days (`CELLA_TOKEN_TTL`), never beyond the first credential\'s expiry.',
    body: auth.authRequest,
    success: { status: 201, description: 'The access token and its expiry.', body: auth.accessTokenResponse },
    errors: ['INVALID_PARAMETER', 'UNAUTHORIZED', 'RATE_LIMITED', 'UNAVAILABLE'],
    examples: {
      errors: {
        UNAUTHORIZED: 'the challenge is unknown, expired or was already used: sign in again',
        INVALID_PARAMETER: 'invalid request: challenge_response: Invalid input',
      },
    },
    bodyLimit: 64 * KiB,
    rateLimit: SIGN_IN_RATE_LIMIT,
  },
});
