import { endpoints } from '@cella/openapi';
import { CellaError } from '../../errors.js';
import { procedureFor } from '../procedures.js';

export const signin = procedureFor(endpoints.signin).mutation(async ({ input: { body }, ctx }) => {
  try {
    return await ctx.app.signIn.challenge(body.document ?? body.id);
  } catch (error) {
    // The node-wide cap on outstanding challenges (CELLA_MAX_PENDING_CHALLENGES).
    if (error instanceof CellaError && error.code === 'RATE_LIMITED')
      ctx.app.metrics.rateLimitRefused('pending-challenges');
    throw error;
  }
});
