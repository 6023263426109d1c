/**
 * The Hive dialect: the reference Hive Node's own v2 routes (what `@elastosfoundation/hive-js-sdk`
 * calls), onto the same services as the primary table. Routes with one meaning in both dialects
 * (sign-in, the vault's subscription, downloads, finds, …) are the primary table's alone; where a
 * method and path are shared with different meanings, the query or the body tells them apart
 * (docs/api-decisions.md, "Two dialects"). Listed in the document under the "Hive: …" tags.
 */
import type { Endpoint } from '../../endpoint.js';
import { hiveBackupEndpoints } from './backup.js';
import { hiveDatabaseEndpoints } from './database.js';
import { hiveFilesEndpoints } from './files.js';
import { hiveNodeEndpoints } from './node.js';
import { hivePaymentEndpoints } from './payment.js';
import { hiveProviderEndpoints } from './provider.js';
import { hiveScriptsEndpoints } from './scripts.js';
import { hiveSubscriptionEndpoints } from './subscription.js';

export const hiveEndpoints = {
  ...hiveNodeEndpoints,
  ...hiveSubscriptionEndpoints,
  ...hiveDatabaseEndpoints,
  ...hiveFilesEndpoints,
  ...hiveScriptsEndpoints,
  ...hivePaymentEndpoints,
  ...hiveBackupEndpoints,
  ...hiveProviderEndpoints,
} satisfies Record<string, Endpoint>;

export type HiveEndpoints = typeof hiveEndpoints;
export type HiveEndpointId = keyof HiveEndpoints;
export const hiveEndpointList: readonly Endpoint[] = Object.values(hiveEndpoints);
export { hiveSharedOperations } from './shared.js';
