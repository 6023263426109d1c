/**
 * GET/HEAD /api/v2/vault/files/{path} — the file's bytes (serve-file.ts); or, as JSON, with
 * `list` (any value) the folder's listing (`recursive=true`: the whole tree), with
 * `comp=metadata` the properties of a file or folder (the reference's form, one meaning in both
 * dialects; not of the root, which is 400 as on the reference: file-path-required.ts). `comp=children` and `comp=hash` are the Hive dialect's entries (api/hive/files).
 */
import { endpoints } from '@cella/openapi';
import { invalid } from '../../errors.js';
import { jsonBatches, streamedList } from '../../streamed-list.js';
import type { OutputOf } from '../endpoint-types.js';
import { procedureFor } from '../procedures.js';
import { serveFile } from './serve-file.js';
import { refuseRootRead } from './file-path-required.js';

export const downloadFile = procedureFor(endpoints.downloadFile).query(
  async ({ input: { params, query }, ctx }) => {
    const { files } = ctx.app;
    const vault = await ctx.vault();
    if (query.comp !== undefined && query.list !== undefined)
      throw invalid('`list` and `comp` ask for two different answers: send one of them');
    if (query.comp === 'metadata') {
      refuseRootRead(params.path, 'comp=metadata');
      return files.stat(vault, params.path);
    }
    if (query.list !== undefined) {
      // A list answer: entries as they are read, capped (`next_skip`).
      const skip = query.skip ?? 0;
      const entries = files.entries(vault, params.path, { recursive: query.recursive === true, skip });
      return streamedList<OutputOf<'downloadFile'>>('value', jsonBatches(entries), skip);
    }
    return serveFile(ctx.http, files, vault, params.path);
  },
);
