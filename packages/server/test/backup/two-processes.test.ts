/**
 * The backup story between two real processes — `apps/node` and `apps/backup-node`, each with its
 * own data dir, on loopback — driven only through the SDK, as a user would.
 */
import { spawnNode, type SpawnedNode } from '@cella/server/testing';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ALLOW_LOOPBACK, bytesOf, contentsOf, newUser, settled } from './helpers.js';
import { rmSync } from 'node:fs';

let primary: SpawnedNode;
let backupNode: SpawnedNode;

beforeAll(async () => {
  [primary, backupNode] = await Promise.all([
    spawnNode({ env: ALLOW_LOOPBACK }),
    spawnNode({ app: 'backup-node' }),
  ]);
});

afterAll(async () => {
  for (const node of [primary, backupNode]) {
    if (!node) continue;
    await node.stop();
    rmSync(node.dataDir, { recursive: true, force: true });
  }
});

const MiB = 1024 * 1024;

test('back up documents, indexes, scripts and files; back up a change (only it travels); restore; promote and read everything back on the backup node', async () => {
  const user = newUser('elastos');
  const vault = await user.on(primary.url);
  await vault.subscription.subscribe();

  // A vault of documents (several types), scripts and files (empty, small, multi-block, nested, unicode).
  const notes = await vault.db.createCollection('notes');
  await notes.insert(
    Array.from({ length: 3000 }, (_, i) => ({
      i,
      title: `note ${i}`,
      body: 'lorem ipsum '.repeat(10 + (i % 7)),
      tags: ['a', String(i % 5)],
    })),
  );
  const people = await vault.db.createCollection('people');
  await people.insert([
    {
      _id: 'ada',
      name: 'Ada',
      born: { $date: '1815-12-10T00:00:00Z' },
      nested: { deep: { list: [1, 2.5, null, true] } },
    },
    { name: 'Grace ✓ 名前', ref: { $oid: '65a1b2c3d4e5f60718293a4b' } },
  ]);
  await vault.db.createCollection('empty');
  // Indexes created through the API travel with the backup (a compound one, a unique one by name).
  await notes.createIndex({ tags: 1, i: -1 });
  await people.createIndex({ name: 1 }, { unique: true, name: 'people_by_name' });
  await vault.scripts.register('get_notes', {
    executable: { type: 'find', collection: 'notes', filter: { i: { $lt: 3 } } },
  });
  await vault.scripts.register('count_people', {
    executable: { type: 'count', collection: 'people', filter: {} },
  });
  await vault.files.upload('empty.bin', new Uint8Array(0));
  await vault.files.upload('docs/hello.txt', 'hello, backup');
  await vault.files.upload('photos/2026/big.bin', bytesOf('big', 5 * MiB + 123));
  await vault.files.upload('photos/2026/copy-of-big.bin', bytesOf('big', 5 * MiB + 123));
  await vault.files.upload('ünïcode/файл.txt', 'ünïcode content');
  for (let i = 0; i < 20; i++) await vault.files.upload(`many/f${i}.bin`, bytesOf(`many ${i}`, 100_000));

  const first = await vault.backup.start({ target: { url: backupNode.url } });
  expect(first).toMatchObject({ state: 'backup', result: 'running' });
  await expect(vault.backup.start({ target: { url: backupNode.url } })).rejects.toMatchObject({
    status: 400,
    code: 'BACKUP_IN_PROGRESS',
  });
  const seen: number[] = [];
  const full = await vault.backup.watch((s) => seen.push(s.progress.bytes_done), {
    intervalMs: 50,
    signal: AbortSignal.timeout(60_000),
  });
  expect(full.result, full.message).toBe('success');
  expect(full.progress.bytes_done).toBe(full.progress.bytes_total);
  expect(full.progress.items_done).toBe(full.progress.items_total);
  expect(full.progress.bytes_total).toBeGreaterThan(7 * MiB); // 5 MiB once (copies share their content) + 2 MB + documents
  expect(full.last_success_at).not.toBeNull();
  expect(full.message).toMatch(/backed up \d+ documents/);

  // Change the primary a little: one note, one new file, one file replaced.
  await notes.update({ i: 1234 }, { $set: { title: 'changed' } });
  await vault.files.upload('docs/new.txt', 'a new file');
  await vault.files.upload('many/f7.bin', bytesOf('many 7 v2', 100_000));
  const again = await vault.backup.start({ target: { url: backupNode.url } });
  expect(again.progress.bytes_total).toBe(0);
  const incremental = await settled(vault);
  expect(incremental.result, incremental.message).toBe('success');
  // Only the change travelled: the new and replaced files, a few chunks of notes and of file metadata.
  expect(incremental.progress.vault_bytes).toBeGreaterThan(full.progress.vault_bytes - 1000);
  expect(incremental.progress.bytes_total).toBeGreaterThan(100_000);
  expect(incremental.progress.bytes_total).toBeLessThan(400_000);
  expect(incremental.progress.network_bytes).toBeLessThan(full.progress.network_bytes / 8);
  expect(incremental.progress.items_total).toBeLessThan(12);
  const atBackup = await contentsOf(vault);
  expect(atBackup.indexes.notes).toEqual([
    { name: '_id_', key: [['_id', 1]], unique: true, auto: false },
    {
      name: 'tags_1_i_-1',
      key: [
        ['tags', 1],
        ['i', -1],
      ],
      unique: false,
      auto: false,
    },
  ]);
  expect(atBackup.indexes.people?.[1]).toEqual({
    name: 'people_by_name',
    key: [['name', 1]],
    unique: true,
    auto: false,
  });
  const scriptsAtBackup = await vault.scripts.list();
  const usageAtBackup = await vault.subscription.info();

  // Change it again, then restore: the vault is back at the second backup.
  await notes.delete({ i: { $gte: 100 } });
  await vault.db.deleteCollection('people');
  await vault.files.delete('photos/2026/big.bin');
  await vault.files.upload('docs/hello.txt', 'overwritten');
  await vault.scripts.remove('count_people');
  await notes.dropIndex('tags_1_i_-1');
  await notes.createIndex({ title: 1 });
  await vault.backup.restore({ target: { url: backupNode.url } });
  const restored = await settled(vault);
  expect(restored, restored.message).toMatchObject({ state: 'restore', result: 'success' });
  expect(await contentsOf(vault)).toEqual(atBackup);
  expect(await vault.scripts.list()).toEqual(scriptsAtBackup);
  expect(await vault.scripts.run('count_people')).toMatchObject({ count_people: { count: 2 } });
  const info = await vault.subscription.info();
  expect(info.files_used).toBe(usageAtBackup.files_used);
  expect(info.database_used).toBe(usageAtBackup.database_used);
  // The vault works normally after the switch, its unique index too.
  await notes.insert({ i: -1, title: 'after restore' });
  expect(await notes.count({ i: -1 })).toBe(1);
  await expect(people.insert({ name: 'Ada' })).rejects.toMatchObject({ status: 455 });

  // Promote on the backup node, sign in there with the SDK and read everything back.
  const there = await user.on(backupNode.url);
  const promoted = await there.backup.promote();
  expect(promoted.pricing_plan).toBe('Basic');
  expect(promoted.files_used).toBe(info.files_used);
  expect(await contentsOf(there)).toEqual(atBackup);
  expect(await there.scripts.list()).toEqual(scriptsAtBackup);
  expect(
    Buffer.from(await there.files.bytes('photos/2026/big.bin')).equals(bytesOf('big', 5 * MiB + 123)),
  ).toBe(true);
  await expect(there.backup.promote()).rejects.toMatchObject({ status: 455 });
  await expect(there.db.collection('people').insert({ name: 'Ada' })).rejects.toMatchObject({
    status: 455,
    message: expect.stringContaining('people_by_name'),
  });
  // The promoted vault is a live vault: writes work.
  await there.files.upload('written-on-backup-node.txt', 'yes');
  expect(new TextDecoder().decode(await there.files.bytes('written-on-backup-node.txt'))).toBe('yes');
}, 180_000);
