/**
 * `npm start`: runs a vault node with the embedded defaults (SQLite + helia in ./.cella-data,
 * 127.0.0.1:5000). Configuration: environment variables, see the README's table.
 */
import { ConfigError, loadConfig, startNode } from '@cella/server';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env, { role: 'vault' });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  let node;
  try {
    node = await startNode(config);
  } catch (error) {
    // Bad settings found while starting (plans file, payment settings): one clear line, exit 2.
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
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
  // One plain line for people and scripts, whatever the log level.
  process.stdout.write(`Cella node listening on ${node.url} (data: ${config.dataDir})\n`);
  node.ctx.log.info({ url: node.url, dataDir: config.dataDir, did: node.ctx.identity.did }, 'node started');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
