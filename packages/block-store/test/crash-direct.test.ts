/**
 * Durability with direct writes (CELLA_FILE_DIRECT_WRITES): a child process adds files in a loop
 * and is killed with SIGKILL mid-add. Reopened, the store reads every acknowledged file back whole,
 * every block file present holds exactly the bytes its name says (no half block is visible: writes
 * go to temp files renamed into place), and the store takes new files.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { base32 } from 'multiformats/bases/base32';
import { afterAll, describe, expect, it } from 'vitest';
import { createHeliaBlockStore } from '../src/helia/index.js';

const CHILD = resolve(import.meta.dirname, 'fixtures/direct-upload.ts');
const dir = mkdtempSync(join(tmpdir(), 'cella-crash-direct-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('helia engine with direct writes, killed mid-upload', () => {
  it('keeps every acknowledged file whole, shows no partial block, and opens again', async () => {
    const child = spawn(process.execPath, ['--conditions=@cella/source', '--import', 'tsx', CHILD, dir], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const added: Array<{ cid: string; sha: string }> = [];
    const exited = new Promise<NodeJS.Signals | null>((done) =>
      child.once('exit', (_c, signal) => done(signal)),
    );
    await new Promise<void>((done, fail) => {
      child.once('error', fail);
      child.once('exit', () => fail(new Error('the writer exited before it was killed')));
      createInterface({ input: child.stdout }).on('line', (line) => {
        const [, cid, sha] = line.split(' ');
        added.push({ cid: cid!, sha: sha! });
        // Well into the third file: blocks are being written when the kill comes.
        if (added.length === 2) setTimeout(() => (child.kill('SIGKILL'), done()), 150);
      });
    });
    expect(await exited).toBe('SIGKILL');

    // Every block file holds the bytes its name (the multihash) says.
    const blocks = join(dir, 'blocks');
    let files = 0;
    for (const shard of readdirSync(blocks)) {
      for (const name of readdirSync(join(blocks, shard))) {
        if (!name.endsWith('.data')) continue; // temp files of the killed write are not blocks
        const multihash = base32.baseDecode(name.slice(1, -'.data'.length).toLowerCase());
        const digest = createHash('sha256')
          .update(readFileSync(join(blocks, shard, name)))
          .digest();
        expect(Buffer.from(multihash.subarray(2)).equals(digest), `${name} is whole`).toBe(true);
        files++;
      }
    }
    expect(files).toBeGreaterThan(2 * 24);

    const store = await createHeliaBlockStore({ dir, directWrites: true });
    for (const { cid, sha } of added) {
      const hash = createHash('sha256');
      for await (const chunk of store.cat(cid)) hash.update(chunk);
      expect(hash.digest('hex')).toBe(sha);
    }
    async function* twoMiB(): AsyncGenerator<Uint8Array> {
      yield Buffer.alloc(2 * 1024 * 1024, 7);
    }
    const { cid } = await store.add(twoMiB(), { pin: true });
    expect(await store.isPinned(cid.toString())).toBe(true);
    await store.gc(); // the killed add's blocks are unpinned: gc may remove them; pinned files stay
    for (const { cid: pinned } of added) expect(await store.isPinned(pinned)).toBe(true);
    await store.close();
  });
});
