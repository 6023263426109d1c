/**
 * The Hive dialect's database routes (`@elastosfoundation/hive-js-sdk`'s DatabaseService). Listing
 * collections and finding documents are shared with the primary table (`GET /vault/db/collections`,
 * `GET /vault/db/{collection}`: one meaning, whose answers carry the reference's flags too).
 */
import { defineEndpoints } from '../../endpoint.js';
import * as db from '../../schemas/database.js';
import * as hive from '../../schemas/hive/database.js';
import { KiB, MiB } from '../common.js';

const SAMPLE_ID = '65a1b2c3d4e5f60718293a4b';

export const hiveDatabaseEndpoints = defineEndpoints({
  hiveCreateCollection: {
    operationId: 'hiveCreateCollection',
    method: 'PUT',
    path: '/api/v2/vault/db/collections/{name}',
    auth: 'user',
    tag: 'Hive: Database',
    summary: 'Create a collection (Hive SDK `createCollection`)',
    description:
      "In the caller's space (the application of the access token). The body is `{}`, or the encrypted service's flags, which `GET /vault/db/collections` and finds then report. An existing name is 455.",
    params: db.collectionNameParams,
    body: hive.createCollectionRequest.optional(),
    success: { status: 200, description: 'Created.', body: hive.collectionCreated },
    errors: ['INVALID_PARAMETER', 'ALREADY_EXISTS', 'VAULT_FROZEN', 'INSUFFICIENT_STORAGE'],
    bodyLimit: 4 * KiB,
    example: {
      request: 'PUT /api/v2/vault/db/collections/notes',
      body: { is_encrypt: true, encrypt_method: 'user_did' },
      response: { name: 'notes' },
    },
  },
  hiveDropCollection: {
    operationId: 'hiveDropCollection',
    method: 'DELETE',
    path: '/api/v2/vault/db/{collection}',
    auth: 'user',
    tag: 'Hive: Database',
    summary: 'Drop a collection with its documents (Hive SDK `deleteCollection`)',
    description:
      "Shares its method and path with the primary table's delete-documents: a body of exactly `{}` and no query drops the collection; a `filter` (body or query) deletes documents; no body is the delete-documents refusal (400), never a drop.",
    params: db.collectionParams,
    body: hive.emptyBody,
    success: { status: 204, description: 'Dropped.' },
    errors: ['INVALID_PARAMETER', 'COLLECTION_NOT_FOUND', 'VAULT_FROZEN'],
    example: { request: 'DELETE /api/v2/vault/db/notes', body: {} },
  },
  hiveInsertDocuments: {
    operationId: 'hiveInsertDocuments',
    method: 'POST',
    path: '/api/v2/vault/db/collection/{collection}',
    auth: 'user',
    tag: 'Hive: Database',
    summary: 'Insert documents (Hive SDK `insertOne` / `insertMany`)',
    description:
      'All or nothing. `timestamp` (default true) adds integer `created` and `modified` (epoch seconds).',
    params: db.collectionParams,
    body: hive.insertRequest,
    success: { status: 201, description: 'The ids of the inserted documents.', body: hive.insertResponse },
    errors: [
      'INVALID_PARAMETER',
      'COLLECTION_NOT_FOUND',
      'ALREADY_EXISTS',
      'VAULT_FROZEN',
      'INSUFFICIENT_STORAGE',
    ],
    bodyLimit: 16 * MiB,
    example: {
      request: 'POST /api/v2/vault/db/collection/notes',
      body: { document: [{ author: 'alice', text: 'hi' }], options: { timestamp: true } },
      response: { acknowledged: true, acknowledge: true, inserted_ids: [SAMPLE_ID] },
    },
  },
  hiveCountDocuments: {
    operationId: 'hiveCountDocuments',
    method: 'POST',
    path: '/api/v2/vault/db/collection/{collection}',
    auth: 'user',
    tag: 'Hive: Database',
    summary: 'Count documents (Hive SDK `countDocuments`)',
    description: 'Told apart from the insert on the same path by `op=count`.',
    params: db.collectionParams,
    query: hive.countQuery,
    body: hive.countRequest,
    success: { status: 201, description: 'The count.', body: db.countResponse },
    errors: ['INVALID_PARAMETER', 'COLLECTION_NOT_FOUND'],
    bodyLimit: 1 * MiB,
    example: {
      request: 'POST /api/v2/vault/db/collection/notes?op=count',
      body: { filter: { author: 'alice' }, options: { skip: 0, limit: 100 } },
      response: { count: 2 },
    },
  },
  hiveUpdateDocuments: {
    operationId: 'hiveUpdateDocuments',
    method: 'PATCH',
    path: '/api/v2/vault/db/collection/{collection}',
    auth: 'user',
    tag: 'Hive: Database',
    summary: 'Update documents (Hive SDK `updateOne` / `updateMany`)',
    description:
      'The update must consist of operators. `timestamp` (default true) sets `modified` (and `created` on upsert).',
    params: db.collectionParams,
    query: hive.updateQuery,
    body: hive.updateRequest,
    success: { status: 200, description: 'Match and change counts.', body: db.updateResponse },
    errors: ['INVALID_PARAMETER', 'COLLECTION_NOT_FOUND', 'VAULT_FROZEN', 'INSUFFICIENT_STORAGE'],
    bodyLimit: 4 * MiB,
    example: {
      request: 'PATCH /api/v2/vault/db/collection/notes?updateone=true',
      body: {
        filter: { author: 'alice' },
        update: { $set: { text: 'edited' } },
        options: { timestamp: true },
      },
      response: { acknowledged: true, matched_count: 1, modified_count: 1, upserted_id: null },
    },
  },
  hiveDeleteDocuments: {
    operationId: 'hiveDeleteDocuments',
    method: 'DELETE',
    path: '/api/v2/vault/db/collection/{collection}',
    auth: 'user',
    tag: 'Hive: Database',
    summary: 'Delete documents (Hive SDK `deleteOne` / `deleteMany`)',
    params: db.collectionParams,
    query: hive.deleteQuery,
    body: hive.deleteRequest,
    success: { status: 204, description: 'Deleted.' },
    errors: ['INVALID_PARAMETER', 'COLLECTION_NOT_FOUND', 'VAULT_FROZEN'],
    bodyLimit: 1 * MiB,
    example: {
      request: 'DELETE /api/v2/vault/db/collection/notes?deleteone=false',
      body: { filter: { author: 'bob' } },
    },
  },
  hiveQueryDocuments: {
    operationId: 'hiveQueryDocuments',
    method: 'POST',
    path: '/api/v2/vault/db/query',
    auth: 'user',
    tag: 'Hive: Database',
    summary: 'Query documents with options (Hive SDK `query`)',
    description:
      '`sort` as pairs `[["n", -1]]` or an object. Documents in relaxed Extended JSON. `query` and `collection` are reserved collection names, so this path is never an insert.',
    body: hive.queryRequest,
    success: { status: 201, description: 'The matching documents.', body: db.findResponse },
    errors: ['INVALID_PARAMETER', 'COLLECTION_NOT_FOUND'],
    bodyLimit: 1 * MiB,
    example: {
      request: 'POST /api/v2/vault/db/query',
      body: {
        collection: 'notes',
        filter: { author: 'alice' },
        options: { sort: [['created', -1]], limit: 10, projection: { _id: 0 } },
      },
      response: {
        items: [{ author: 'alice', text: 'hi', created: 1767225600, modified: 1767225600 }],
        is_encrypt: false,
        encrypt_method: '',
      },
    },
  },
});
