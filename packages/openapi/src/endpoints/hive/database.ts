/**
 * The Hive dialect's database routes (`@elastosfoundation/hive-js-sdk`'s DatabaseService). Listing
 * collections and finding documents are shared with the primary table (`GET /vault/db/collections`,
 * `GET /vault/db/{collection}`: one meaning, whose answers carry the reference's flags too).
 */
import { defineEndpoints } from '../../endpoint.js';
import * as db from '../../schemas/database.js';
import * as hive from '../../schemas/hive/database.js';
import { KiB, MiB } from '../common.js';

export const hiveDatabaseEndpoints = defineEndpoints({
  hiveCreateCollection: {
    operationId: 'hiveCreateCollection',
    method: 'PUT',
    path: '/api/v2/vault/db/collections/{name}',
    auth: 'user',
    tag: 'Hive: Database',
    summary: 'Create a collection (Hive SDK `createCollection`)',
    description:
      "In the caller's space (the application of the access token, else the default space). The body is `{}`, or the encrypted service's flags, which `GET /vault/db/collections` and finds then report. Reserved names (starting with `__` or `system.`, `collections`, `query`, …) are 400; an existing name is 455; 403 (internal_code 1) on a frozen vault; 507 over quota.",
    params: db.collectionNameParams,
    body: hive.createCollectionRequest.optional(),
    success: { status: 200, description: 'Created.', body: hive.collectionCreated },
    errors: ['INVALID_PARAMETER', 'ALREADY_EXISTS', 'VAULT_FROZEN', 'INSUFFICIENT_STORAGE', 'STORAGE_FULL'],
    bodyLimit: 4 * KiB,
  },
  hiveDropCollection: {
    operationId: 'hiveDropCollection',
    method: 'DELETE',
    path: '/api/v2/vault/db/{collection}',
    auth: 'user',
    tag: 'Hive: Database',
    summary: 'Drop a collection with its documents (Hive SDK `deleteCollection`)',
    description:
      "In the caller's space. Shares its method and path with the primary table's delete-documents: no body (none, or `Content-Length: 0` with any or no content type, as the Java SDK and the reference's tests send) or a body of exactly `{}` (the JS SDK), and no query, drops the collection with its documents, as the reference does; a `filter` (body or query) deletes documents. 404 (internal_code 4) when there is no such collection.",
    params: db.collectionParams,
    body: hive.emptyBody,
    success: { status: 204, description: 'Dropped.' },
    errors: ['INVALID_PARAMETER', 'COLLECTION_NOT_FOUND', 'VAULT_FROZEN'],
  },
  hiveInsertDocuments: {
    operationId: 'hiveInsertDocuments',
    method: 'POST',
    path: '/api/v2/vault/db/collection/{collection}',
    auth: 'user',
    tag: 'Hive: Database',
    summary: 'Insert documents (Hive SDK `insertOne` / `insertMany`)',
    description:
      "In the caller's space. All or nothing: a duplicate `_id` among them stores none. `timestamp` (default true) adds integer `created` and `modified` (epoch seconds). 404 (internal_code 4) without the collection; 455 on a duplicate `_id`; 507 over quota.",
    params: db.collectionParams,
    body: hive.insertRequest,
    success: { status: 201, description: 'The ids of the inserted documents.', body: hive.insertResponse },
    errors: [
      'INVALID_PARAMETER',
      'COLLECTION_NOT_FOUND',
      'ALREADY_EXISTS',
      'VAULT_FROZEN',
      'INSUFFICIENT_STORAGE',
      'STORAGE_FULL',
    ],
    bodyLimit: 16 * MiB,
  },
  hiveCountDocuments: {
    operationId: 'hiveCountDocuments',
    method: 'POST',
    path: '/api/v2/vault/db/collection/{collection}',
    auth: 'user',
    tag: 'Hive: Database',
    summary: 'Count documents (Hive SDK `countDocuments`)',
    description:
      "In the caller's space. Told apart from the insert on the same path by `op=count`; counts the documents `filter` matches, after `skip`, up to `limit`, within `maxTimeMS` (else the node's default; past it 400 with internal_code 50, MongoDB's MaxTimeMSExpired). 404 (internal_code 4) without the collection; 400 for a refused filter; 429 with `Retry-After` when the caller's queries fill their waiting line.",
    params: db.collectionParams,
    query: hive.countQuery,
    body: hive.countRequest,
    success: { status: 201, description: 'The count.', body: db.countResponse },
    errors: ['INVALID_PARAMETER', 'QUERY_TIMEOUT', 'COLLECTION_NOT_FOUND', 'RATE_LIMITED'],
    bodyLimit: 1 * MiB,
  },
  hiveUpdateDocuments: {
    operationId: 'hiveUpdateDocuments',
    method: 'PATCH',
    path: '/api/v2/vault/db/collection/{collection}',
    auth: 'user',
    tag: 'Hive: Database',
    summary: 'Update documents (Hive SDK `updateOne` / `updateMany`)',
    description:
      'In the caller\'s space. The update must consist of operators (a replacement document is 400); `{}` with the timestamp on only sets `modified`, as the reference (its tests send `{"filter": {}, "update": {}}`). `updateone=true` changes the first match only; `timestamp` (default true) sets `modified` (and `created` on upsert). 404 (internal_code 4) without the collection; 507 when it would exceed the quota.',
    params: db.collectionParams,
    query: hive.updateQuery,
    body: hive.updateRequest,
    success: { status: 200, description: 'Match and change counts.', body: db.updateResponse },
    errors: [
      'INVALID_PARAMETER',
      'COLLECTION_NOT_FOUND',
      'VAULT_FROZEN',
      'INSUFFICIENT_STORAGE',
      'STORAGE_FULL',
    ],
    bodyLimit: 4 * MiB,
  },
  hiveDeleteDocuments: {
    operationId: 'hiveDeleteDocuments',
    method: 'DELETE',
    path: '/api/v2/vault/db/collection/{collection}',
    auth: 'user',
    tag: 'Hive: Database',
    summary: 'Delete documents (Hive SDK `deleteOne` / `deleteMany`)',
    description:
      "In the caller's space. Deletes the documents `filter` matches, or only the first with `deleteone=true`; `{}` deletes all. 404 (internal_code 4) without the collection; 403 (internal_code 1) on a frozen vault.",
    params: db.collectionParams,
    query: hive.deleteQuery,
    body: hive.deleteRequest,
    success: { status: 204, description: 'Deleted.' },
    errors: ['INVALID_PARAMETER', 'COLLECTION_NOT_FOUND', 'VAULT_FROZEN'],
    bodyLimit: 1 * MiB,
  },
  hiveQueryDocuments: {
    operationId: 'hiveQueryDocuments',
    method: 'POST',
    path: '/api/v2/vault/db/query',
    auth: 'user',
    tag: 'Hive: Database',
    summary: 'Query documents with options (Hive SDK `query`)',
    description:
      "In the caller's space. A find with the reference's options: `sort` as pairs `[[\"n\", -1]]` or an object, `skip`, `limit` (at most 10,000), `projection`, and `maxTimeMS` (past it 400 with internal_code 50). Documents in relaxed Extended JSON, with the collection's encryption flags. `query` and `collection` are reserved collection names, so this path is never an insert. 404 (internal_code 4) without the collection; 429 with `Retry-After` when the caller's queries fill their waiting line.",
    body: hive.queryRequest,
    success: { status: 201, description: 'The matching documents.', body: db.findResponse },
    errors: ['INVALID_PARAMETER', 'QUERY_TIMEOUT', 'COLLECTION_NOT_FOUND', 'RATE_LIMITED'],
    bodyLimit: 1 * MiB,
  },
});
