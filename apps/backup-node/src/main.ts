/**
 * `npm start`: runs a backup node — the vault node with `role: 'backup'`: it keeps other nodes'
 * backups in its own store (`<dataDir>/backup-store`), serves the internal node-to-node backup API
 * and promotes a backup to a live vault. Defaults differ from the vault node's so both run side by
 * side: 127.0.0.1:5001, data in ./.cella-backup-data. Configuration: the README's table.
 */
import { ConfigError, loadConfig, startNode } from '@cella/server';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(
      {
        CELLA_PORT: '5001',
        CELLA_DATA_DIR: '.cella-backup-data',
        CELLA_NODE_NAME: 'Cella backup node',
        ...process.env,
      },
      { role: 'backup' },
    );
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  const node = await startNode(config);
  // One plain line for people and scripts, whatever the log level.
  process.stdout.write(`Cella backup node listening on ${node.url} (data: ${config.dataDir})\n`);
  node.ctx.log.info(
    { url: node.url, dataDir: config.dataDir, did: node.ctx.identity.did },
    'backup node started',
  );
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
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
