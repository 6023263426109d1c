import { z } from 'zod';
import { filter, jsonDocument, queryBoolean, queryInt, queryJsonObject } from './common.js';

export const collectionName = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_][A-Za-z0-9_.-]*$/, 'letters, digits, `_`, `.` and `-`, not starting with `.` or `-`')
  .meta({
    id: 'CollectionName',
    description: 'A collection name. Names of internal collections are refused.',
    example: 'notes',
  });

export const collectionParams = z.object({ collection: collectionName });
export const collectionNameParams = z.object({ name: collectionName });

export const createCollectionRequest = z
  .object({ name: collectionName })
  .meta({ id: 'CreateCollectionRequest' });
export const collectionInfo = z.object({ name: collectionName }).meta({ id: 'Collection' });
export const collectionList = z
  .object({ collections: z.array(collectionInfo) })
  .meta({ id: 'CollectionList' });

export const insertRequest = z
  .object({
    document: z
      .union([jsonDocument, z.array(jsonDocument).min(1).max(10_000)])
      .meta({ description: 'One document or a list of up to 10,000.' }),
    options: z
      .object({
        timestamp: z
          .boolean()
          .optional()
          .meta({ description: 'Add integer `created` and `modified` (epoch seconds). Default true.' }),
        ordered: z
          .boolean()
          .optional()
          .meta({ description: 'Accepted for compatibility; inserts are always all-or-nothing.' }),
        bypass_document_validation: z
          .boolean()
          .optional()
          .meta({ description: 'Accepted for compatibility; ignored.' }),
      })
      .optional(),
  })
  .meta({ id: 'InsertRequest' });

export const insertResponse = z
  .object({ acknowledged: z.boolean(), inserted_ids: z.array(z.string()) })
  .meta({ id: 'InsertResult' });

export const updateRequest = z
  .object({
    filter,
    update: z.record(z.string(), z.unknown()).meta({ description: 'Update operators (`$set`, `$inc`, …).' }),
    options: z
      .object({
        upsert: z.boolean().optional(),
        timestamp: z
          .boolean()
          .optional()
          .meta({ description: 'Set integer `modified` (and `created` on upsert). Default true.' }),
        bypass_document_validation: z.boolean().optional(),
      })
      .optional(),
  })
  .meta({ id: 'UpdateRequest' });

export const updateQuery = z.object({
  updateone: queryBoolean.optional().meta({ description: 'Update only the first match. Default false.' }),
});

export const updateResponse = z
  .object({
    acknowledged: z.boolean(),
    matched_count: z.number().int(),
    modified_count: z.number().int(),
    upserted_id: z.string().nullable(),
  })
  .meta({ id: 'UpdateResult' });

export const deleteRequest = z.object({ filter }).meta({ id: 'DeleteRequest' });
export const deleteQuery = z.object({
  deleteone: queryBoolean.optional().meta({ description: 'Delete only the first match. Default false.' }),
  filter: queryJsonObject('The filter, when the client cannot send a DELETE body.').optional(),
});

export const findQuery = z.object({
  filter: queryJsonObject('URL-encoded JSON filter. Default `{}`.').optional(),
  skip: queryInt(0, 1_000_000_000).optional(),
  limit: queryInt(0, 10_000)
    .optional()
    .meta({ description: 'At most 10,000 documents per call; 0 or absent = up to that cap.' }),
  sort: queryJsonObject('URL-encoded JSON object `{field: 1|-1}`.').optional(),
  projection: queryJsonObject('URL-encoded JSON projection `{field: 0|1}`.').optional(),
});

export const findResponse = z.object({ items: z.array(jsonDocument) }).meta({ id: 'FindResult' });

export const countRequest = z
  .object({
    filter,
    options: z
      .object({ skip: z.number().int().min(0).optional(), limit: z.number().int().min(0).optional() })
      .optional(),
  })
  .meta({ id: 'CountRequest' });

export const countResponse = z.object({ count: z.number().int() }).meta({ id: 'CountResult' });

export const indexName = z
  .string()
  .regex(
    /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,63}$/,
    '1–64 letters, digits, `_`, `.` and `-`, not starting with `.` or `-`',
  )
  .meta({
    id: 'IndexName',
    description:
      'An index name. `_id_` and names starting with `ax_` (automatic indexes) are the node’s own.',
    example: 'created_-1',
  });

export const indexParams = z.object({ collection: collectionName, name: indexName });

export const indexKeys = z
  .record(z.string().min(1).max(256), z.union([z.literal(1), z.literal(-1)]))
  .refine((keys) => Object.keys(keys).length >= 1 && Object.keys(keys).length <= 8, '1 to 8 keys')
  .meta({
    id: 'IndexKeys',
    description:
      'The indexed field paths in order, each `1` (ascending) or `-1` (descending); dotted paths reach into embedded documents. At most 8 paths of at most 8 parts, each part letters, digits, `_` or `-`, not starting with a digit.',
    example: { owner: 1, created: -1 },
  });

export const createIndexRequest = z
  .strictObject({
    keys: indexKeys,
    options: z
      .strictObject({
        unique: z.boolean().optional().meta({
          description:
            'Refuse a second document with the same key values (455). As in MongoDB, a missing field counts as null and every element of an array is a key.',
        }),
        name: indexName.optional().meta({ description: 'Default: MongoDB’s `path_1_other_-1`.' }),
      })
      .optional(),
  })
  .meta({ id: 'CreateIndexRequest' });

export const createIndexResponse = z.object({ name: indexName }).meta({ id: 'CreatedIndex' });

export const indexInfo = z
  .object({
    name: indexName,
    key: indexKeys,
    unique: z.boolean(),
    auto: z.boolean().meta({
      description:
        'Created by the node for a filtered or sorted field (at most 16 per collection); dropping one is allowed, a later query may create it again.',
    }),
  })
  .meta({ id: 'Index' });

export const indexList = z.object({ indexes: z.array(indexInfo) }).meta({ id: 'IndexList' });
