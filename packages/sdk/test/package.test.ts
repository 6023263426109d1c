import { readFileSync } from 'node:fs';
import { build } from 'esbuild';
import { expect, test } from 'vitest';
import { generateTypes } from '../scripts/generate-types.js';

test('the committed generated types match openapi.json (run `npm run generate -w @cella/sdk` if this fails)', async () => {
  const committed = readFileSync(new URL('../src/generated/openapi.ts', import.meta.url), 'utf8');
  expect(
    committed === (await generateTypes()),
    'packages/sdk/src/generated/openapi.ts is stale: run `npm run generate -w @cella/sdk`',
  ).toBe(true);
});

test('the main entry bundles for browsers with no Node built-ins', async () => {
  const result = await build({
    entryPoints: [new URL('../src/index.ts', import.meta.url).pathname],
    bundle: true,
    write: false,
    platform: 'browser',
    format: 'esm',
    conditions: ['@cella/source', 'browser', 'import', 'default'],
    logLevel: 'silent',
    metafile: true,
  });
  const inputs = Object.keys(result.metafile.inputs);
  expect(
    inputs.filter((file) => file.startsWith('node:') || /^(fs|path|crypto|os|http|stream)$/.test(file)),
  ).toEqual([]);
  const code = result.outputFiles[0]!.text;
  expect(code).not.toMatch(/\bfrom ["']node:/);
  expect(code).not.toMatch(/\brequire\(["'](node:)?(fs|path|crypto|os|http)["']\)/);
});

test('the event-stream reader is a chunk of its own: an app that never subscribes does not load it', async () => {
  const result = await build({
    entryPoints: [new URL('../src/index.ts', import.meta.url).pathname],
    bundle: true,
    write: false,
    splitting: true,
    outdir: '/virtual-out',
    platform: 'browser',
    format: 'esm',
    conditions: ['@cella/source', 'browser', 'import', 'default'],
    logLevel: 'silent',
  });
  const [entry, ...chunks] = result.outputFiles;
  expect(entry!.path).toMatch(/index\.js$/);
  expect(entry!.text).not.toMatch(/consumer_too_slow/);
  expect(chunks.some((chunk) => chunk.text.includes('consumer_too_slow'))).toBe(true);
});

test('the portability entry bundles for browsers with no Node built-ins; the main entry has none of it', async () => {
  const bundle = (entry: string) =>
    build({
      entryPoints: [new URL(`../src/${entry}`, import.meta.url).pathname],
      bundle: true,
      write: false,
      platform: 'browser',
      format: 'esm',
      conditions: ['@cella/source', 'browser', 'import', 'default'],
      logLevel: 'silent',
      metafile: true,
    });
  const portability = Object.keys((await bundle('portability.ts')).metafile.inputs);
  expect(
    portability.filter((file) => file.startsWith('node:') || /^(fs|path|crypto|os|http|stream)$/.test(file)),
  ).toEqual([]);
  expect(portability.some((file) => file.includes('vault-format/src/verify-export.ts'))).toBe(true);
  const main = Object.keys((await bundle('index.ts')).metafile.inputs);
  expect(main.filter((file) => /vault-format|@ipld|multiformats/.test(file))).toEqual([]);
});
