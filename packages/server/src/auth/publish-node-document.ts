/**
 * Makes the node's DID resolvable on the configured identity chain. Clients verify the node's
 * challenges and tokens by resolving its DID, so it must be published. Against a chain that accepts
 * IDChainRequests directly (the identity-chain stand-in, the official SDK's simulated chain) the node
 * publishes itself; a real EID chain needs a wallet transaction, so the signed request is written to
 * `<dataDir>/identity/node-did-request.json` for the operator and a warning says so.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createIdChainRequest, EidRpcResolver, publishIdChainRequest } from '@cella/did';
import type { Logger } from '../logger.js';
import type { NodeIdentity } from './node-identity.js';

export async function publishNodeDocument(
  identity: NodeIdentity,
  eidRpcUrl: string,
  dataDir: string,
  log: Logger,
): Promise<void> {
  try {
    const current = await new EidRpcResolver({ url: eidRpcUrl }).resolve(identity.did);
    if (current.status === 'valid') return;
    if (current.status === 'deactivated') {
      log.error(
        { did: identity.did },
        'the node DID is deactivated on the identity chain; clients will refuse its tokens',
      );
      return;
    }
  } catch (error) {
    log.warn({ err: error }, 'cannot check the node DID on the identity chain');
    return;
  }
  const request = await createIdChainRequest(identity.signer, {
    operation: 'create',
    document: identity.document,
  });
  try {
    await publishIdChainRequest(eidRpcUrl, request);
    log.info({ did: identity.did }, 'published the node DID document');
  } catch (error) {
    const file = path.join(dataDir, 'identity', 'node-did-request.json');
    await writeFile(file, `${JSON.stringify(request, null, 2)}\n`, { mode: 0o644 });
    log.warn(
      { did: identity.did, file, err: (error as Error).message },
      'the node DID is not on the identity chain; publish the request in this file with a wallet',
    );
  }
}
