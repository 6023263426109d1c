/**
 * The backup flow between two in-process nodes (a vault node and a backup node, each with its own
 * data dir, on loopback): quick to run, every step checked. The same flow between two real
 * processes, with crashes, is in two-processes.test.ts.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTempNode, type TempNode } from '../helpers/temp-node.js';
import { bytesOf, contentsOf, newUser, settled } from './helpers.js';

let primary: TempNode;
let backupNode: TempNode;

beforeAll(async () => {
  primary = await startTempNode();
  backupNode = await startTempNode({ role: 'backup' });
});

afterAll(async () => {
  await primary?.stop();
  await backupNode?.stop();
});

describe('backup between two nodes', () => {
  test('back up, change, back up again (only the change travels), restore, promote', async () => {
    const user = newUser();
    const vault = await user.on(primary.url);
    await vault.subscription.subscribe();
    await vault.db.createCollection('notes');
    await vault.db
      .collection('notes')
      .insert(Array.from({ length: 500 }, (_, i) => ({ i, text: `note ${i}`.repeat(5) })));
    await vault.files.upload('a.bin', bytesOf('a', 3 * 1024 * 1024 + 17));
    await vault.files.upload('dir/b.txt', 'hello');
    await vault.scripts.register('get_notes', {
      executable: { type: 'find', name: 'get_notes', body: { collection: 'notes', filter: {} } },
    } as never);

    const started = await vault.backup.start({ target: { url: backupNode.url } });
    expect(started.state).toBe('backup');
    const first = await settled(vault);
    expect(first.result, first.message).toBe('success');
    expect(first.progress.bytes_done).toBe(first.progress.bytes_total);
    const full = first.progress.bytes_total;
    expect(full).toBeGreaterThan(3 * 1024 * 1024);

    // Change a little, back up again: only the change travels.
    await vault.db.collection('notes').update({ i: 3 }, { $set: { text: 'changed' } });
    await vault.files.upload('c.txt', 'a new file');
    await vault.backup.start({ target: { url: backupNode.url } });
    const second = await settled(vault);
    expect(second.result, second.message).toBe('success');
    expect(second.progress.bytes_total).toBeLessThan(full / 10);
    expect(second.progress.vault_bytes).toBeGreaterThan(full);
    const backedUp = await contentsOf(vault);

    // Change more, then restore: the vault is back at the second backup.
    await vault.db.collection('notes').delete({ i: { $lt: 100 } });
    await vault.files.delete('a.bin');
    await vault.backup.restore({ target: { url: backupNode.url } });
    const restored = await settled(vault);
    expect(restored.result, restored.message).toBe('success');
    expect(await contentsOf(vault)).toEqual(backedUp);

    // Promote on the backup node and read everything back there.
    const there = await user.on(backupNode.url);
    const promoted = await there.backup.promote();
    expect(promoted.storage_used).toBeGreaterThan(3 * 1024 * 1024);
    expect(await contentsOf(there)).toEqual(backedUp);
  }, 120_000);
});
