/**
 * `npm run size -w @cella/sdk`: how much the SDK adds to a browser app. Bundles the built main entry
 * (dist/index.js, as an app's bundler would: browser platform, minified, its dependencies included)
 * and prints the minified and gzipped sizes, with the largest inputs. Run after `npm run build`.
 */
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

export interface BundleSize {
  minified: number;
  gzipped: number;
  inputs: [string, number][];
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
    metafile: true,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]!.contents;
  const output = Object.values(result.metafile.outputs)[0]!;
  const byPackage = new Map<string, number>();
  for (const [file, { bytesInOutput }] of Object.entries(output.inputs)) {
    const name = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)?.[1] ?? '@cella/sdk';
    byPackage.set(name, (byPackage.get(name) ?? 0) + bytesInOutput);
  }
  return {
    minified: code.byteLength,
    gzipped: gzipSync(code, { level: 9 }).byteLength,
    inputs: [...byPackage].sort((a, b) => b[1] - a[1]),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
  const size = await measureBundle();
  console.log(`@cella/sdk in a browser bundle: ${kib(size.minified)} minified, ${kib(size.gzipped)} gzipped`);
  for (const [name, bytes] of size.inputs) console.log(`  ${name.padEnd(28)} ${kib(bytes)} minified`);
}
