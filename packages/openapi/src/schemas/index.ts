export * as auth from './auth.js';
export * as backup from './backup.js';
export * as common from './common.js';
export * as database from './database.js';
export * as files from './files.js';
export * as node from './node.js';
export * as payment from './payment.js';
export * as scripts from './scripts.js';
