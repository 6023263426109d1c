import { handle } from '../handler.js';
import { callerDid } from './caller.js';

export const listOrders = handle('listOrders', async (_input, ctx) =>
  ctx.app.payment.listOrders(callerDid(ctx)),
);
