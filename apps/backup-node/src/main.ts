/**
 * `npm start`: runs a backup node — the node with `CELLA_ROLE=backup` (the environment may say otherwise): it keeps other nodes'
 * backups in its own store (`<dataDir>/backup-store`), serves the internal node-to-node backup API
 * and promotes a backup to a live vault. Defaults differ from the vault node's so both run side by
 * side: 127.0.0.1:5001, data in ./.cella-backup-data. Configuration: the README's table.
 */
import module from 'node:module';

// Node 22.1+ caches V8's compiled code of the modules loaded below: later starts skip compiling.
(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();
const { runNodeProcess } = await import('@cella/server');

runNodeProcess({
  label: 'Cella backup node',
  defaults: {
    CELLA_ROLE: 'backup',
    CELLA_PORT: '5001',
    CELLA_DATA_DIR: '.cella-backup-data',
    CELLA_NODE_NAME: 'Cella backup node',
  },
}).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
