import { z } from 'zod';
import {
  count,
  filter,
  jsonDocument,
  MAX_TIME_MS_DESCRIPTION,
  maxTimeMS,
  nextSkip,
  queryBoolean,
  queryInt,
  queryJsonObject,
  querySkip,
} from './common.js';
import { objectIds, time } from './example-values.js';

export const collectionName = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_][A-Za-z0-9_.-]*$/, 'letters, digits, `_`, `.` and `-`, not starting with `.` or `-`')
  .meta({
    id: 'CollectionName',
    description:
      'A collection name: 1–64 letters, digits, `_`, `.` and `-`, not starting with `.` or `-`. Names of internal collections (starting with `__` or `system.`, and `collections`, `scripts`, `ipfs_files`, …) are refused.',
    examples: ['notes'],
  });

export const collectionParams = z.object({ collection: collectionName });
export const collectionNameParams = z.object({ name: collectionName });

export const createCollectionRequest = z
  .strictObject({
    name: collectionName,
    if_not_exists: z.boolean().optional().meta({
      description:
        'An existing collection of that name is not an error: the answer says `created: false`. Default false (455 when it exists). What an app sends at every start.',
    }),
    is_encrypt: z.boolean().optional().meta({
      description:
        'The client encrypts the documents (end-to-end; the node stores the flag, listed with the collection). Default false. Only a collection this request creates takes the flags: an existing one keeps its own.',
    }),
    encrypt_method: z
      .string()
      .min(1)
      .max(64)
      .optional()
      .meta({
        description: 'With `is_encrypt`: how the client encrypts (`cella-v1`, `user_did`); required then.',
        examples: ['cella-v1'],
      }),
  })
  .refine((body) => (body.is_encrypt === true) === (body.encrypt_method !== undefined), {
    message: '`encrypt_method` comes with `is_encrypt: true`, and only with it',
    path: ['encrypt_method'],
  })
  .meta({ id: 'CreateCollectionRequest', examples: [{ name: 'notes', if_not_exists: true }] });
export const collectionInfo = z
  .object({ name: collectionName })
  .meta({ id: 'Collection', examples: [{ name: 'notes' }] });
export const createCollectionResponse = z
  .object({
    name: collectionName,
    created: z
      .boolean()
      .meta({ description: 'True when this request created it; false when it existed (`if_not_exists`).' }),
  })
  .meta({ id: 'CreateCollectionResult', examples: [{ name: 'notes', created: true }] });

/** How the client encrypts a collection's documents (the reference's flags; the node stores them only). */
export const encryptionFlags = {
  is_encrypt: z.boolean().meta({ description: "Created by the Hive SDK's encrypted service." }),
  encrypt_method: z.string().meta({ description: "'' when not encrypted." }),
};
const notEncrypted = { is_encrypt: false, encrypt_method: '' };

export const collectionList = z
  .object({
    collections: z
      .array(collectionInfo.extend(encryptionFlags).meta({ id: 'CollectionListItem' }))
      .meta({ description: 'Sorted by name; `[]` when none.' }),
    next_skip: nextSkip,
  })
  .meta({
    id: 'CollectionList',
    examples: [
      {
        collections: [
          { name: 'contacts', ...notEncrypted },
          { name: 'notes', ...notEncrypted },
        ],
      },
    ],
  });

const noteDocument = {
  title: 'Shopping list',
  body: 'oat milk, lemons, rye bread',
  tags: ['home'],
  due: { $date: '2026-03-03T18:00:00Z' },
};

export const listCollectionsQuery = z.object({ skip: querySkip.optional() });

/** The longest JSON parameters of a find (code points); together they fit the request head. */
export const MAX_FILTER_CHARS = 16_384;
export const MAX_SORT_CHARS = 1024;
export const MAX_PROJECTION_CHARS = 2048;

