import { handle } from '../handler.js';
import { callerDid } from './caller.js';

export const listReceipts = handle('listReceipts', async (_input, ctx) =>
  ctx.app.payment.listReceipts(callerDid(ctx)),
);
