/**
 * One block as one file (block-file.ts): a block offered for a direct write (O_DIRECT) from memory
 * that is not aligned for it is still stored whole, the ordinary way, and leaves no temp file.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as raw from 'multiformats/codecs/raw';
import { afterEach, describe, expect, it } from 'vitest';
import { blockSharding, sha256Cid, sha256Of, writeBlockFile } from '../src/helia/block-file.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('writeBlockFile', () => {
  it('stores a block whole when the direct write it was offered for is refused (unaligned memory)', async () => {
    const root = mkdtempSync(join(tmpdir(), 'cella-block-file-'));
    dirs.push(root);
    const sharding = blockSharding();
    // A page-aligned block first (a slab like the block workers' slots), then one that starts one byte
    // past a Buffer's start: never aligned for O_DIRECT, so its direct write is refused (EINVAL).
    const memory = new WebAssembly.Memory({ initial: 32, maximum: 32, shared: true });
    const aligned = new Uint8Array(memory.buffer, 0, 1024 * 1024);
    aligned.set(randomBytes(aligned.byteLength));
    const unaligned = randomBytes(1024 * 1024 + 1).subarray(1);
    for (const bytes of [aligned, unaligned]) {
      const cid = sha256Cid(raw.code, sha256Of([bytes]));
      await writeBlockFile(root, sharding, cid, [bytes], { direct: true });
      const { dir, file } = sharding.encode(cid);
      expect(readFileSync(join(root, dir, file)).equals(bytes)).toBe(true);
      expect(readdirSync(join(root, dir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    }
  });
});
