import { defineConfig } from 'tsup';

/**
 * One installable package: ESM + CJS for four entries — the browser-safe main
 * entry, `./node` (file token storage), `./ethers` (payOrder; ethers stays an optional peer) and
 * `./events` (the event-stream reader, which the main entry imports by the package's name only when
 * an app subscribes: an app's bundler makes it a chunk of its own).
 * The workspace packages it uses (@cella/did, the contract's error catalogue, the payment
 * contract's helpers) and the small pure-JS libraries behind them (openapi-fetch, zod) are bundled
 * (their types too: scripts/bundle-types.ts), so an app installs this package and the audited crypto it signs with
 * (@noble/curves, @noble/hashes, @scure/base), nothing else. openapi-fetch bundled also spares
 * CommonJS users its default-export interop.
 */
const bundled = [
  /^@cella\/(did|openapi|contracts-abi)(\/|$)/,
  'openapi-fetch',
  'openapi-typescript-helpers',
  /^zod(\/|$)/,
];

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    node: 'src/node.ts',
    ethers: 'src/ethers.ts',
    events: 'src/event-stream.ts',
  },
  format: ['esm', 'cjs'],
  clean: true,
  // No chunks shared between entries: the ethers entry's zod (full) must not land in the main entry's
  // graph (the ethers entry reaches the main one through the package name instead).
  splitting: false,
  sourcemap: true,
  target: 'es2022',
  platform: 'neutral',
  noExternal: bundled,
  // The ethers entry imports the main one by the package's own name: one set of classes in CJS too.
  external: ['ethers', '@cella/sdk', /^@noble\//, /^@scure\//],
  esbuildOptions(options) {
    options.conditions = ['@cella/source', 'import', 'default'];
    options.mainFields = ['module', 'main'];
  },
});
