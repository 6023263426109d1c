import { defineConfig, mergeConfig } from 'vitest/config';
import shared, { sourceConditions } from '../../vitest.shared.js';

export default mergeConfig(
  shared,
  defineConfig({
    // The global setup runs in vitest's own process (its `__vitest__` environment), which does not
    // inherit the `@cella/source` condition: resolve the workspace packages to their TypeScript
    // sources there too, and let vite transform them (Node alone cannot import `.ts`).
    environments: { __vitest__: { resolve: { conditions: sourceConditions, noExternal: [/^@cella\//] } } },
    test: {
      // Nodes, the dev chain and the identity-chain stand-in start once for all files.
      globalSetup: ['test/setup/global-setup.ts'],
      // One worker process for every file: both SDKs load once (about 2.5 s each time), and the
      // Hive SDK's resolver can be set up only once per process anyway.
      isolate: false,
      fileParallelism: false,
      hookTimeout: 120_000,
      testTimeout: 60_000,
    },
  }),
);
