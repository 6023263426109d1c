/**
 * The node-signed proofs of payment (hive-node.md §4): ES256 JWTs from the node DID.
 *
 *   order proof    {iss: node DID, sub: "Hive Payment", aud: user DID, exp: order expiry, order: {...}}
 *   receipt proof  {iss: node DID, sub: "Hive Receipt", aud: user DID, receipt: {...}}  (no expiry)
 *
 * The order proof is the memo of the on-chain payment, so it becomes public: it carries nothing
 * secret and authorises nothing but the settlement of that one order by its user.
 */
import { isDidError, signJwt, verifyJwt } from '@cella/did';
import type { NodeIdentity } from '../auth/node-identity.js';
import { CellaError } from '../errors.js';

export const ORDER_PROOF_SUBJECT = 'Hive Payment';
export const RECEIPT_PROOF_SUBJECT = 'Hive Receipt';

export function signOrderProof(
  identity: NodeIdentity,
  userDid: string,
  order: Record<string, unknown>,
  iat: number,
  exp: number,
): Promise<string> {
  return signJwt(
    identity.signer,
    { iss: identity.did, sub: ORDER_PROOF_SUBJECT, aud: userDid, iat, nbf: iat, exp, order },
    { kid: identity.signer.keyId },
  );
}

export function signReceiptProof(
  identity: NodeIdentity,
  userDid: string,
  receipt: Record<string, unknown>,
  iat: number,
): Promise<string> {
  return signJwt(
    identity.signer,
    { iss: identity.did, sub: RECEIPT_PROOF_SUBJECT, aud: userDid, iat, nbf: iat, receipt },
    { kid: identity.signer.keyId },
  );
}

/**
 * Checks that `proof` is this node's order proof for `userDid` (BAD_REQUEST if not). The usual
 * clock skew is allowed because the order may have been signed by another node process with a
 * slightly different clock (`nbf`); the caller checks the order's expiry exactly beforehand.
 */
export async function verifyOrderProof(
  identity: NodeIdentity,
  proof: string,
  userDid: string,
  nowMs: number,
): Promise<void> {
  try {
    await verifyJwt(proof, {
      publicKey: identity.signer.publicKey,
      issuer: identity.did,
      subject: ORDER_PROOF_SUBJECT,
      audience: userDid,
      now: nowMs,
    });
  } catch (error) {
    if (!isDidError(error)) throw error;
    throw new CellaError(
      'BAD_REQUEST',
      `the order proof in the payment memo does not verify: ${error.message}`,
      { cause: error },
    );
  }
}
