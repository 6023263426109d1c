import { endpoints } from '@cella/openapi';
import { procedureFor } from '../procedures.js';

export const auth = procedureFor(endpoints.auth).mutation(async ({ input: { body }, ctx }) => {
  const { token, exp } = await ctx.app.signIn.authenticate(body.challenge_response);
  return { token, exp };
});
