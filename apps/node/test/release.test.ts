/**
 * `npm run release` as CI checks it: every public package packed into `release/` exactly as
 * `npm publish` uploads it (prepack/postpack included; `npm pack --dry-run` lists the same files),
 * then publint (strict), @arethetypeswrong/cli and the repository's own rules (repository,
 * homepage, license, engines, the LICENSE file, no export condition pointing at a file not
 * shipped). The packages are built by `npm test` before the tests run (`--no-build` here).
 * Then the README's install-from-a-clone lines are run as written, on those tarballs.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';

const run = promisify(execFile);
const repo = path.resolve(new URL('../../..', import.meta.url).pathname);

test('every public package packs into a tarball that passes publint, attw and our rules', async () => {
  const result = await run(process.execPath, ['scripts/release.mjs', '--no-build'], {
    cwd: repo,
    maxBuffer: 64 * 1024 * 1024,
  }).catch((error: { stdout?: string; stderr?: string }) => ({
    stdout: `${error.stdout ?? ''}${error.stderr ?? ''}`,
  }));
  const lines = result.stdout.split('\n').filter((line) => /^(ok|FAIL) /.test(line));
  console.log(lines.join('\n'));
  expect(result.stdout).toMatch(/release: publish with/);
  const packages = ['chain', 'contracts-abi', 'did', 'openapi', 'sdk', 'stack'];
  expect(lines.map((line) => /@cella\/([\w-]+)@/.exec(line)?.[1]).sort()).toEqual(packages);
  expect(lines.every((line) => line.startsWith('ok '))).toBe(true);
  // The packages' manifests were put back after packing (prepack/postpack).
  const sdk = JSON.parse(readFileSync(path.join(repo, 'packages/sdk/package.json'), 'utf8')) as {
    exports: { '.': Record<string, unknown> };
  };
  expect(sdk.exports['.']['@cella/source']).toBe('./src/index.ts');
}, 600_000);

/** The README's `npm install` lines that take release tarballs, as written (no copy to drift). */
function readmeInstallLines(): string[] {
  const readme = readFileSync(path.join(repo, 'README.md'), 'utf8');
  const blocks = [...readme.matchAll(/^```sh[ \t]*\n([\s\S]*?)^```[ \t]*$/gm)].map((m) => m[1]!);
  return blocks
    .flatMap((block) => block.split('\n'))
    .map((line) => line.replace(/\s+#.*$/, '').trim())
    .filter((line) => /\bnpm install\b.*release\//.test(line));
}

test("the README's install-from-a-clone lines work as written: the SDK into an app, cella-stack globally", async () => {
  const lines = readmeInstallLines();
  expect(lines).toHaveLength(2);
  // The layout the lines assume: the clone in `cella/`, the app beside it in `my-app/`.
  const work = mkdtempSync(path.join(tmpdir(), 'cella-readme-install-'));
  try {
    const clone = path.join(work, 'cella');
    const app = path.join(work, 'my-app');
    const global = path.join(work, 'global');
    symlinkSync(repo, clone);
    mkdirSync(app);
    writeFileSync(
      path.join(app, 'package.json'),
      '{ "name": "my-app", "private": true, "type": "module" }\n',
    );
    // npm's variables of an enclosing `npm test` must not steer these runs; `-g` goes to `global/`.
    const env = {
      ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k))),
      PWD: clone, // bash keeps the logical path, so `cd ../my-app` goes beside the clone
      npm_config_prefix: global,
      npm_config_prefer_offline: 'true',
      npm_config_audit: 'false',
      npm_config_fund: 'false',
    };
    for (const line of lines) {
      await run('bash', ['-c', `set -e; ${line}`], { cwd: clone, env, timeout: 180_000 }).catch(
        (error: { stdout?: string; stderr?: string }) => {
          throw new Error(`README line failed: ${line}\n${error.stdout ?? ''}${error.stderr ?? ''}`);
        },
      );
    }
    const imported = await run(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        "const sdk = await import('@cella/sdk'); console.log(typeof sdk.connect)",
      ],
      { cwd: app },
    );
    expect(imported.stdout.trim()).toBe('function');
    const help = await run(path.join(global, 'bin/cella-stack'), ['--help'], { env });
    expect(help.stdout).toMatch(/^cella-stack: /);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}, 300_000);
