/**
 * GET /api/v2/vault/files/{path}?comp=hash — the SHA-256 of the content (the reference's hash),
 * computed once per CID and remembered; the CID rides along.
 */
import { hiveEndpoints } from '@cella/openapi';
import { procedureFor } from '../../procedures.js';

export const hiveFileHash = procedureFor(hiveEndpoints.hiveFileHash).query(
  async ({ input: { params }, ctx }) => {
    const { files } = ctx.app;
    const record = await files.file(await ctx.vault(), params.path);
    return {
      name: record.path,
      algorithm: 'SHA256' as const,
      hash: await files.sha256(record),
      cid: record.cid,
    };
  },
);
