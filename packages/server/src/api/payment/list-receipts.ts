import { endpoints } from '@cella/openapi';
import { procedureFor } from '../procedures.js';

export const listReceipts = procedureFor(endpoints.listReceipts).query(async ({ ctx }) =>
  ctx.app.payment.listReceipts(ctx.caller.userDid),
);
