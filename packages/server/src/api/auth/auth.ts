import { endpoints } from '@cella/openapi';
import { procedureFor } from '../procedures.js';
import { countSignIn } from './count-sign-in.js';

export const auth = procedureFor(endpoints.auth).mutation(async ({ input: { body }, ctx }) => {
  const { token, exp } = await countSignIn(
    ctx.app.metrics,
    'user',
    ctx.app.signIn.authenticate(body.challenge_response),
  );
  return { token, exp };
});
