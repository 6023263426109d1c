/**
 * `npm start`: runs a vault node with the embedded defaults (SQLite + helia in ./.cella-data,
 * 127.0.0.1:5000). Configuration: environment variables, see the README's table.
 */
import { runNodeProcess } from '@cella/server';

runNodeProcess({ role: 'vault', label: 'Cella node' }).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
