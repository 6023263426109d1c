import { handle } from '../handler.js';
import { callerDid } from './caller.js';

export const settleOrder = handle('settleOrder', async ({ body }, ctx) =>
  ctx.app.payment.settle(callerDid(ctx), body.order_id),
);
