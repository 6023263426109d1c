import { handle } from '../handler.js';

export const signin = handle('signin', async ({ body }, ctx) =>
  ctx.app.signIn.challenge(body.document ?? body.id),
);
