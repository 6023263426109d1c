/**
 * The Hive dialect's subscription routes: pricing plans, application statistics and the backup
 * service (on a backup node). The vault's own routes (`/subscription/vault`) are shared with the
 * primary table, whose answers carry the reference's fields too.
 */
import { defineEndpoints } from '../../endpoint.js';
import * as hive from '../../schemas/hive/subscription.js';
import { noBody } from '../../schemas/hive/common.js';

const USER = 'did:elastos:iXyZ8qUMM3kXyDPmEJmpSBE5q2rtHc8rzN';
const NODE = 'did:elastos:iWHMLNFp3hgqXMRkZEfLTfBnyVdUwFkMfd';

export const hiveSubscriptionEndpoints = defineEndpoints({
  hivePricingPlans: {
    operationId: 'hivePricingPlans',
    method: 'GET',
    path: '/api/v2/subscription/pricing_plan',
    auth: 'user',
    tag: 'Hive: Subscription',
    summary: "The node's pricing plans (Hive SDK `getPricingPlanList` / `getPricingPlan`)",
    description: 'Only the lists asked for; a `name` no plan has is 404 (internal_code 5).',
    query: hive.pricingPlanQuery,
    success: { status: 200, description: 'The plans.', body: hive.pricingPlans },
    errors: ['INVALID_PARAMETER', 'PLAN_NOT_FOUND'],
    example: {
      request: 'GET /api/v2/subscription/pricing_plan?subscription=vault&name=Standard',
      response: {
        version: '1.0',
        pricingPlans: [{ name: 'Standard', maxStorage: 2000, serviceDays: 30, amount: 2.5, currency: 'ELA' }],
      },
    },
  },
  hiveAppStats: {
    operationId: 'hiveAppStats',
    method: 'GET',
    path: '/api/v2/subscription/vault/app_stats',
    auth: 'user',
    tag: 'Hive: Subscription',
    summary: "The applications that used the caller's vault (Hive SDK `getAppStats`)",
    description:
      "One entry per application that signed in to the vault with an AppIdCredential: its name and icon from its DID's `#appinfo` credential, the bytes of its space, its requests. None is 404 (internal_code 9).",
    success: { status: 200, description: 'The applications.', body: hive.appStats },
    errors: ['VAULT_NOT_FOUND', 'APPLICATION_NOT_FOUND'],
    example: {
      request: 'GET /api/v2/subscription/vault/app_stats',
      response: {
        apps: [
          {
            name: 'Notes',
            developer_did: 'did:elastos:iYpQMwheDxySqivocSJaoprcoDTqQsDYAu',
            icon_url: 'https://example.org/notes.png',
            redirect_url: 'https://example.org/callback',
            user_did: USER,
            app_did: 'did:elastos:ic8pRXyAT3JqEXo4PzHQHv5rsoYyEyDwpB',
            used_storage_size: 20480,
            access_count: 42,
            access_amount: 91733,
            access_last_time: 1767225600,
          },
        ],
      },
    },
  },
  hiveSubscribeBackup: {
    operationId: 'hiveSubscribeBackup',
    method: 'PUT',
    path: '/api/v2/subscription/backup',
    auth: 'user',
    tag: 'Hive: Subscription',
    summary:
      'Subscribe the backup service on a backup node, free plan (Hive SDK `BackupSubscription.subscribe`)',
    description: 'Subscribed already is 455; a node that keeps no backups answers 403.',
    body: noBody,
    success: { status: 200, description: 'The backup service.', body: hive.backupInfo },
    errors: ['ALREADY_EXISTS', 'FORBIDDEN'],
    example: {
      request: 'PUT /api/v2/subscription/backup',
      body: {},
      response: {
        service_did: NODE,
        pricing_plan: 'Basic',
        storage_quota: 524288000,
        storage_used: 0,
        start_time: 1767225600,
        end_time: -1,
        created: 1767225600,
        updated: 1767225600,
      },
    },
  },
  hiveBackupInfo: {
    operationId: 'hiveBackupInfo',
    method: 'GET',
    path: '/api/v2/subscription/backup',
    auth: 'user',
    tag: 'Hive: Subscription',
    summary: "The caller's backup service (Hive SDK `BackupSubscription.checkSubscription`)",
    description: 'None is 404 (internal_code 2).',
    success: { status: 200, description: 'The backup service.', body: hive.backupInfo },
    errors: ['BACKUP_NOT_FOUND', 'FORBIDDEN'],
    example: {
      request: 'GET /api/v2/subscription/backup',
      response: {
        service_did: NODE,
        pricing_plan: 'Standard',
        storage_quota: 2097152000,
        storage_used: 73400320,
        start_time: 1767225600,
        end_time: 1769817600,
        created: 1764547200,
        updated: 1767225600,
      },
    },
  },
  hiveUnsubscribeBackup: {
    operationId: 'hiveUnsubscribeBackup',
    method: 'DELETE',
    path: '/api/v2/subscription/backup',
    auth: 'user',
    tag: 'Hive: Subscription',
    summary: 'Unsubscribe the backup service: the backup kept here is deleted (Hive SDK `unsubscribe`)',
    description: 'Refused with 400 (internal_code 2) while a backup is being received.',
    body: noBody,
    success: { status: 204, description: 'Unsubscribed.' },
    errors: ['BACKUP_NOT_FOUND', 'BACKUP_IN_PROGRESS', 'FORBIDDEN'],
    example: { request: 'DELETE /api/v2/subscription/backup', body: {} },
  },
});
