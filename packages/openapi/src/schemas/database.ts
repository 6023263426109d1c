import { z } from 'zod';
import {
  filter,
  jsonDocument,
  nextSkip,
  queryBoolean,
  queryInt,
  queryJsonObject,
  querySkip,
} from './common.js';

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
  .object({ collections: z.array(collectionInfo), next_skip: nextSkip })
  .meta({ id: 'CollectionList' });

export const listCollectionsQuery = z.object({ skip: querySkip.optional() });

/** The longest JSON parameters of a find (code points); together they fit the request head. */
export const MAX_FILTER_CHARS = 16_384;
export const MAX_SORT_CHARS = 1024;
export const MAX_PROJECTION_CHARS = 2048;

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
  filter: queryJsonObject(
    'The filter, when the client cannot send a DELETE body.',
    MAX_FILTER_CHARS,
  ).optional(),
});

export const findQuery = z.object({
  filter: queryJsonObject('URL-encoded JSON filter. Default `{}`.', MAX_FILTER_CHARS).optional(),
  skip: querySkip.optional(),
  limit: queryInt(0, 10_000)
    .optional()
    .meta({ description: 'At most 10,000 documents per call; 0 or absent = up to that cap.' }),
  sort: queryJsonObject('URL-encoded JSON object `{field: 1|-1}`.', MAX_SORT_CHARS).optional(),
  projection: queryJsonObject('URL-encoded JSON projection `{field: 0|1}`.', MAX_PROJECTION_CHARS).optional(),
});

export const findResponse = z
  .object({ items: z.array(jsonDocument), next_skip: nextSkip })
  .meta({ id: 'FindResult' });

export const countRequest = z
  .object({
    filter,
    options: z
      .object({ skip: z.number().int().min(0).optional(), limit: z.number().int().min(0).optional() })
      .optional(),
  })
  .meta({ id: 'CountRequest' });

export const countResponse = z.object({ count: z.number().int() }).meta({ id: 'CountResult' });
