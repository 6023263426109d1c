/**
 * GET /api/v2/subscription/pricing_plan?subscription=&name= — the plans file's vault and/or backup
 * plans (only the lists asked for); a name no plan has is 404 (internal_code 5), as the reference.
 */
import { hiveEndpoints } from '@cella/openapi';
import { CellaError } from '../../../errors.js';
import { procedureFor } from '../../procedures.js';

export const hivePricingPlans = procedureFor(hiveEndpoints.hivePricingPlans).query(
  async ({ input: { query }, ctx }) => {
    const { plans } = ctx.app;
    const kind = query.subscription ?? 'all';
    const named = <T extends { name: string }>(list: T[]) =>
      query.name === undefined ? list : list.filter((plan) => plan.name === query.name);
    const answer = {
      version: plans.version,
      ...(kind !== 'backup' ? { pricingPlans: named(plans.pricingPlans) } : {}),
      ...(kind !== 'vault' ? { backupPlans: named(plans.backupPlans) } : {}),
    };
    const found = (answer.pricingPlans?.length ?? 0) + (answer.backupPlans?.length ?? 0);
    if (query.name !== undefined && found === 0)
      throw new CellaError(
        'PLAN_NOT_FOUND',
        `no ${kind === 'all' ? '' : `${kind} `}plan named "${query.name}"`,
      );
    return answer;
  },
);
