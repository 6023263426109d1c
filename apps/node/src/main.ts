/**
 * `npm start`: runs a vault node with the embedded defaults (SQLite + helia in ./.cella-data,
 * 127.0.0.1:5000), from the compiled JavaScript (`npm run dev` runs the TypeScript sources).
 * Configuration: environment variables, see the README's table.
 */
import module from 'node:module';

// Node 22.1+ caches V8's compiled code of the modules loaded below: later starts skip compiling.
(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();
const { runNodeProcess } = await import('@cella/server');

runNodeProcess({ role: 'vault', label: 'Cella node' }).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
