/**
 * How the engine's worker threads start (read-pool.ts, write-thread.ts): the compiled
 * `<name>.js` beside this file, or, when the engine runs from its TypeScript sources (tests,
 * `npm run dev`), `<name>.ts` through tsx's loader.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

export function startWorker(name: 'read-worker' | 'write-worker', workerData: unknown): Worker {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return new Worker(new URL(`./${name}.js`, here), { workerData });
  // tsx's ESM API (its `register` hooks the worker's module loader); the repository's devDependency.
  const tsx = dirname(createRequire(here).resolve('tsx/package.json'));
  const api = pathToFileURL(join(tsx, 'dist/esm/api/index.mjs')).href;
  const entry = new URL(`./${name}.ts`, here).href;
  const code = `import(${JSON.stringify(api)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(code, { eval: true, workerData });
}
