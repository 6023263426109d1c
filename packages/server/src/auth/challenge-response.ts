/**
 * The `challenge_response` of a sign-in (users at `/did/auth`, nodes at `/did/backup_auth`): a
 * presentation object or a JWT wrapping one, verified for this node's realm. DID errors become
 * the node's 401s with `refused` as their context.
 */
import {
  verifyPresentation,
  verifyPresentationJwt,
  type VerifiedPresentation,
  type VerifyPresentationOptions,
} from '@cella/did';
import { invalid } from '../errors.js';
import { fromDidError } from './did-errors.js';

export async function verifyChallengeResponse(
  input: unknown,
  options: VerifyPresentationOptions,
  refused: string,
): Promise<VerifiedPresentation> {
  try {
    if (typeof input === 'string') return (await verifyPresentationJwt(input, options)).presentation;
    if (input !== null && typeof input === 'object') return await verifyPresentation(input, options);
  } catch (error) {
    throw fromDidError(error, refused);
  }
  throw invalid('challenge_response must be a presentation object or a JWT');
}
