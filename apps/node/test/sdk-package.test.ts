/**
 * @cella/sdk as an app installs it: `npm pack` the package, install the tarball into a fresh project
 * outside the monorepo, and use it there — ESM import and CommonJS require against a real node
 * (sign-in, database, a 20 MiB upload with progress), `tsc --strict` without skipLibCheck for a Node
 * and a browser setup, esbuild and Vite builds with no flags — first without ethers, then with it
 * (the `@cella/sdk/ethers` entry). Prints the installed size and package count.
 */
import { execFile } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { spawnNode, type SpawnedNode } from '@cella/server/testing';
import { build as esbuild } from 'esbuild';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

const run = promisify(execFile);
const repo = path.resolve(new URL('../../..', import.meta.url).pathname);
const tsc = path.join(repo, 'node_modules/typescript/bin/tsc');
const TARGET_BYTES = 15 * 1024 * 1024;
const TARGET_PACKAGES = 25;

let work: string;
let app: string;
let node: SpawnedNode;

/** Runs a command in the app; resolves with stdout, rejects with stdout + stderr in the message. */
async function inApp(command: string, args: string[], timeout = 120_000): Promise<string> {
  try {
    const { stdout } = await run(command, args, { cwd: app, timeout, maxBuffer: 16 * 1024 * 1024 });
    return stdout;
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${command} ${args.join(' ')} failed:\n${e.stdout ?? ''}\n${e.stderr ?? e.message}`);
  }
}

const npmInstall = (...specs: string[]) =>
  inApp('npm', [
    'install',
    ...specs,
    '--prefer-offline',
    '--no-audit',
    '--no-fund',
    '--ignore-scripts',
    '--loglevel=error',
  ]);

function write(file: string, text: string): void {
  mkdirSync(path.dirname(path.join(app, file)), { recursive: true });
  writeFileSync(path.join(app, file), text);
}

/** Every installed package (nested ones too) and the bytes of node_modules. */
function installed(): { packages: string[]; bytes: number } {
  const packages: string[] = [];
  let bytes = 0;
  const walk = (dir: string, inModules: boolean) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isSymbolicLink()) continue;
      if (entry.isDirectory()) {
        if (inModules && !entry.name.startsWith('.') && !entry.name.startsWith('@'))
          packages.push(path.relative(path.join(app, 'node_modules'), full));
        walk(full, entry.name === 'node_modules' || (inModules && entry.name.startsWith('@')));
      } else bytes += statSync(full).size;
    }
  };
  walk(path.join(app, 'node_modules'), true);
  return { packages: packages.filter((p) => !p.endsWith('.bin')), bytes };
}

beforeAll(async () => {
  if (!existsSync(path.join(repo, 'packages/sdk/dist/index.js')))
    throw new Error('packages/sdk/dist is missing: run `npm run build -w @cella/sdk` first');
  work = mkdtempSync(path.join(tmpdir(), 'cella-sdk-package-'));
  app = path.join(work, 'app');
  mkdirSync(app);
  const packed = await run(
    'npm',
    ['pack', '--workspace', '@cella/sdk', '--pack-destination', work, '--json'],
    {
      cwd: repo,
    },
  );
  const [{ filename }] = JSON.parse(packed.stdout) as [{ filename: string }];
  write('package.json', JSON.stringify({ name: 'an-app', version: '1.0.0', private: true }));
  [node] = await Promise.all([spawnNode(), npmInstall(path.join(work, path.basename(filename)))]);
}, 240_000);

afterAll(async () => {
  await node?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

/** A script that uses the SDK as a Node app would; prints what it saw as JSON. */
const scenario = (load: string) => `${load}
const url = process.argv[2];
(async () => {
  const { signer, privateKeyHex } = sdk.createDevIdentity();
  const again = sdk.createKeySigner(sdk.hexToBytes(privateKeyHex));
  const vault = await sdk.connect({ url, signer: again, tokenStore: sdkNode.fileTokenStore(process.argv[3]) });
  await vault.subscription.subscribe();
  const notes = await vault.db.createCollection('notes');
  await notes.insert({ text: 'hello' });
  const found = await notes.find({ text: 'hello' }).toArray();
  const data = new Uint8Array(20 * 1024 * 1024).fill(7);
  const progress = [];
  await vault.files.upload('big.bin', data, { onProgress: (n) => progress.push(n) });
  const back = await vault.files.bytes('big.bin');
  let unreachable;
  try {
    await sdk.createClient({ url: 'http://127.0.0.1:1' }).node.version();
  } catch (error) {
    unreachable = error instanceof sdk.CellaNetworkError && error instanceof sdk.CellaSdkError;
  }
  console.log(JSON.stringify({
    sameDid: again.did === signer.did,
    found: found.length,
    events: progress.length,
    last: progress.at(-1),
    back: back.byteLength,
    unreachable,
  }));
})().catch((error) => { console.error(error); process.exit(1); });
`;

function expectScenario(stdout: string): void {
  expect(JSON.parse(stdout)).toEqual({
    sameDid: true,
    found: 1,
    events: expect.any(Number),
    last: 20 * 1024 * 1024,
    back: 20 * 1024 * 1024,
    unreachable: true,
  });
  expect(JSON.parse(stdout).events).toBeGreaterThanOrEqual(10);
}

const nodeTsconfig = {
  compilerOptions: {
    strict: true,
    skipLibCheck: false,
    noEmit: true,
    module: 'nodenext',
    moduleResolution: 'nodenext',
    target: 'es2022',
    lib: ['es2022'],
    types: ['node'],
    typeRoots: [path.join(repo, 'node_modules/@types')],
  },
};
const browserTsconfig = {
  compilerOptions: {
    strict: true,
    skipLibCheck: false,
    noEmit: true,
    module: 'esnext',
    moduleResolution: 'bundler',
    target: 'es2022',
    lib: ['es2022', 'dom', 'dom.iterable'],
    types: [],
  },
};

const typedNodeApp = `import { connect, createDevIdentity, CellaApiError, type Vault, type UploadResult } from '@cella/sdk';
import { fileTokenStore } from '@cella/sdk/node';
export async function main(url: string): Promise<UploadResult> {
  const vault: Vault = await connect({ url, signer: createDevIdentity().signer, tokenStore: fileTokenStore('/tmp/x') });
  try {
    return await vault.files.upload('a', new Uint8Array(3), { onProgress: (sent: number, total?: number) => void [sent, total] });
  } catch (error) {
    if (error instanceof CellaApiError && error.code === 'INSUFFICIENT_STORAGE') throw error;
    throw error;
  }
}
`;
const typedCjsApp = `import sdk = require('@cella/sdk');
export async function main(url: string): Promise<number> {
  const vault = await sdk.connect({ url, signer: sdk.createDevIdentity().signer });
  return (await vault.db.collection('c').find({}).toArray()).length;
}
`;
const typedBrowserApp = `import { connect, browserTokenStore, createDevIdentity } from '@cella/sdk';
export async function main(file: File): Promise<void> {
  const vault = await connect({ url: location.origin, signer: createDevIdentity().signer, tokenStore: browserTokenStore() });
  await vault.files.upload(file.name, file, { onProgress: (n, t) => console.log(n, t) });
  const stream: ReadableStream<Uint8Array> = await vault.files.download(file.name);
  void stream;
}
`;
const typedEthersApp = `import { connect, createDevIdentity } from '@cella/sdk';
import { payOrder, type PayOrderResult } from '@cella/sdk/ethers';
import { Wallet } from 'ethers';
export async function pay(url: string, key: string): Promise<PayOrderResult> {
  const vault = await connect({ url, signer: createDevIdentity().signer });
  return payOrder(vault, await vault.payment.placeOrder('Standard'), new Wallet(key));
}
`;

async function typecheck(name: string, config: object, files: Record<string, string>): Promise<void> {
  const dir = `typecheck-${name}`;
  for (const [file, text] of Object.entries(files)) write(path.join(dir, file), text);
  write(path.join(dir, 'tsconfig.json'), JSON.stringify({ ...config, include: ['*.ts', '*.cts'] }));
  await inApp(process.execPath, [tsc, '-p', path.join(app, dir, 'tsconfig.json')]);
}

async function bundleWithEsbuild(entry: string, source: string): Promise<string> {
  write(entry, source);
  const result = await esbuild({
    entryPoints: [path.join(app, entry)],
    absWorkingDir: app,
    bundle: true,
    platform: 'browser',
    format: 'esm',
    write: false,
    logLevel: 'silent',
  });
  expect(result.errors).toEqual([]);
  return result.outputFiles[0]!.text;
}

describe('the packed SDK, installed in a fresh project', () => {
  test('is one package with small dependencies', () => {
    const manifest = JSON.parse(
      readFileSync(path.join(app, 'node_modules/@cella/sdk/package.json'), 'utf8'),
    ) as {
      dependencies?: Record<string, string>;
    };
    expect(Object.keys(manifest.dependencies ?? {}).filter((d) => d.startsWith('@cella/'))).toEqual([]);
    const { packages, bytes } = installed();
    console.log(
      `@cella/sdk installed: ${packages.length} packages (target ≤ ${TARGET_PACKAGES}), ` +
        `${(bytes / 1024 / 1024).toFixed(2)} MB (target ≤ ${TARGET_BYTES / 1024 / 1024} MB): ${packages.join(', ')}`,
    );
    expect(packages.length).toBeLessThanOrEqual(TARGET_PACKAGES);
    expect(bytes).toBeLessThanOrEqual(TARGET_BYTES);
    expect(packages.some((p) => /react|mobx|redoc|core-js/.test(p))).toBe(false);
  });

  test('works from ESM and from CommonJS against a real node', async () => {
    write(
      'esm.mjs',
      scenario("import * as sdk from '@cella/sdk';\nimport * as sdkNode from '@cella/sdk/node';"),
    );
    write(
      'cjs.cjs',
      scenario("const sdk = require('@cella/sdk');\nconst sdkNode = require('@cella/sdk/node');"),
    );
    expectScenario(await inApp(process.execPath, ['esm.mjs', node.url, path.join(work, 'tokens-esm')]));
    expectScenario(await inApp(process.execPath, ['cjs.cjs', node.url, path.join(work, 'tokens-cjs')]));
  }, 120_000);

  test('type-checks under --strict without skipLibCheck, for Node (ESM and CJS) and browsers, without ethers', async () => {
    expect(existsSync(path.join(app, 'node_modules/ethers'))).toBe(false);
    await typecheck('node', nodeTsconfig, { 'app.ts': typedNodeApp, 'legacy.cts': typedCjsApp });
    await typecheck('browser', browserTsconfig, { 'app.ts': typedBrowserApp });
  }, 120_000);

  test('bundles for browsers with esbuild and Vite, no flags, no ethers', async () => {
    const code = await bundleWithEsbuild(
      'web/main.js',
      "import { connect, createDevIdentity } from '@cella/sdk';\nwindow.start = (url) => connect({ url, signer: createDevIdentity().signer });\n",
    );
    expect(
      code.match(/.{0,40}(?:from\s*["'](?:ethers|node:)|require\(["'](?:ethers|node:)).{0,40}/g),
    ).toBeNull();

    write('web/index.html', '<!doctype html><script type="module" src="./main.js"></script>\n');
    const { build: viteBuild } = await import('vite');
    await viteBuild({
      root: path.join(app, 'web'),
      configFile: false,
      logLevel: 'silent',
      build: { outDir: path.join(app, 'web-dist'), emptyOutDir: true },
    });
    const assets = readdirSync(path.join(app, 'web-dist/assets'));
    expect(assets.some((f) => f.endsWith('.js'))).toBe(true);
  }, 120_000);

  test('with ethers installed: @cella/sdk/ethers type-checks, loads from ESM and CJS, and bundles', async () => {
    await npmInstall('ethers@6.17.0');
    await typecheck('ethers', nodeTsconfig, { 'pay.ts': typedEthersApp });
    const check = (load: string) => `${load}
const payment = { config: async () => ({ payment: {} }) };
ethersEntry.payOrder(payment, { interim_orderid: 'o1', state: 'expired' }, {}).catch((error) => {
  console.log(JSON.stringify({ same: error instanceof sdk.CellaPaymentError, code: error.code }));
});
`;
    write(
      'pay.mjs',
      check("import * as sdk from '@cella/sdk';\nimport * as ethersEntry from '@cella/sdk/ethers';"),
    );
    write(
      'pay.cjs',
      check("const sdk = require('@cella/sdk');\nconst ethersEntry = require('@cella/sdk/ethers');"),
    );
    for (const file of ['pay.mjs', 'pay.cjs'])
      expect(JSON.parse(await inApp(process.execPath, [file]))).toEqual({
        same: true,
        code: 'ORDER_NOT_PAYABLE',
      });
    const code = await bundleWithEsbuild(
      'web/pay.js',
      "import { payOrder } from '@cella/sdk/ethers';\nwindow.payOrder = payOrder;\n",
    );
    expect(code.length).toBeGreaterThan(0);
  }, 180_000);
});
