/**
 * Reference counts shared by several processes (two CidRefs here, each with its own in-process
 * lock, as two node processes would have, on one node database and one block store): a release
 * never unpins, so a gc in another process at any moment — even while a third process acquires
 * the same content — can never take content a count names. Before, the release unpinned at once
 * and re-pinned if an acquire slipped in; a gc in another process between the two took the
 * blocks, the re-pin failed, and the file another upload had just written was lost.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BlockStore } from '@cella/block-store';
import { createHeliaBlockStore } from '@cella/block-store/helia';
import { createSqliteDocumentStore } from '@cella/document-store/sqlite';
import { afterAll, expect, test } from 'vitest';
import { CidRefs } from '../../src/files/cid-refs.js';
import { createLogger } from '../../src/logger.js';

const dir = mkdtempSync(join(tmpdir(), 'cella-xrefs-'));
const documents = createSqliteDocumentStore({ dir: join(dir, 'db') });
afterAll(async () => {
  await documents.close();
  rmSync(dir, { recursive: true, force: true });
});

async function* bytes(text: string): AsyncGenerator<Uint8Array> {
  yield new TextEncoder().encode(text);
}

async function read(blocks: BlockStore, cid: string): Promise<string> {
  const parts: Uint8Array[] = [];
  for await (const part of blocks.cat(cid)) parts.push(part);
  return Buffer.concat(parts).toString();
}

test('a release in one process, an acquire in a second and a gc in a third: the counted content stays', async () => {
  const stored = await createHeliaBlockStore({ dir: join(dir, 'blocks') });
  const nodeDb = documents.database('node');
  const log = createLogger('silent');
  const processA = new CidRefs(nodeDb, stored, Date.now, log);
  // Process C acquires the same content (an upload of the same bytes) the moment A would unpin;
  // process B's gc runs right after any unpin.
  const processC = new CidRefs(nodeDb, stored, Date.now, log);
  let unpins = 0;
  const blocks: BlockStore = Object.create(stored) as BlockStore;
  blocks.unpin = async (cid) => {
    unpins++;
    await processC.acquire(cid);
    await stored.unpin(cid);
    await stored.gc();
  };
  const releasing = new CidRefs(nodeDb, blocks, Date.now, log);
  const { cid } = await stored.add(bytes('shared content'), { pin: true });
  await processA.acquire(cid);

  await releasing.release(cid); // the last reference of A's file is gone
  await stored.gc(); // another process's gc, at any moment
  if (unpins === 0) await processC.acquire(cid); // C's upload of the same bytes

  expect(await processC.count(cid)).toBe(1);
  expect(await stored.isPinned(cid)).toBe(true);
  expect(await read(stored, cid)).toBe('shared content');
  await stored.close();
});
