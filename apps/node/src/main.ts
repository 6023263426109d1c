/**
 * `npm start`: runs a node that serves vaults and keeps backups at once (`CELLA_ROLE=both`, the
 * default, as the reference Hive Node) with the embedded defaults (SQLite + helia in ./.cella-data,
 * 127.0.0.1:5000), from the compiled JavaScript (`npm run dev` runs the TypeScript sources).
 * Configuration: environment variables, see the README's table.
 */
import module from 'node:module';

// Node 22.1+ caches V8's compiled code of the modules loaded below: later starts skip compiling.
(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();
const { runNodeProcess } = await import('@cella/server');

runNodeProcess({ label: 'Cella node' }).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
