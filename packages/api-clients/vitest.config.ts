import { defineConfig, mergeConfig } from 'vitest/config';
import shared from '../../vitest.shared.js';

export default mergeConfig(
  shared,
  defineConfig({
    test: {
      // Each file starts its own node and generates its own clients; one at a time keeps the
      // machine's two cores for them.
      fileParallelism: false,
      hookTimeout: 180_000,
      testTimeout: 180_000,
    },
  }),
);
