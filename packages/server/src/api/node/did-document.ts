import { endpoints } from '@cella/openapi';
import { procedureFor } from '../procedures.js';

/**
 * The node's own DID document (`/.well-known/did.json`): what a client needs to verify the node's
 * challenges and tokens without a token and without the identity chain.
 */
export const nodeDidDocument = procedureFor(endpoints.nodeDidDocument).query(
  async ({ ctx }) => ctx.app.identity.document as unknown as Record<string, unknown>,
);
