/**
 * PUT /api/v2/payment/order — places an order (the primary table's POST, same service). A plan
 * that does not exist is 400 (internal_code 1) here, as the reference, not 404/5: the Hive SDK's
 * dApps expect InvalidParameterException for both an unknown and a free plan.
 */
import { hiveEndpoints } from '@cella/openapi';
import { CellaError } from '../../../errors.js';
import { procedureFor } from '../../procedures.js';

export const hivePlaceOrder = procedureFor(hiveEndpoints.hivePlaceOrder).mutation(
  async ({ input: { body }, ctx }) => {
    try {
      return await ctx.app.payment.placeOrder(ctx.caller.userDid, body.subscription, body.pricing_name);
    } catch (error) {
      if (error instanceof CellaError && error.code === 'PLAN_NOT_FOUND')
        throw new CellaError('INVALID_PARAMETER', error.message, { cause: error });
      throw error;
    }
  },
);
