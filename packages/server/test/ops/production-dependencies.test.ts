/**
 * What a production install of the node (`npm ci --omit=dev`) leaves out (issue 27): anvil, a 43 MB
 * binary only the dev chain runs, and jose, which only @cella/did's tests use. npm marks a package
 * `dev` in the lockfile when nothing outside development dependencies needs it, and `--omit=dev`
 * skips exactly those. Without anvil, `CELLA_DEV_CHAIN=true` says what is missing.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { ConfigError, loadConfig, startNode } from '../../src/index.js';

const repoRoot = path.resolve(new URL('../../../../', import.meta.url).pathname);

interface LockEntry {
  dev?: boolean;
  optional?: boolean;
}

test('anvil and jose are development dependencies only: a production install leaves them out', () => {
  const lock = JSON.parse(readFileSync(path.join(repoRoot, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, LockEntry>;
  };
  const devOnly = (name: string) => lock.packages[`node_modules/${name}`]?.dev === true;
  expect(lock.packages['node_modules/@foundry-rs/anvil']).toBeDefined(); // still installed by npm ci
  expect(devOnly('@foundry-rs/anvil')).toBe(true);
  expect(devOnly('@foundry-rs/anvil-linux-amd64')).toBe(true);
  expect(devOnly('jose')).toBe(true);
  // The control: what the node runs on is not marked dev.
  expect(devOnly('fastify')).toBe(false);
  expect(devOnly('better-sqlite3')).toBe(false);
});

test('CELLA_DEV_CHAIN=true without anvil fails to start with a line that says what to install', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cella-no-anvil-'));
  const previous = process.env.CELLA_ANVIL_BIN;
  process.env.CELLA_ANVIL_BIN = path.join(dataDir, 'no-such-anvil');
  try {
    const starting = startNode(
      loadConfig({ CELLA_DEV_CHAIN: 'true' }, { port: 0, dataDir, logLevel: 'silent' }),
    );
    await expect(starting).rejects.toThrow(ConfigError); // run-process.ts: one line, exit 2
    await expect(starting).rejects.toThrow(/CELLA_DEV_CHAIN=true needs anvil.*no-such-anvil does not exist/);
  } finally {
    if (previous === undefined) delete process.env.CELLA_ANVIL_BIN;
    else process.env.CELLA_ANVIL_BIN = previous;
    rmSync(dataDir, { recursive: true, force: true });
  }
});