export const insertRequest = z
  .strictObject({
    document: z.union([jsonDocument, z.array(jsonDocument).min(1).max(10_000)]).meta({
      description: 'One document or a list of up to 10,000. Without `_id` the node assigns an ObjectId.',
    }),
    options: z
      .strictObject({
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
      .optional()
      .meta({ description: 'How to insert.' }),
  })
  .meta({
    id: 'InsertRequest',
    examples: [
      {
        document: [noteDocument, { title: 'Call the plumber', tags: ['home', 'urgent'] }],
        options: { timestamp: true },
      },
    ],
  });

export const insertResponse = z
  .object({
    acknowledged: z.boolean().meta({ description: 'Always true: the write is durable when answered.' }),
    inserted_ids: z.array(z.string()).meta({
      description: 'The `_id` of each document, in order: ObjectIds as 24 hex digits, other ids as given.',
    }),
  })
  .meta({ id: 'InsertResult', examples: [{ acknowledged: true, inserted_ids: [...objectIds] }] });

export const updateRequest = z
  .strictObject({
    filter,
    update: z.record(z.string(), z.unknown()).meta({
      description: 'Update operators (`$set`, `$inc`, `$push`, …); a replacement document is refused.',
    }),
    options: z
      .strictObject({
        upsert: z
          .boolean()
          .optional()
          .meta({ description: 'Insert a document built from the filter and the update when none matches.' }),
        timestamp: z
          .boolean()
          .optional()
          .meta({ description: 'Set integer `modified` (and `created` on upsert). Default true.' }),
        bypass_document_validation: z
          .boolean()
          .optional()
          .meta({ description: 'Accepted for compatibility; ignored.' }),
      })
      .optional()
      .meta({ description: 'How to update.' }),
  })
  .meta({
    id: 'UpdateRequest',
    examples: [
      {
        filter: { _id: { $oid: objectIds[0] } },
        update: { $set: { body: 'oat milk, lemons, rye bread, coffee' }, $addToSet: { tags: 'weekly' } },
        options: { upsert: false, timestamp: true },
      },
    ],
  });

export const updateQuery = z.object({
  updateone: queryBoolean.optional().meta({ description: 'Update only the first match. Default false.' }),
});

export const updateResponse = z
  .object({
    acknowledged: z.boolean().meta({ description: 'Always true.' }),
    matched_count: count.meta({ description: 'Documents the filter matched.' }),
    modified_count: count.meta({ description: 'Documents actually changed.' }),
    upserted_id: z
      .string()
      .nullable()
      .meta({ description: 'The `_id` of the inserted document when an upsert inserted one, else null.' }),
  })
  .meta({
    id: 'UpdateResult',
    examples: [{ acknowledged: true, matched_count: 1, modified_count: 1, upserted_id: null }],
  });

export const deleteRequest = z
  .strictObject({ filter: filter.meta({ description: 'Which documents to delete; `{}` deletes all.' }) })
  .meta({ id: 'DeleteRequest', examples: [{ filter: { tags: 'done' } }] });
export const deleteResponse = z
  .object({
    acknowledged: z.boolean().meta({ description: 'Always true: the write is durable when answered.' }),
    deleted_count: count.meta({ description: 'Documents deleted.' }),
  })
  .meta({ id: 'DeleteResult', examples: [{ acknowledged: true, deleted_count: 2 }] });
export const deleteQuery = z.object({
  deleteone: queryBoolean.optional().meta({ description: 'Delete only the first match. Default false.' }),
  filter: queryJsonObject('The filter, when the client cannot send a DELETE body.', MAX_FILTER_CHARS, {
    tags: 'done',
  }).optional(),
});

export const findQuery = z.object({
  filter: queryJsonObject('URL-encoded JSON filter. Default `{}`.', MAX_FILTER_CHARS, {
    tags: 'home',
  }).optional(),
  skip: querySkip.optional(),
  limit: queryInt(0, 10_000, 20)
    .optional()
    .meta({ description: 'At most 10,000 documents per call; 0 or absent = up to that cap.' }),
  sort: queryJsonObject('URL-encoded JSON object `{field: 1|-1}`.', MAX_SORT_CHARS, {
    created: -1,
  }).optional(),
  projection: queryJsonObject('URL-encoded JSON projection `{field: 0|1}`.', MAX_PROJECTION_CHARS, {
    title: 1,
    due: 1,
  }).optional(),
  maxTimeMS: queryInt(0, 2_147_483_647, 2000).optional().meta({ description: MAX_TIME_MS_DESCRIPTION }),
});

export const findResponse = z
  .object({
    items: z.array(jsonDocument).meta({ description: 'The matching documents, in Extended JSON (relaxed).' }),
    ...encryptionFlags,
    next_skip: nextSkip,
  })
  .meta({
    id: 'FindResult',
    examples: [
      {
        items: [
          {
            _id: { $oid: objectIds[0] },
            ...noteDocument,
            created: time.notesWritten,
            modified: time.notesWritten,
          },
        ],
        ...notEncrypted,
      },
    ],
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
      .meta({ description: 'Which of the matches to count, and how long the count may take.' }),
  })
  .meta({
    id: 'CountRequest',
    examples: [{ filter: { tags: 'home' } }, { filter: { tags: 'home' }, options: { maxTimeMS: 2000 } }],
  });

export const countResponse = z
  .object({ count: count.meta({ description: 'The number of matching documents.' }) })
  .meta({ id: 'CountResult', examples: [{ count: 2 }] });

export const indexName = z
  .string()
  .regex(
    /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,63}$/,
    '1–64 letters, digits, `_`, `.` and `-`, not starting with `.` or `-`',
  )
  .meta({
    id: 'IndexName',
    description:
      'An index name: 1–64 letters, digits, `_`, `.` and `-`, not starting with `.` or `-`. `_id_` and names starting with `ax_` (automatic indexes) are the node’s own.',
    examples: ['tags_1_due_-1'],
  });

export const indexParams = z.object({ collection: collectionName, name: indexName });

export const indexKeys = z
  .record(z.string().min(1).max(256), z.union([z.literal(1), z.literal(-1)]))
  .refine((keys) => Object.keys(keys).length >= 1 && Object.keys(keys).length <= 8, '1 to 8 keys')
  .meta({
    id: 'IndexKeys',
    description:
      'The indexed field paths in order, each `1` (ascending) or `-1` (descending); dotted paths reach into embedded documents. At most 8 paths of at most 8 parts, each part letters, digits, `_` or `-`, not starting with a digit.',
    examples: [{ tags: 1, due: -1 }],
  });

export const createIndexRequest = z
  .strictObject({
    keys: indexKeys,
    options: z
      .strictObject({
        unique: z.boolean().optional().meta({
          description:
            'Refuse a second document with the same key values (455). As in MongoDB, a missing field counts as null and every element of an array is a key. Default false.',
        }),
        name: indexName.optional().meta({
          description:
            'The index name. Default: MongoDB’s, the paths and directions joined (`tags_1_due_-1`).',
        }),
      })
      .optional()
      .meta({ description: 'How to index.' }),
  })
  .meta({
    id: 'CreateIndexRequest',
    examples: [
      { keys: { tags: 1, due: -1 } },
      { keys: { title: 1 }, options: { unique: true, name: 'title_unique' } },
    ],
  });

export const createIndexResponse = z
  .object({ name: indexName })
  .meta({ id: 'CreatedIndex', examples: [{ name: 'tags_1_due_-1' }] });

export const indexInfo = z
  .object({
    name: indexName,
    key: indexKeys,
    unique: z
      .boolean()
      .meta({ description: 'Whether the index refuses a second document with the same keys.' }),
    auto: z.boolean().meta({
      description:
        'Created by the node for a filtered or sorted field (at most 16 per collection); dropping one is allowed, a later query may create it again.',
    }),
  })
  .meta({
    id: 'Index',
    examples: [{ name: 'tags_1_due_-1', key: { tags: 1, due: -1 }, unique: false, auto: false }],
  });

export const indexList = z
  .object({
    indexes: z.array(indexInfo).meta({
      description: '`_id_` first, then the indexes created through the API, then automatic ones.',
    }),
  })
  .meta({
    id: 'IndexList',
    examples: [
      {
        indexes: [
          { name: '_id_', key: { _id: 1 }, unique: true, auto: false },
          { name: 'tags_1_due_-1', key: { tags: 1, due: -1 }, unique: false, auto: false },
          { name: 'ax_title', key: { title: 1 }, unique: false, auto: true },
        ],
      },
    ],
  });
