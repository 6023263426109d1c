/** The Hive dialect's subscription answers: pricing plans, application statistics, the backup service. */
import { z } from 'zod';
import { did, epochSeconds } from '../common.js';
import { pricingPlan } from '../payment.js';

export const pricingPlanQuery = z.object({
  subscription: z
    .enum(['all', 'vault', 'backup'])
    .optional()
    .meta({ description: 'Which plans: vault, backup or both (default).' }),
  name: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .meta({ description: 'Only the plan of this name (404/5 when none).' }),
});

export const pricingPlans = z
  .object({
    version: z.string(),
    pricingPlans: z.array(pricingPlan).optional().meta({ description: 'Vault plans, when asked for.' }),
    backupPlans: z.array(pricingPlan).optional().meta({ description: 'Backup plans, when asked for.' }),
  })
  .meta({ id: 'HivePricingPlans' });

export const appStats = z
  .object({
    apps: z.array(
      z.object({
        name: z
          .string()
          .meta({ description: "From the application DID's `#appinfo` credential ('' when unknown)." }),
        developer_did: z
          .string()
          .meta({ description: "The issuer of its `#developer` credential ('' when unknown)." }),
        icon_url: z.string(),
        redirect_url: z.string(),
        user_did: did,
        app_did: z.string(),
        used_storage_size: z
          .number()
          .int()
          .meta({ description: "Bytes of the application's space: documents, scripts and file sizes." }),
        access_count: z.number().int(),
        access_amount: z.number().int().meta({ description: 'Bytes in and out.' }),
        access_last_time: epochSeconds.meta({ description: '-1 = never.' }),
      }),
    ),
  })
  .meta({ id: 'HiveAppStats' });

export const backupInfo = z
  .object({
    service_did: did,
    pricing_plan: z.string(),
    storage_quota: z.number().int().meta({ description: 'Bytes.' }),
    storage_used: z.number().int().meta({ description: 'Bytes of the backup kept here.' }),
    start_time: epochSeconds,
    end_time: epochSeconds.meta({ description: '-1 = no end.' }),
    created: epochSeconds,
    updated: epochSeconds,
  })
  .meta({ id: 'HiveBackupInfo' });
