import { handle } from '../handler.js';

export const paymentConfig = handle('paymentConfig', async (_input, ctx) => ctx.app.payment.config());
