import { handle } from '../handler.js';
import { callerDid } from './caller.js';

export const placeOrder = handle('placeOrder', async ({ body }, ctx) =>
  ctx.app.payment.placeOrder(callerDid(ctx), body.subscription, body.pricing_name),
);
