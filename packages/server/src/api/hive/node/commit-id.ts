/** GET /api/v2/node/commit_id and its alias /api/v2/about/commit_id — the build's commit, else the version. */
import { hiveEndpoints } from '@cella/openapi';
import { commitIdOf } from '../../node/version.js';
import { procedureFor } from '../../procedures.js';

export const hiveCommitId = procedureFor(hiveEndpoints.hiveCommitId).query(async ({ ctx }) => ({
  commit_id: commitIdOf(ctx.app),
}));

export const hiveAboutCommitId = procedureFor(hiveEndpoints.hiveAboutCommitId).query(async ({ ctx }) => ({
  commit_id: commitIdOf(ctx.app),
}));
