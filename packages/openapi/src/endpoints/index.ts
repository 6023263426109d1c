/**
 * THE endpoint table of /api/v2: every endpoint of spec/vault-service.md §4, plus node version/info,
 * health, vault subscription, listings the reference offers, and the internal backup-node API.
 * One file per area; each entry declares its path, its policy (auth mode, body limit, rate limit)
 * and its schemas. The order here is the order of the OpenAPI document. Payload decisions are
 * recorded in docs/api-decisions.md.
 */
import type { Endpoint } from '../endpoint.js';
import { nodeEndpoints } from './node.js';
import { authEndpoints } from './auth.js';
import { subscriptionEndpoints } from './subscription.js';
import { databaseEndpoints } from './database.js';
import { filesEndpoints } from './files.js';
import { scriptsEndpoints } from './scripts.js';
import { eventsEndpoints } from './events.js';
import { paymentEndpoints } from './payment.js';
import { backupEndpoints } from './backup.js';
import { portabilityEndpoints } from './portability.js';
import { backupNodeEndpoints } from './backup-node.js';

export const endpoints = {
  ...nodeEndpoints,
  ...authEndpoints,
  ...subscriptionEndpoints,
  ...databaseEndpoints,
  ...filesEndpoints,
  ...scriptsEndpoints,
  ...eventsEndpoints,
  ...paymentEndpoints,
  ...backupEndpoints,
  ...portabilityEndpoints,
  ...backupNodeEndpoints,
} satisfies Record<string, Endpoint>;

export type Endpoints = typeof endpoints;
export type EndpointId = keyof Endpoints;
export const endpointList: readonly Endpoint[] = Object.values(endpoints);
