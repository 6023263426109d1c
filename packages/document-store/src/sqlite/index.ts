export { createSqliteDocumentStore, defaultReadWorkers, sqliteReadPool } from './store.js';
export type { ReadPoolStats, SqliteDocumentStoreOptions } from './store.js';
