import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { createHeliaBlockStore } from '../src/helia/index.js';
import { runBlockStoreConformance } from '../src/testing/conformance.js';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

runBlockStoreConformance('helia', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'cella-helia-'));
  dirs.push(dir);
  return createHeliaBlockStore({ dir });
});

// The same with full blocks written past the page cache (O_DIRECT where the file system has it).
runBlockStoreConformance('helia, direct writes', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'cella-helia-direct-'));
  dirs.push(dir);
  return createHeliaBlockStore({ dir, directWrites: true });
});
