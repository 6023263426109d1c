export { createSqliteDocumentStore } from './store.js';
export type { SqliteDocumentStoreOptions } from './store.js';
