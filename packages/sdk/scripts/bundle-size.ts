/**
 * `npm run size -w @cella/sdk`: how much the SDK adds to a browser app. Bundles, as an app's bundler
 * would (browser platform, minified, dependencies included), the built main entry whole and an app
 * that uses only the database (`signIn` + `database`, where the files, scripts, payment and backup
 * areas must be tree-shaken away), and an app that encrypts, and prints minified and gzipped sizes
 * with the largest inputs. Code split as an app's bundler splits it: what loads at start (the
 * entry and the chunks it imports) is the size; what a dynamic `import()` loads on first use (the
 * crypto of end-to-end encryption, the event-stream reader `@cella/sdk/events`) is reported apart,
 * as `onDemand`.
 * Run after `npm run build`; `test/bundle-size.test.ts` measures the sources the same way.
 */
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

export interface BundleSize {
  minified: number;
  gzipped: number;
  /** Bytes in the output per package (`@cella/sdk` for the SDK's own code). */
  inputs: [string, number][];
  /** Every input file the bundle kept code from (loaded at start). */
  files: string[];
  /** What loads only on first use (dynamic imports): its size, and the input files. */
  onDemand: { minified: number; gzipped: number; files: string[] };
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

/** An app that encrypts a collection and a file (the crypto loads on the first call). */
export const ENCRYPTING_APP = (sdk: string) => `
import { connect, createKeySigner, hexToBytes } from ${JSON.stringify(sdk)};
export async function diary(url, savedKey) {
  const vault = await connect({ url, signer: createKeySigner(hexToBytes(savedKey)) });
  const diary = await vault.db.createCollection('diary', { encrypt: true, ifNotExists: true });
  await diary.insert({ day: 'monday', text: 'hello' });
  await vault.files.upload('photo.jpg', 'bytes', { encrypt: true });
  return diary.find({ day: 'monday' }).toArray();
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
    outdir: '/bundle',
    metafile: true,
    logLevel: 'silent',
    ...(options.conditions ? { conditions: options.conditions } : {}),
  });
  const outputs = result.metafile.outputs;
  const entry = Object.keys(outputs).find((name) => outputs[name]!.entryPoint !== undefined)!;
  // At start: the entry and every chunk it reaches by static imports; the rest loads on demand.
  const eager = new Set<string>();
  const visit = (name: string) => {
    if (eager.has(name)) return;
    eager.add(name);
    for (const { path, kind } of outputs[name]!.imports) if (kind === 'import-statement') visit(path);
  };
  visit(entry);
  const measure = (names: string[]) => {
    const code = names.map((name) => result.outputFiles.find((f) => f.path === path.resolve(name))!.contents);
    const joined = Buffer.concat(code);
    const files = names.flatMap((name) =>
      Object.entries(outputs[name]!.inputs).flatMap(([file, { bytesInOutput }]) =>
        bytesInOutput > 0 ? [file] : [],
      ),
    );
    return { minified: joined.byteLength, gzipped: gzipSync(joined, { level: 9 }).byteLength, files };
  };
  const atStart = measure([...eager].filter((name) => name.endsWith('.js')));
  const onDemand = measure(Object.keys(outputs).filter((name) => name.endsWith('.js') && !eager.has(name)));
  const byPackage = new Map<string, number>();
  for (const name of eager)
    for (const [file, { bytesInOutput }] of Object.entries(outputs[name]!.inputs)) {
      const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)?.[1] ?? '@cella/sdk';
      byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + bytesInOutput);
    }
  return { ...atStart, inputs: [...byPackage].sort((a, b) => b[1] - a[1]), onDemand };
}

export const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const dist = new URL('../dist/index.js', import.meta.url).pathname;
  const resolveDir = new URL('..', import.meta.url).pathname;
  for (const [label, app] of [
    ['@cella/sdk (whole main entry)', WHOLE_SDK_APP(dist)],
    ['an app using only the database', DATABASE_ONLY_APP(dist)],
    ['an app that encrypts', ENCRYPTING_APP(dist)],
  ] as const) {
    const size = await measureBundle(app, { resolveDir });
    const later = size.onDemand.minified
      ? `; on first use (encryption, events) ${kib(size.onDemand.minified)} minified, ${kib(size.onDemand.gzipped)} gzipped more`
      : '';
    console.log(
      `${label} in a browser bundle: ${kib(size.minified)} minified, ${kib(size.gzipped)} gzipped at start${later}`,
    );
    for (const [name, bytes] of size.inputs) console.log(`  ${name.padEnd(28)} ${kib(bytes)} minified`);
  }
}
