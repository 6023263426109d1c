/**
 * GET /api/v2/payment/order — the caller's orders, filtered by `subscription` and the contract's
 * `order_id` (in the query or in the JSON body of the GET, where the Hive SDK sends them); none is
 * 404 (internal_code 7). SDK 2.9.14 builds every Order from the answer's top level, so when one
 * order matches its fields are there too.
 */
import { hiveEndpoints } from '@cella/openapi';
import { CellaError, invalid } from '../../../errors.js';
import { procedureFor } from '../../procedures.js';

export const hiveListOrders = procedureFor(hiveEndpoints.hiveListOrders).query(
  async ({ input: { query, body }, ctx }) => {
    const pick = <K extends 'subscription' | 'order_id'>(key: K) => {
      const fromQuery = query[key];
      const fromBody = body?.[key];
      if (fromQuery !== undefined && fromBody !== undefined && fromQuery !== fromBody)
        throw invalid(`${key} differs between the query and the body`);
      return fromQuery ?? fromBody;
    };
    const subscription = pick('subscription');
    const orderId = pick('order_id');
    const { orders } = await ctx.app.payment.listOrders(ctx.caller.userDid);
    const matching = orders.filter(
      (o) =>
        (subscription === undefined || o.subscription === subscription) &&
        (orderId === undefined || o.order_id === orderId),
    );
    if (matching.length === 0) throw new CellaError('ORDER_NOT_FOUND', 'no order of yours matches');
    return matching.length === 1 ? { ...matching[0]!, orders: matching } : { orders: matching };
  },
);
