import type { Endpoint } from '@cella/openapi';
import type { AnyTRPCRouter } from '@trpc/server';

/**
 * One dialect of the HTTP interface: the entries it serves and the tRPC router of their procedures
 * (one per operation id). The HTTP layer registers every table on one router (http/routes.ts).
 */
export interface RouteTable {
  endpoints: readonly Endpoint[];
  router: AnyTRPCRouter;
}
