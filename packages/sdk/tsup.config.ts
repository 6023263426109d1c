import { defineConfig } from 'tsup';

// ESM + CJS + .d.ts. The main entry is browser-safe (no Node APIs); Node-only helpers (file token
// storage) live in the `./node` entry. The dependency-free error catalogue of @cella/openapi is
// bundled so the published SDK needs no contract package at run time.
export default defineConfig({
  entry: { index: 'src/index.ts', node: 'src/node.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'es2022',
  platform: 'neutral',
  noExternal: ['@cella/openapi'],
  external: ['@cella/did', 'openapi-fetch'],
  esbuildOptions(options) {
    options.conditions = ['@cella/source', 'import', 'default'];
    options.mainFields = ['module', 'main'];
  },
});
