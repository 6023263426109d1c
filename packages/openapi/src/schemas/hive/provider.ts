/** The Hive dialect's provider answers (the node owner's view of every vault, backup and order). */
import { z } from 'zod';
import { did, epochSeconds } from '../common.js';

export const providerVaults = z
  .object({
    vaults: z.array(
      z.object({
        pricing_using: z.string(),
        max_storage: z.number().int().meta({ description: 'Bytes.' }),
        file_use_storage: z.number().int(),
        db_use_storage: z.number().int(),
        user_did: did,
        access_count: z.number().int(),
        access_amount: z.number().int(),
        access_last_time: epochSeconds.meta({ description: '-1 = never.' }),
      }),
    ),
  })
  .meta({ id: 'HiveProviderVaults' });

export const providerBackups = z
  .object({
    backups: z.array(
      z.object({
        pricing_using: z.string(),
        max_storage: z.number().int(),
        use_storage: z.number().int(),
        user_did: did,
      }),
    ),
  })
  .meta({ id: 'HiveProviderBackups' });

export const filledOrders = z
  .object({
    orders: z.array(
      z.object({
        order_id: z.number().int().meta({ description: 'The contract order id.' }),
        receipt_id: z.string(),
        user_did: did,
        paid_did: did,
        subscription: z.enum(['vault', 'backup']),
        pricing_name: z.string(),
        pricing_plan: z.string(),
        ela_amount: z.number(),
        payment_amount: z.number(),
        ela_address: z.string(),
        receiving_address: z.string(),
        create_time: epochSeconds,
        receipt_proof: z.string(),
      }),
    ),
  })
  .meta({ id: 'HiveFilledOrders' });
