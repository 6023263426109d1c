/**
 * GET /api/v2/vault/scripting/stream/{transaction_id} — the bytes of a `fileDownload` transaction,
 * streamed from the TARGET vault's file at the path the script fixed, with `ETag` (the CID) and a
 * single byte range (206) like a plain download. The transaction is used up once the response
 * starts; a failure before that (missing file, bad range) gives it back.
 */
import type { Readable } from 'node:stream';
import { endpoints } from '@cella/openapi';
import { answerWith } from '../answered.js';
import { prepareContent } from '../files/send-content.js';
import { procedureFor } from '../procedures.js';

export const downloadByTransaction = procedureFor(endpoints.downloadByTransaction).query(
  async ({ input: { params }, ctx }) => {
    const { request, reply } = ctx.http;
    const { transaction, vault } = await ctx.app.scripts.claimTransaction(
      params.transaction_id,
      'download',
      ctx.caller,
    );
    const files = ctx.app.files;
    let body: Readable | undefined;
    try {
      const record = await files.file(vault, transaction.path);
      body = await prepareContent(request, reply, files, record, { cacheControl: 'private, no-store' });
    } catch (error) {
      await ctx.app.scripts.release(transaction);
      throw error;
    }
    return answerWith(reply, body);
  },
);
