/** `@cella/document-store/testing`: the conformance suite every engine runs, and a MongoDB target for tests. */
export { expectStoreError, runDocumentStoreConformance, type ConformanceOptions } from './conformance.js';
export { ferretBinary, mongoTargetAvailable, startMongoTarget, type MongoTarget } from './ferretdb.js';
export {
  describeForTests,
  readAll,
  runChangeLogConformance,
  type ChangeLogConformanceOptions,
  type TestEntry,
} from './change-log-conformance.js';
export { fillSqliteCollection, type FillOptions } from './fill-sqlite.js';
