/**
 * The process around a node, shared by `apps/node` and `apps/backup-node`: configuration from the
 * environment (with the app's defaults beneath it), one clear line and exit code 2 for bad settings,
 * graceful shutdown on SIGTERM/SIGINT, and once it is safe to stop it the start summary: a plain
 * "listening on" line, what is on, and one warning per thing a production node needs that is off
 * (start-summary.ts).
 */
import { ConfigError, loadConfig, type Config } from './config.js';
import { startNode, type CellaNode } from './node.js';
import { describeStart } from './start-summary.js';

export interface RunProcessOptions {
  /** Environment defaults of this app, its role (`CELLA_ROLE`) among them: the real environment wins. */
  defaults?: Record<string, string>;
  /** How the announcement names the node, e.g. "Cella node". */
  label: string;
}

function exitOnConfigError(error: unknown): never {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(2);
  }
  throw error;
}

/** The configuration a process runs with: the app's defaults beneath the environment. */
export function processConfig(options: Pick<RunProcessOptions, 'defaults'>, env: NodeJS.ProcessEnv): Config {
  return loadConfig({ ...options.defaults, ...env });
}

export async function runNodeProcess(options: RunProcessOptions): Promise<CellaNode> {
  let config: Config;
  try {
    config = processConfig(options, process.env);
  } catch (error) {
    exitOnConfigError(error);
  }
  let node: CellaNode;
  try {
    node = await startNode(config);
  } catch (error) {
    // Bad settings found while starting (plans file, payment settings): one clear line, exit 2.
    exitOnConfigError(error);
  }
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    node.ctx.log.info({ signal }, 'shutting down');
    node
      .close()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        console.error(error);
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  // Announced only once the signal handlers are in place (scripts stop the node right after).
  const { ctx } = node;
  const summary = describeStart({
    label: options.label,
    url: node.url,
    config: ctx.config,
    documentEngine: ctx.documents.engine,
    blockEngine: ctx.blocks.engine,
    metricsProtected: ctx.metricsToken !== undefined,
    payment: ctx.payment.settings,
  });
  process.stdout.write(`${summary.lines.join('\n')}\n`);
  ctx.log.info(
    {
      url: node.url,
      dataDir: config.dataDir,
      did: ctx.identity.did,
      role: config.role,
      on: summary.parts,
      warnings: summary.warnings,
    },
    'node started',
  );
  return node;
}
