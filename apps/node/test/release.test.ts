/**
 * `npm run release` as CI checks it: every public package packed into `release/` exactly as
 * `npm publish` uploads it (prepack/postpack included; `npm pack --dry-run` lists the same files),
 * then publint (strict), @arethetypeswrong/cli and the repository's own rules (repository,
 * homepage, license, engines, the LICENSE file, no export condition pointing at a file not
 * shipped). The packages are built by `npm test` before the tests run (`--no-build` here).
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
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
