/**
 * Starts one node process: builds the context (engines, services), the HTTP app, and listens.
 * `close()` stops accepting requests, lets in-flight ones finish, then closes the engines.
 */
import { readFileSync } from 'node:fs';
import { mkdirSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { jsonHandlers } from './api/index.js';
import { rawHandlers } from './api/raw.js';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import { unauthorized } from './errors.js';
import { Authenticator } from './http/authenticate.js';
import { createHttpApp } from './http/app.js';
import { createLogger, type Logger } from './logger.js';

export const serverVersion: string = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

export interface CellaNode {
  ctx: AppContext;
  app: FastifyInstance;
  /** Base URL the node listens on, e.g. http://127.0.0.1:5000 */
  url: string;
  close(): Promise<void>;
}

export interface StartOptions {
  logger?: Logger;
}

export async function buildContext(config: Config, options: StartOptions = {}): Promise<AppContext> {
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const log = options.logger ?? createLogger(config.logLevel);
  return {
    config,
    log,
    startedAt: Date.now(),
    version: serverVersion,
    authenticator: new Authenticator({
      verify: async () => {
        throw unauthorized('sign-in is not available on this node yet');
      },
    }),
    closables: [],
  };
}

export async function startNode(config: Config, options: StartOptions = {}): Promise<CellaNode> {
  const ctx = await buildContext(config, options);
  const app = await createHttpApp(ctx, { handlers: jsonHandlers, raw: rawHandlers });
  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  let closing: Promise<void> | undefined;
  return {
    ctx,
    app,
    url: `http://${host}:${port}`,
    close: () =>
      (closing ??= (async () => {
        await app.close();
        for (const closable of [...ctx.closables].reverse()) {
          try {
            await closable.close();
          } catch (error) {
            ctx.log.error({ err: error }, 'error while closing');
          }
        }
      })()),
  };
}
