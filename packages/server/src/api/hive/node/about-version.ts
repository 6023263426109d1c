/** GET /api/v2/about/version — the reference's alias of /api/v2/node/version. */
import { hiveEndpoints } from '@cella/openapi';
import { versionAnswer } from '../../node/version.js';
import { procedureFor } from '../../procedures.js';

export const hiveAboutVersion = procedureFor(hiveEndpoints.hiveAboutVersion).query(async ({ ctx }) =>
  versionAnswer(ctx.app),
);
