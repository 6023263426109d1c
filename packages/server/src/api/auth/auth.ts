import { handle } from '../handler.js';

export const auth = handle('auth', async ({ body }, ctx) => {
  const { token, exp } = await ctx.app.signIn.authenticate(body.challenge_response);
  return { token, exp };
});
