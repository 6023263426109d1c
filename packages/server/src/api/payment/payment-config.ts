import { endpoints } from '@cella/openapi';
import { procedureFor } from '../procedures.js';

export const paymentConfig = procedureFor(endpoints.paymentConfig).query(async ({ ctx }) =>
  ctx.app.payment.config(),
);
