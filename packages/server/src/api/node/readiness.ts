import { endpoints, errorBodyFor } from '@cella/openapi';
import { answerWith } from '../answered.js';
import type { OutputOf } from '../endpoint-types.js';
import { procedureFor } from '../procedures.js';

/** 200 with every check, or 503: the error body naming the failed parts, plus every check. */
export const readiness = procedureFor(endpoints.readiness).query(async ({ ctx }) => {
  const { ready, checks } = await ctx.app.readiness.check();
  const reply = ctx.http.reply.header('cache-control', 'no-store');
  if (ready) return { status: 'ready' as const, checks: checks as OutputOf<'readiness'>['checks'] };
  const failed = Object.entries(checks)
    .filter(([, check]) => check.status === 'failed')
    .map(([part, check]) => `${part} failed (${check.error ?? 'failed'})`);
  const body = { ...errorBodyFor('UNAVAILABLE', `not ready: ${failed.join(', ')}`), checks };
  return answerWith(reply.code(503).type('application/json; charset=utf-8'), JSON.stringify(body));
});
