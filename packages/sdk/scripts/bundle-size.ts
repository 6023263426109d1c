/**
 * `npm run size -w @cella/sdk`: how much the SDK adds to a browser app. Bundles, as an app's bundler
 * would (browser platform, minified, dependencies included), the built main entry whole and an app
 * that uses only the database (`signIn` + `database`, where the files, scripts, payment and backup
 * areas must be tree-shaken away), and prints minified and gzipped sizes with the largest inputs.
 * Modules the SDK imports only when needed are split off as chunks of their own (the event-stream
 * reader, `@cella/sdk/events`, loaded on the first subscription): the sizes are what the app loads
 * at start, and each chunk loaded on demand is listed apart (`lazy`).
 * Run after `npm run build`; `test/bundle-size.test.ts` measures the sources the same way.
 */
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

export interface BundleSize {
  minified: number;
  gzipped: number;
  /** Bytes in the output per package (`@cella/sdk` for the SDK's own code). */
  inputs: [string, number][];
  /** Every input file the bundle kept code from (in what the app loads at start). */
  files: string[];
  /** Chunks loaded on demand: [name, minified, gzipped]. */
  lazy: [string, number, number][];
}

/** An app that uses only the database: sign in with a saved key, read and write a collection. */
export const DATABASE_ONLY_APP = (sdk: string) => `
import { createKeySigner, database, hexToBytes, signIn } from ${JSON.stringify(sdk)};
export async function notes(url, savedKey) {
  const connection = await signIn({ url, signer: createKeySigner(hexToBytes(savedKey)) });
  const notes = await database(connection).createCollection('notes', { ifNotExists: true });
  await notes.insert({ title: 'hello', done: false });
  return notes.find({ done: false }).toArray();
}
`;

/** The whole main entry, as `import * as sdk` keeps it. */
export const WHOLE_SDK_APP = (sdk: string) => `export * from ${JSON.stringify(sdk)};\n`;

export async function measureBundle(
  app: string,
  options: { resolveDir: string; conditions?: string[] },
): Promise<BundleSize> {
  const result = await build({
    stdin: { contents: app, resolveDir: options.resolveDir, loader: 'js' },
    bundle: true,
    minify: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    splitting: true,
    outdir: '/virtual-out',
    metafile: true,
    logLevel: 'silent',
    ...(options.conditions ? { conditions: options.conditions } : {}),
  });
  // The metafile names outputs relative to the working directory, the output files absolutely.
  const metaOf = (path: string) =>
    Object.entries(result.metafile.outputs).find(([key]) =>
      path.endsWith(key.replace(/^(\.\.\/)+/, '/')),
    )?.[1];
  const main = result.outputFiles.find((f) => metaOf(f.path)?.entryPoint)!;
  const code = main.contents;
  const output = metaOf(main.path)!;
  const byPackage = new Map<string, number>();
  const files: string[] = [];
  for (const [file, { bytesInOutput }] of Object.entries(output.inputs)) {
    if (bytesInOutput > 0) files.push(file);
    const name = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)?.[1] ?? '@cella/sdk';
    byPackage.set(name, (byPackage.get(name) ?? 0) + bytesInOutput);
  }
  return {
    minified: code.byteLength,
    gzipped: gzipSync(code, { level: 9 }).byteLength,
    inputs: [...byPackage].sort((a, b) => b[1] - a[1]),
    files,
    lazy: result.outputFiles
      .filter((f) => f !== main)
      .map((f) => [
        f.path.split('/').pop()!,
        f.contents.byteLength,
        gzipSync(f.contents, { level: 9 }).byteLength,
      ]),
  };
}

export const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const dist = new URL('../dist/index.js', import.meta.url).pathname;
  const resolveDir = new URL('..', import.meta.url).pathname;
  for (const [label, app] of [
    ['@cella/sdk (whole main entry)', WHOLE_SDK_APP(dist)],
    ['an app using only the database', DATABASE_ONLY_APP(dist)],
  ] as const) {
    const size = await measureBundle(app, { resolveDir });
    console.log(`${label} in a browser bundle: ${kib(size.minified)} minified, ${kib(size.gzipped)} gzipped`);
    for (const [name, bytes] of size.inputs) console.log(`  ${name.padEnd(28)} ${kib(bytes)} minified`);
    for (const [name, minified, gzipped] of size.lazy)
      console.log(`  loaded on demand: ${name} ${kib(minified)} minified, ${kib(gzipped)} gzipped`);
  }
}
