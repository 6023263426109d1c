/** The Hive dialect's subscription answers: pricing plans, application statistics, the backup service. */
import { z } from 'zod';
import { count, did, epochSeconds, epochSecondsOrNever } from '../common.js';
import { appDid, backupNodeDid, time, userDid } from '../example-values.js';
import { pricingPlan } from '../payment.js';

const MiB = 1024 * 1024;

export const pricingPlanQuery = z.object({
  subscription: z
    .enum(['all', 'vault', 'backup'])
    .optional()
    .meta({ description: 'Which plans: vault, backup or both (default).', examples: ['vault'] }),
  name: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .meta({ description: 'Only the plan of this name (404/5 when none).', examples: ['Standard'] }),
});

export const pricingPlans = z
  .object({
    version: z.string().meta({ description: "The version of the node's plans file." }),
    pricingPlans: z.array(pricingPlan).optional().meta({ description: 'Vault plans, when asked for.' }),
    backupPlans: z.array(pricingPlan).optional().meta({ description: 'Backup plans, when asked for.' }),
  })
  .meta({
    id: 'HivePricingPlans',
    examples: [
      {
        version: '1.0',
        pricingPlans: [{ name: 'Standard', maxStorage: 2000, serviceDays: 30, amount: 2.5, currency: 'ELA' }],
      },
    ],
  });

export const appStats = z
  .object({
    apps: z
      .array(
        z.object({
          name: z
            .string()
            .meta({ description: "From the application DID's `#appinfo` credential ('' when unknown)." }),
          developer_did: z
            .string()
            .meta({ description: "The issuer of its `#developer` credential ('' when unknown)." }),
          icon_url: z.string().meta({ description: "From its `#appinfo` credential ('' when unknown)." }),
          redirect_url: z.string().meta({ description: "From its `#appinfo` credential ('' when unknown)." }),
          user_did: did.meta({ description: 'The owner of the vault.' }),
          app_did: z.string().meta({ description: 'The application DID.' }),
          used_storage_size: count.meta({
            description: "Bytes of the application's space: documents, scripts and file sizes.",
          }),
          access_count: count.meta({ description: "Signed-in requests in the application's name." }),
          access_amount: count.meta({ description: 'Their bytes in and out.' }),
          access_last_time: epochSecondsOrNever.meta({ description: 'The latest of them; -1 = never.' }),
        }),
      )
      .meta({ description: 'One entry per application that signed in to the vault.' }),
  })
  .meta({
    id: 'HiveAppStats',
    examples: [
      {
        apps: [
          {
            name: 'Notes',
            developer_did: 'did:elastos:iYpQMwheDxySqivocSJaoprcoDTqQsDYAu',
            icon_url: 'https://notes.example.org/icon.png',
            redirect_url: 'https://notes.example.org/callback',
            user_did: userDid,
            app_did: appDid,
            used_storage_size: 493_650,
            access_count: 318,
            access_amount: 1_204_733,
            access_last_time: time.photoUploaded,
          },
        ],
      },
    ],
  });

export const backupInfo = z
  .object({
    service_did: did.meta({ description: 'The DID of this (the backup) node.' }),
    pricing_plan: z.string().meta({ description: 'The backup service plan.' }),
    storage_quota: count.meta({ description: 'Bytes.' }),
    storage_used: count.meta({ description: 'Bytes of the backup kept here.' }),
    start_time: epochSeconds.meta({ description: 'When the current plan started.' }),
    end_time: epochSecondsOrNever.meta({ description: 'When the current plan ends; -1 = no end.' }),
    created: epochSeconds.meta({ description: 'When the service was subscribed.' }),
    updated: epochSeconds.meta({ description: 'When it last changed.' }),
  })
  .meta({
    id: 'HiveBackupInfo',
    examples: [
      {
        service_did: backupNodeDid,
        pricing_plan: 'Basic',
        storage_quota: 500 * MiB,
        storage_used: 493_650,
        start_time: time.backupStarted,
        end_time: -1,
        created: time.backupStarted,
        updated: time.backupFinished,
      },
    ],
  });
