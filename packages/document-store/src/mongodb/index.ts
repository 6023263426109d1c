export { createMongoDocumentStore } from './store.js';
export type { MongoDocumentStoreOptions } from './store.js';
