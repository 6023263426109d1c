/**
 * GET /ipfs/{cid} — the content of a public file by its CID, for anyone (the reference's IPFS
 * gateway, the Hive SDK's IpfsRunner). Only a CID that some vault uploaded with `public=true` and
 * still holds so is served (files/public-files.ts); any other is 404, so the node's other content
 * cannot be fetched by guessing CIDs.
 */
import { hiveEndpoints } from '@cella/openapi';
import { CellaError } from '../../../errors.js';
import { serveRecord } from '../../files/serve-file.js';
import { procedureFor } from '../../procedures.js';

export const hiveIpfsContent = procedureFor(hiveEndpoints.hiveIpfsContent).query(
  async ({ input: { params }, ctx }) => {
    const { files, vaults } = ctx.app;
    const record = await files.publicContent(params.cid, (userDid) => vaults.find(userDid));
    if (!record) throw new CellaError('NOT_FOUND', `no public file has the content ${params.cid}`);
    return serveRecord(ctx.http, files, record, 'public, no-cache');
  },
);
