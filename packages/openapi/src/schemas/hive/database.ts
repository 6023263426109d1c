/** The Hive dialect's database requests and answers (the reference's shapes). */
import { z } from 'zod';
import { filter, jsonDocument, queryBoolean } from '../common.js';
import { collectionName } from '../database.js';

export { emptyBody } from './common.js';

const flag = z.boolean().optional();

export const createCollectionRequest = z
  .strictObject({
    is_encrypt: flag.meta({ description: 'The client encrypts the documents (the node stores the flag).' }),
    encrypt_method: z
      .string()
      .min(1)
      .max(64)
      .optional()
      .meta({ description: 'How, e.g. `user_did`; required with `is_encrypt: true`.' }),
  })
  .meta({ id: 'HiveCreateCollectionRequest' });

export const collectionCreated = z.object({ name: collectionName }).meta({ id: 'HiveCollection' });

const insertOptions = z.strictObject({
  timestamp: flag.meta({
    description: 'Add integer `created` and `modified` (epoch seconds). Default true.',
  }),
  bypass_document_validation: flag.meta({ description: 'Accepted; the node validates no schemas.' }),
  ordered: flag.meta({ description: 'Accepted; inserts are all or nothing anyway.' }),
});

export const insertRequest = z
  .strictObject({
    document: z
      .union([jsonDocument, z.array(jsonDocument).min(1).max(10_000)])
      .meta({ description: 'The documents (the SDK always sends a list).' }),
    options: insertOptions.optional(),
  })
  .meta({ id: 'HiveInsertRequest' });

export const insertResponse = z
  .object({
    acknowledged: z.boolean(),
    acknowledge: z.boolean().meta({ description: 'The same, under the name SDK 2.9.14 reads.' }),
    inserted_ids: z.array(z.string()),
  })
  .meta({ id: 'HiveInsertResult' });

export const countQuery = z.object({
  op: z.literal('count').meta({ description: 'Count instead of insert.' }),
});

export const countRequest = z
  .strictObject({
    filter,
    options: z
      .strictObject({
        skip: z.number().int().min(0).optional(),
        limit: z.number().int().min(0).optional(),
        maxTimeMS: z
          .number()
          .int()
          .min(0)
          .optional()
          .meta({ description: "Accepted; the node's own time limits bound every query." }),
      })
      .optional(),
  })
  .meta({ id: 'HiveCountRequest' });

export const updateQuery = z.object({
  updateone: queryBoolean.optional().meta({ description: 'Only the first match. Default false.' }),
});

export const updateRequest = z
  .strictObject({
    filter,
    update: z.record(z.string(), z.unknown()).meta({ description: 'Update operators (`$set`, `$inc`, …).' }),
    options: z
      .strictObject({
        timestamp: flag.meta({
          description: 'Set integer `modified` (and `created` on upsert). Default true.',
        }),
        upsert: flag,
        bypass_document_validation: flag.meta({ description: 'Accepted; the node validates no schemas.' }),
      })
      .optional(),
  })
  .meta({ id: 'HiveUpdateRequest' });

export const deleteQuery = z.object({
  deleteone: queryBoolean.optional().meta({ description: 'Only the first match. Default false.' }),
});

export const deleteRequest = z.strictObject({ filter }).meta({ id: 'HiveDeleteRequest' });

/** `[["n", -1], ["m", 1]]` (what the SDK's sort items give) or `{"n": -1}`. */
export const sortSpec = z
  .union([
    z.array(z.tuple([z.string().min(1), z.union([z.literal(1), z.literal(-1)])])).max(32),
    z.record(z.string(), z.union([z.literal(1), z.literal(-1)])),
  ])
  .meta({ description: 'Pairs `[field, 1|-1]` in order, or an object `{field: 1|-1}`.' });

export const queryRequest = z
  .strictObject({
    collection: collectionName,
    filter: filter.optional(),
    options: z
      .strictObject({
        skip: z.number().int().min(0).optional(),
        limit: z
          .number()
          .int()
          .min(0)
          .max(10_000)
          .optional()
          .meta({ description: 'At most 10,000; 0 or absent = up to that cap.' }),
        projection: z.record(z.string(), z.unknown()).optional(),
        sort: sortSpec.optional(),
        allow_partial_results: flag.meta({ description: 'Accepted; results are always complete.' }),
        return_key: z
          .literal(false)
          .optional()
          .meta({ description: 'Only `false`: the node cannot return index keys instead of documents.' }),
        show_record_id: z
          .literal(false)
          .optional()
          .meta({ description: 'Only `false`: the node has no record ids to show.' }),
        batch_size: z
          .number()
          .int()
          .min(0)
          .optional()
          .meta({ description: 'Accepted; answers are not batched.' }),
      })
      .optional(),
  })
  .meta({ id: 'HiveQueryRequest' });
