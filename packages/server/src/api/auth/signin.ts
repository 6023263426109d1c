import { endpoints } from '@cella/openapi';
import { procedureFor } from '../procedures.js';

export const signin = procedureFor(endpoints.signin).mutation(async ({ input: { body }, ctx }) =>
  ctx.app.signIn.challenge(body.document ?? body.id),
);
