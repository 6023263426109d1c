/**
 * The Hive dialect's subscription routes: pricing plans, application statistics and the backup
 * service (on a backup node). The vault's own routes (`/subscription/vault`) are shared with the
 * primary table, whose answers carry the reference's fields too.
 */
import { defineEndpoints } from '../../endpoint.js';
import * as hive from '../../schemas/hive/subscription.js';
import { noBody } from '../../schemas/hive/common.js';

export const hiveSubscriptionEndpoints = defineEndpoints({
  hivePricingPlans: {
    operationId: 'hivePricingPlans',
    method: 'GET',
    path: '/api/v2/subscription/pricing_plan',
    auth: 'user',
    tag: 'Hive: Subscription',
    summary: "The node's pricing plans (Hive SDK `getPricingPlanList` / `getPricingPlan`)",
    description:
      "Any signed-in user. The node's vault plans, backup plans or both (`subscription`), or only the plan `name`; only the lists asked for are in the answer. A `name` no plan has is 404 (internal_code 5).",
    query: hive.pricingPlanQuery,
    success: { status: 200, description: 'The plans.', body: hive.pricingPlans },
    errors: ['INVALID_PARAMETER', 'PLAN_NOT_FOUND'],
  },
  hiveAppStats: {
    operationId: 'hiveAppStats',
    method: 'GET',
    path: '/api/v2/subscription/vault/app_stats',
    auth: 'user',
    tag: 'Hive: Subscription',
    summary: "The applications that used the caller's vault (Hive SDK `getAppStats`)",
    description:
      "The caller, of their own vault. One entry per application that signed in to the vault with an AppIdCredential: its name, developer and icon from its DID's `#appinfo` credential (resolved on the identity chain), the bytes of its space, its requests. No vault is 404 (internal_code 1); no application yet is 404 (internal_code 9).",
    success: { status: 200, description: 'The applications.', body: hive.appStats },
    errors: ['VAULT_NOT_FOUND', 'APPLICATION_NOT_FOUND'],
  },
  hiveSubscribeBackup: {
    operationId: 'hiveSubscribeBackup',
    method: 'PUT',
    path: '/api/v2/subscription/backup',
    auth: 'user',
    tag: 'Hive: Subscription',
    summary:
      'Subscribe the backup service on a backup node, free plan (Hive SDK `BackupSubscription.subscribe`)',
    description:
      'The caller, on a backup node: subscribes the backup service on the free backup plan, so that their vault node may back up here. Already subscribed is 455; a node that keeps no backups (role `vault`) answers 403.',
    body: noBody,
    success: { status: 200, description: 'The backup service.', body: hive.backupInfo },
    errors: ['ALREADY_EXISTS', 'FORBIDDEN'],
  },
  hiveBackupInfo: {
    operationId: 'hiveBackupInfo',
    method: 'GET',
    path: '/api/v2/subscription/backup',
    auth: 'user',
    tag: 'Hive: Subscription',
    summary: "The caller's backup service (Hive SDK `BackupSubscription.checkSubscription`)",
    description:
      "The caller's backup service on this backup node: its plan, quota, the bytes of the backup kept here and its dates. Not subscribed is 404 (internal_code 2); a node that keeps no backups answers 403.",
    success: { status: 200, description: 'The backup service.', body: hive.backupInfo },
    errors: ['BACKUP_NOT_FOUND', 'FORBIDDEN'],
  },
  hiveUnsubscribeBackup: {
    operationId: 'hiveUnsubscribeBackup',
    method: 'DELETE',
    path: '/api/v2/subscription/backup',
    auth: 'user',
    tag: 'Hive: Subscription',
    summary: 'Unsubscribe the backup service: the backup kept here is deleted (Hive SDK `unsubscribe`)',
    description:
      'The caller, on a backup node: ends the backup service and deletes the backup kept here. Refused with 400 (internal_code 2) while a backup is being received; not subscribed is 404 (internal_code 2); a node that keeps no backups answers 403.',
    body: noBody,
    success: { status: 204, description: 'Unsubscribed.' },
    errors: ['BACKUP_NOT_FOUND', 'BACKUP_IN_PROGRESS', 'FORBIDDEN'],
  },
});
