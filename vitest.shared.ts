// Shared vitest settings: resolve workspace packages to their TypeScript sources
// (the "@cella/source" export condition) so tests never need a prior build.
import { defineConfig } from 'vitest/config';

export const sourceConditions = ['@cella/source', 'node', 'import', 'module', 'default'];

export default defineConfig({
  resolve: { conditions: sourceConditions },
  ssr: { resolve: { conditions: sourceConditions, externalConditions: ['@cella/source'] } },
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    setupFiles: [new URL('./scripts/node-shims.ts', import.meta.url).pathname],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
