/**
 * `@cella/document-store`: the DocumentStore port (its types and its one error, `StoreError`)
 * and the engine-neutral helpers services use. The engines are subpaths the wiring imports:
 * `@cella/document-store/sqlite` (embedded default), `@cella/document-store/mongodb`; the shared
 * conformance suite is `@cella/document-store/testing`.
 */
export * from './document-store.js';
export { isPlainObject, isObjectId, isOperatorObject, sameId } from './bson-values.js';
export { bsonSize } from './bson-size.js';
export { insertBsonAsDocuments } from './bson-batches.js';
export { escapeDollarKeys, unescapeDollarKeys } from './escape-keys.js';
export { fromExtJson, parseExtJson, stringifyExtJson, toExtJson, type ExtJsonOptions } from './ext-json.js';
export { DEFAULT_STORE_LIMITS, type StoreLimits } from './query-guard.js';
export { checkRegex } from './linear-regex.js';
