/**
 * `npm run size -w @cella/sdk`: how much the SDK adds to a browser app. Bundles the built main entry
 * (dist/index.js, as an app's bundler would: browser platform, minified, its dependencies included,
 * modules the SDK imports only when needed split off as chunks of their own) and prints the
 * minified and gzipped sizes of what the app loads at start, with the largest inputs, and of each
 * chunk loaded on demand (the event-stream reader, `@cella/sdk/events`, on the first subscription).
 * Run after `npm run build`.
 */
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

export interface BundleSize {
  minified: number;
  gzipped: number;
  inputs: [string, number][];
  /** Chunks loaded on demand: name → [minified, gzipped]. */
  lazy: [string, number, number][];
}

export async function measureBundle(
  entry = new URL('../dist/index.js', import.meta.url).pathname,
): Promise<BundleSize> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    splitting: true,
    outdir: '/virtual-out',
    metafile: true,
    logLevel: 'silent',
  });
  const metaOf = (path: string) =>
    Object.entries(result.metafile.outputs).find(([key]) =>
      path.endsWith(key.replace(/^(\.\.\/)+/, '/')),
    )?.[1];
  const main = result.outputFiles.find((f) => metaOf(f.path)?.entryPoint)!;
  const code = main.contents;
  const output = metaOf(main.path)!;
  const byPackage = new Map<string, number>();
  for (const [file, { bytesInOutput }] of Object.entries(output.inputs)) {
    const name = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)?.[1] ?? '@cella/sdk';
    byPackage.set(name, (byPackage.get(name) ?? 0) + bytesInOutput);
  }
  return {
    minified: code.byteLength,
    gzipped: gzipSync(code, { level: 9 }).byteLength,
    inputs: [...byPackage].sort((a, b) => b[1] - a[1]),
    lazy: result.outputFiles
      .filter((f) => f !== main)
      .map((f) => [
        f.path.split('/').pop()!,
        f.contents.byteLength,
        gzipSync(f.contents, { level: 9 }).byteLength,
      ]),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
  const size = await measureBundle();
  console.log(`@cella/sdk in a browser bundle: ${kib(size.minified)} minified, ${kib(size.gzipped)} gzipped`);
  for (const [name, bytes] of size.inputs) console.log(`  ${name.padEnd(28)} ${kib(bytes)} minified`);
  for (const [name, minified, gzipped] of size.lazy)
    console.log(`loaded on demand: ${name} ${kib(minified)} minified, ${kib(gzipped)} gzipped`);
}
