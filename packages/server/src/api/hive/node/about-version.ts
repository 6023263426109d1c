/** GET /api/v2/about/version — the reference's alias of /api/v2/node/version. */
import { hiveEndpoints } from '@cella/openapi';
import { versionParts } from '../../node/version.js';
import { procedureFor } from '../../procedures.js';

export const hiveAboutVersion = procedureFor(hiveEndpoints.hiveAboutVersion).query(async ({ ctx }) =>
  versionParts(ctx.app.version),
);
