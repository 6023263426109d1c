/**
 * Crash safety of the database: `kill -9` of the node during a stream of inserts, then a restart on
 * the same data dir, shows every acknowledged insert and no partial document.
 */
import { createHash } from 'node:crypto';
import { connect, createDevIdentity } from '@cella/sdk';
import { spawnNode } from '@cella/server/testing';
import { expect, test } from 'vitest';

test('every acknowledged insert survives kill -9, and no document is partial', async () => {
  const user = createDevIdentity();
  const first = await spawnNode();
  const vault = await connect({ url: first.url, signer: user.signer });
  const notes = await vault.db.createCollection('notes');

  const acknowledged: string[] = [];
  let stop = false;
  const writers = Array.from({ length: 4 }, async (_, w) => {
    for (let i = 0; !stop; i++) {
      const body = `writer ${w} note ${i} `.repeat(20);
      const doc = { w, i, body, sha: createHash('sha256').update(body).digest('hex') };
      try {
        const result = await notes.insert(doc);
        acknowledged.push(result.inserted_ids[0]!);
      } catch {
        return; // the node died under us
      }
    }
  });
  await new Promise((resolve) => setTimeout(resolve, 1500));
  await first.kill();
  stop = true;
  await Promise.all(writers);
  expect(acknowledged.length).toBeGreaterThan(20);

  const second = await spawnNode({ dataDir: first.dataDir });
  try {
    const again = await connect({ url: second.url, signer: user.signer });
    const stored = await again.db.collection('notes').find({}, { limit: 10_000 }).toArray();
    const storedIds = new Set(stored.map((d) => d._id));
    for (const id of acknowledged) expect(storedIds.has(id), `acknowledged ${id}`).toBe(true);
    for (const doc of stored) {
      expect(createHash('sha256').update(String(doc.body)).digest('hex')).toBe(doc.sha);
    }
  } finally {
    await second.stop();
  }
}, 60_000);
