/**
 * Writes dist/{index,node,ethers,events,crypto,elastos,portability}.d.ts (and .d.cts for `require`) as self-contained declaration
 * bundles: the types the SDK re-exports from the workspace packages it bundles (@cella/did, the
 * error catalogue) and from openapi-fetch are inlined, so the published package type-checks with
 * nothing else installed. What stays an import: ethers (the ./ethers entry only), the noble/scure
 * crypto the SDK depends on, and the SDK itself (./ethers names the main entry's classes).
 */
import { copyFileSync } from 'node:fs';
import { rollup } from 'rollup';
import { dts } from 'rollup-plugin-dts';

const kept = (id: string) => /^(ethers|@cella\/sdk|@noble\/[^/]+|@scure\/[^/]+)(\/|$)/.test(id);

const dist = (name: string) => new URL(`../dist/${name}`, import.meta.url).pathname;

const sources: Record<string, string> = {
  index: 'index',
  node: 'node',
  ethers: 'ethers',
  events: 'event-stream',
  crypto: 'crypto/index',
  elastos: 'elastos',
  portability: 'portability',
};

for (const [entry, source] of Object.entries(sources)) {
  const bundle = await rollup({
    input: new URL(`../src/${source}.ts`, import.meta.url).pathname,
    external: kept,
    plugins: [
      dts({
        respectExternal: true,
        tsconfig: new URL('../tsconfig.build.json', import.meta.url).pathname,
        // The bundled workspace packages are read from their sources (the @cella/source condition).
        compilerOptions: {
          noEmit: false,
          declarationMap: false,
          rootDir: new URL('../../..', import.meta.url).pathname,
        },
      }),
    ],
    onwarn(warning, warn) {
      if (warning.code !== 'CIRCULAR_DEPENDENCY') warn(warning);
    },
  });
  await bundle.write({ file: dist(`${entry}.d.ts`), format: 'es' });
  await bundle.close();
  copyFileSync(dist(`${entry}.d.ts`), dist(`${entry}.d.cts`));
}
console.log('wrote dist/{index,node,ethers,events,crypto,elastos,portability}.d.ts and .d.cts');
