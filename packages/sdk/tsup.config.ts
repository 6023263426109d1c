import path from 'node:path';
import { defineConfig } from 'tsup';
import type { Plugin } from 'esbuild';

/**
 * One installable package: ESM + CJS for seven entries — the browser-safe main
 * entry, `./node` (file token storage), `./ethers` (payOrder; ethers stays an optional peer),
 * `./events` (the event-stream reader, which the main entry imports by the package's name only when
 * an app subscribes: an app's bundler makes it a chunk of its own), `./crypto` (end-to-end
 * encryption, likewise imported on first use only), `./elastos` (Elastos HD keys for the
 * official Hive SDK's encryption) and `./portability` (the offline check of a vault export:
 * @cella/vault-format and the IPLD libraries it reads CARs with, bundled into that entry alone).
 * The workspace packages it uses (@cella/did, the contract's error catalogue, the payment
 * contract's helpers) and the small pure-JS libraries behind them (openapi-fetch, zod) are bundled
 * (their types too: scripts/bundle-types.ts), so an app installs this package and the audited crypto it signs with
 * (@noble/curves, @noble/hashes, @scure/base), nothing else. openapi-fetch bundled also spares
 * CommonJS users its default-export interop.
 */
const bundled = [
  /^@cella\/(did|openapi|contracts-abi|vault-format)(\/|$)/,
  'openapi-fetch',
  'openapi-typescript-helpers',
  /^zod(\/|$)/,
];

/**
 * multiformats picks its SHA-2 by the package's `browser` map (node:crypto otherwise); this build is
 * for every platform, so the portability entry takes the WebCrypto one (Node 20 has it too).
 */
const webCryptoSha2: Plugin = {
  name: 'multiformats-web-sha2',
  setup(build) {
    build.onResolve({ filter: /^\.\.?\/.*hashes\/sha2\.js$/ }, (args) =>
      /[\\/]multiformats[\\/]dist[\\/]/.test(args.importer)
        ? { path: path.resolve(args.resolveDir, args.path.replace(/sha2\.js$/, 'sha2-browser.js')) }
        : undefined,
    );
  },
};

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    node: 'src/node.ts',
    ethers: 'src/ethers.ts',
    crypto: 'src/crypto/index.ts',
    events: 'src/event-stream.ts',
    elastos: 'src/elastos.ts',
    portability: 'src/portability.ts',
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
  esbuildPlugins: [webCryptoSha2],
  // The ethers entry imports the main one by the package's own name: one set of classes in CJS too.
  external: ['ethers', '@cella/sdk', /^@noble\//, /^@scure\//],
  esbuildOptions(options, { format }) {
    options.conditions = ['@cella/source', 'import', 'default'];
    options.mainFields = ['module', 'main'];
    // CommonJS: the crypto entry is `require`d (its CommonJS build), so it shares this build's classes.
    if (format === 'cjs') options.supported = { ...options.supported, 'dynamic-import': false };
  },
});
