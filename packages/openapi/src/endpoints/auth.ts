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
      'The document must be genuine (valid proof, not expired). The challenge expires after 3 minutes; its nonce can be used once.',
    body: auth.signinRequest,
    success: { status: 201, description: 'The challenge JWT.', body: auth.challengeResponse },
    errors: ['INVALID_PARAMETER', 'UNAUTHORIZED', 'RATE_LIMITED'],
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
    body: auth.authRequest,
    success: { status: 201, description: 'The access token and its expiry.', body: auth.accessTokenResponse },
    errors: ['INVALID_PARAMETER', 'UNAUTHORIZED', 'RATE_LIMITED'],
    bodyLimit: 64 * KiB,
    rateLimit: SIGN_IN_RATE_LIMIT,
  },
});
