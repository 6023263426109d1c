/** The Hive dialect's database requests and answers (the reference's shapes). */
import { z } from 'zod';
import { filter, jsonDocument, maxTimeMS, queryBoolean } from '../common.js';
import { collectionName } from '../database.js';
import { objectIds } from '../example-values.js';

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
  .meta({ id: 'HiveCreateCollectionRequest', examples: [{ is_encrypt: true, encrypt_method: 'user_did' }] });

export const collectionCreated = z
  .object({ name: collectionName })
  .meta({ id: 'HiveCollection', examples: [{ name: 'notes' }] });

const insertOptions = z
  .strictObject({
    timestamp: flag.meta({
      description: 'Add integer `created` and `modified` (epoch seconds). Default true.',
    }),
    bypass_document_validation: flag.meta({ description: 'Accepted; the node validates no schemas.' }),
    ordered: flag.meta({ description: 'Accepted; inserts are all or nothing anyway.' }),
  })
  .meta({ description: 'How to insert.' });

export const insertRequest = z
  .strictObject({
    document: z
      .union([jsonDocument, z.array(jsonDocument).min(1).max(10_000)])
      .meta({ description: 'The documents (the SDK always sends a list).' }),
    options: insertOptions.optional(),
  })
  .meta({
    id: 'HiveInsertRequest',
    examples: [
      {
        document: [
          { title: 'Shopping list', body: 'oat milk, lemons, rye bread', tags: ['home'] },
          { title: 'Call the plumber', tags: ['home', 'urgent'] },
        ],
        options: { timestamp: true, bypass_document_validation: false, ordered: true },
      },
    ],
  });

export const insertResponse = z
  .object({
    acknowledged: z.boolean().meta({ description: 'Always true: the write is durable when answered.' }),
    acknowledge: z.boolean().meta({ description: 'The same, under the name SDK 2.9.14 reads.' }),
    inserted_ids: z
      .array(z.string())
      .meta({ description: 'The `_id` of each document, in order: ObjectIds as 24 hex digits.' }),
  })
  .meta({
    id: 'HiveInsertResult',
    examples: [{ acknowledged: true, acknowledge: true, inserted_ids: [...objectIds] }],
  });

export const countQuery = z.object({
  op: z.literal('count').meta({ description: 'Count instead of insert.', examples: ['count'] }),
});

export const countRequest = z
  .strictObject({
    filter,
    options: z
      .strictObject({
        skip: z
          .number()
          .int()
          .min(0)
          .optional()
          .meta({ description: 'Matches to pass over before counting.' }),
        limit: z
          .number()
          .int()
          .min(0)
          .optional()
          .meta({ description: 'Count at most this many; 0 = no limit.' }),
        maxTimeMS: maxTimeMS.optional(),
      })
      .optional()
      .meta({ description: 'Which of the matches to count.' }),
  })
  .meta({
    id: 'HiveCountRequest',
    examples: [{ filter: { tags: 'home' }, options: { skip: 0, limit: 100, maxTimeMS: 1000 } }],
  });

export const updateQuery = z.object({
  updateone: queryBoolean.optional().meta({ description: 'Only the first match. Default false.' }),
});

export const updateRequest = z
  .strictObject({
    filter,
    update: z.record(z.string(), z.unknown()).meta({
      description:
        'Update operators (`$set`, `$inc`, `$push`, …); a replacement document is refused. `{}` with the timestamp on only sets `modified` (as the reference).',
    }),
    options: z
      .strictObject({
        timestamp: flag.meta({
          description: 'Set integer `modified` (and `created` on upsert). Default true.',
        }),
        upsert: flag.meta({
          description: 'Insert a document built from the filter and the update when none matches.',
        }),
        bypass_document_validation: flag.meta({ description: 'Accepted; the node validates no schemas.' }),
      })
      .optional()
      .meta({ description: 'How to update.' }),
  })
  .meta({
    id: 'HiveUpdateRequest',
    examples: [
      {
        filter: { title: 'Shopping list' },
        update: { $set: { body: 'oat milk, lemons, rye bread, eggs' } },
        options: { timestamp: true, upsert: false },
      },
    ],
  });

export const deleteQuery = z.object({
  deleteone: queryBoolean.optional().meta({ description: 'Only the first match. Default false.' }),
});

export const deleteRequest = z
  .strictObject({ filter: filter.meta({ description: 'Which documents to delete; `{}` deletes all.' }) })
  .meta({ id: 'HiveDeleteRequest', examples: [{ filter: { tags: 'done' } }] });

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
        skip: z
          .number()
          .int()
          .min(0)
          .optional()
          .meta({ description: 'Matching documents to pass over first (paging).' }),
        limit: z
          .number()
          .int()
          .min(0)
          .max(10_000)
          .optional()
          .meta({ description: 'At most 10,000; 0 or absent = up to that cap.' }),
        projection: z
          .record(z.string(), z.unknown())
          .optional()
          .meta({ description: 'Fields to return or leave out, `{field: 0|1}`.' }),
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
        maxTimeMS: maxTimeMS.optional(),
      })
      .optional()
      .meta({ description: 'Paging, order and projection.' }),
  })
  .meta({
    id: 'HiveQueryRequest',
    examples: [
      {
        collection: 'notes',
        filter: { tags: 'home' },
        options: { sort: [['created', -1]], limit: 10, projection: { title: 1, due: 1 } },
      },
    ],
  });
