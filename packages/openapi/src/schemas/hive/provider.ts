/** The Hive dialect's provider answers (the node owner's view of every vault, backup and order). */
import { z } from 'zod';
import { count, did, epochSeconds, epochSecondsOrNever } from '../common.js';
import { friendDid, time, userDid } from '../example-values.js';
import { receiptExample } from '../payment.js';

const MiB = 1024 * 1024;

export const providerVaults = z
  .object({
    vaults: z
      .array(
        z.object({
          pricing_using: z.string().meta({ description: "The vault's current plan." }),
          max_storage: count.meta({ description: 'Its quota in bytes.' }),
          file_use_storage: count.meta({ description: 'Bytes of its files.' }),
          db_use_storage: count.meta({ description: 'Bytes of its documents and scripts.' }),
          user_did: did.meta({ description: 'Whose vault it is.' }),
          access_count: count.meta({ description: 'Signed-in requests to the vault.' }),
          access_amount: count.meta({ description: 'Their bytes in and out.' }),
          access_last_time: epochSecondsOrNever.meta({ description: 'The latest of them; -1 = never.' }),
        }),
      )
      .meta({ description: 'Every vault in use on this node.' }),
  })
  .meta({
    id: 'HiveProviderVaults',
    examples: [
      {
        vaults: [
          {
            pricing_using: 'Standard',
            max_storage: 2000 * MiB,
            file_use_storage: 482_113,
            db_use_storage: 11_537,
            user_did: userDid,
            access_count: 318,
            access_amount: 1_204_733,
            access_last_time: time.photoUploaded,
          },
          {
            pricing_using: 'Basic',
            max_storage: 500 * MiB,
            file_use_storage: 0,
            db_use_storage: 0,
            user_did: friendDid,
            access_count: 0,
            access_amount: 0,
            access_last_time: -1,
          },
        ],
      },
    ],
  });

export const providerBackups = z
  .object({
    backups: z
      .array(
        z.object({
          pricing_using: z.string().meta({ description: 'The backup service plan.' }),
          max_storage: count.meta({ description: 'Bytes the plan allows.' }),
          use_storage: count.meta({ description: 'Bytes of the backup kept here.' }),
          user_did: did.meta({ description: 'Whose backup it is.' }),
        }),
      )
      .meta({ description: 'Every backup service subscribed on this node.' }),
  })
  .meta({
    id: 'HiveProviderBackups',
    examples: [
      {
        backups: [
          { pricing_using: 'Basic', max_storage: 500 * MiB, use_storage: 493_650, user_did: userDid },
        ],
      },
    ],
  });

export const filledOrders = z
  .object({
    orders: z
      .array(
        z.object({
          order_id: count.meta({ description: 'The contract order id.' }),
          receipt_id: z.string().meta({ description: 'The id of its receipt.' }),
          user_did: did.meta({ description: 'The user the plan is for.' }),
          paid_did: did.meta({ description: 'The user who paid.' }),
          subscription: z.enum(['vault', 'backup']).meta({ description: 'A vault or a backup plan.' }),
          pricing_name: z.string().meta({ description: 'The plan paid for.' }),
          pricing_plan: z.string().meta({ description: 'The same (the name the SDK reads).' }),
          ela_amount: z.number().meta({ description: "Price paid, in the plan's currency." }),
          payment_amount: z.number().meta({ description: 'The same (the name the SDK reads).' }),
          ela_address: z.string().meta({ description: 'The address that received the payment.' }),
          receiving_address: z.string().meta({ description: 'The same (the name the SDK reads).' }),
          create_time: epochSeconds.meta({ description: 'When the payment was settled.' }),
          receipt_proof: z.string().meta({ description: 'The receipt JWT signed by the node.' }),
        }),
      )
      .meta({ description: 'Every settled order of this node, oldest first.' }),
  })
  .meta({
    id: 'HiveFilledOrders',
    examples: [
      {
        orders: [
          {
            order_id: receiptExample.order_id,
            receipt_id: receiptExample.receipt_id,
            user_did: userDid,
            paid_did: receiptExample.paid_did,
            subscription: 'vault',
            pricing_name: receiptExample.pricing_plan,
            pricing_plan: receiptExample.pricing_plan,
            ela_amount: receiptExample.payment_amount,
            payment_amount: receiptExample.payment_amount,
            ela_address: receiptExample.receiving_address,
            receiving_address: receiptExample.receiving_address,
            create_time: receiptExample.create_time,
            receipt_proof: receiptExample.receipt_proof,
          },
        ],
      },
    ],
  });
