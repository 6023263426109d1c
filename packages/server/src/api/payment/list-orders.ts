import { endpoints } from '@cella/openapi';
import { jsonBatches, streamedList } from '../../streamed-list.js';
import type { OutputOf } from '../endpoint-types.js';
import { procedureFor } from '../procedures.js';

export const listOrders = procedureFor(endpoints.listOrders).query(async ({ input: { query }, ctx }) => {
  const skip = query.skip ?? 0;
  const orders = ctx.app.payment.orderBatches(ctx.caller.userDid, skip);
  return streamedList<OutputOf<'listOrders'>>('orders', jsonBatches(orders), skip);
});
