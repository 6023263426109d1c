// Must stay the first import: polyfills Node 20 before helia/libp2p modules evaluate.
import './node-shims.js';
export { loadConfig, configSchema, configEnvironment, ConfigError, type Config } from './config.js';
export { startNode, buildContext, serverVersion, type CellaNode, type StartOptions } from './node.js';
export { processConfig, runNodeProcess, type RunProcessOptions } from './run-process.js';
export { createLogger, type Logger } from './logger.js';
export { CellaError } from './errors.js';
export type { AppContext } from './context.js';
export type { Caller } from './auth/caller.js';
export type { RequestContext } from './api/request-context.js';
