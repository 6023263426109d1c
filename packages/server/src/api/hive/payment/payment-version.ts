/** GET /api/v2/payment/version — the plans file's version. */
import { hiveEndpoints } from '@cella/openapi';
import { procedureFor } from '../../procedures.js';

export const hivePaymentVersion = procedureFor(hiveEndpoints.hivePaymentVersion).query(async ({ ctx }) => ({
  version: ctx.app.plans.version,
}));
