/**
 * `kill -9` in the middle of a backup, of the primary and separately of the backup node: after a
 * restart the backup resumes (only what is missing travels) and completes; until then the previous
 * good backup stays the backup; afterwards a sweep leaves no block that no backup needs.
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { spawnNode, type SpawnedNode } from '@cella/server/testing';
import type { Vault } from '@cella/sdk';
import { afterEach, expect, test } from 'vitest';
import { ALLOW_LOOPBACK, newUser, settled, type User } from './helpers.js';
import { countBlocks, inspectBackupNode, readRecords } from './inspect.js';

const MiB = 1024 * 1024;
const started: SpawnedNode[] = [];

async function spawn(options: Parameters<typeof spawnNode>[0] = {}): Promise<SpawnedNode> {
  const node = await spawnNode({ ...options, env: { ...ALLOW_LOOPBACK, ...options.env } });
  started.push(node);
  return node;
}

afterEach(async () => {
  const dirs = new Set<string>();
  for (const node of started.splice(0)) {
    await node.stop();
    dirs.add(node.dataDir);
  }
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const portOf = (url: string) => Number(new URL(url).port);

/** A small vault backed up once (the "previous good backup"), then 96 MiB more files to back up next. */
async function twoGenerations(
  user: User,
  primary: SpawnedNode,
  backupNode: SpawnedNode,
): Promise<{ vault: Vault; firstMessage: string }> {
  const vault = await user.on(primary.url);
  await vault.subscription.subscribe();
  const notes = await vault.db.createCollection('notes');
  await notes.insert(Array.from({ length: 200 }, (_, i) => ({ i })));
  await vault.files.upload('first.bin', randomBytes(300_000));
  await vault.backup.start({ target: { url: backupNode.url } });
  expect((await settled(vault)).result).toBe('success');
  const there = await user.on(backupNode.url);
  const firstMessage = (await there.backup.state()).message;
  expect(firstMessage).toMatch(/^holding a backup .*: 201 documents in 2 collections, 1 files/); // 200 notes + 1 file's metadata
  for (let i = 0; i < 96; i++) await vault.files.upload(`big/${i}.bin`, randomBytes(MiB));
  await notes.insert({ i: 'second generation' });
  return { vault, firstMessage: firstMessage.replace(/^holding /, '') };
}

/** Waits until the backup node has received at least `count` more blocks, then returns. */
async function whenBlocksArrive(backupNode: SpawnedNode, count: number): Promise<void> {
  const dir = path.join(backupNode.dataDir, 'backup-store');
  const before = await countBlocks(dir);
  const deadline = Date.now() + 60_000;
  while ((await countBlocks(dir)) < before + count) {
    if (Date.now() > deadline) throw new Error('the backup did not start sending blocks');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** After a sweep, every stored block belongs to a pin, and every pin to the user's current backup. */
async function expectNoOrphans(backupNode: SpawnedNode, userDid: string): Promise<void> {
  const seen = await inspectBackupNode(backupNode.dataDir, { sweep: true });
  const record = seen.records.find((r) => r.userDid === userDid)!;
  expect(record.pending).toBeNull();
  expect(seen.holders).toEqual([record.current!.id]);
  expect(seen.pins).toEqual(seen.held);
  expect(seen.blocks).toBe(seen.reachable);
  expect(seen.sweep!.lost).toBe(0);
}

test('kill -9 of the primary mid-backup: the previous backup stays; after a restart the backup resumes and completes; no orphans', async () => {
  const user = newUser();
  let primary = await spawn();
  const backupNode = await spawn({ app: 'backup-node' });
  const { vault, firstMessage } = await twoGenerations(user, primary, backupNode);

  await vault.backup.start({ target: { url: backupNode.url } });
  await whenBlocksArrive(backupNode, 20);
  await primary.kill();

  // The backup node still keeps the first backup as the good one.
  const there = await user.on(backupNode.url);
  const during = await there.backup.state();
  expect(during.result).toBe('running');
  expect(during.message).toContain(`the last good one stays until it is complete: ${firstMessage}`);

  // Restart on the same data dir: the job is taken back and resumed.
  primary = await spawn({ dataDir: primary.dataDir });
  const again = await user.on(primary.url);
  const final = await settled(again, 120_000);
  expect(final, final.message).toMatchObject({ state: 'backup', result: 'success' });
  expect(final.progress.bytes_total).toBeLessThan(96 * MiB - 10 * MiB); // only what had not arrived
  expect((await there.backup.state()).message).toMatch(
    /^holding a backup .*: 298 documents in 2 collections, 97 files/,
  );

  await backupNode.stop();
  await expectNoOrphans(backupNode, user.did);
}, 240_000);

test('kill -9 of the backup node mid-backup: the previous backup stays; the primary retries, resumes after the restart and completes; no orphans', async () => {
  const user = newUser();
  const primary = await spawn();
  let backupNode = await spawn({ app: 'backup-node' });
  const { vault } = await twoGenerations(user, primary, backupNode);
  const firstId = (await readRecords(backupNode.dataDir))[0]!.current!.id;

  await vault.backup.start({ target: { url: backupNode.url } });
  await whenBlocksArrive(backupNode, 20);
  await backupNode.kill();

  // While it is down: the record still names the first backup; an unfinished attempt is open.
  const seen = await inspectBackupNode(backupNode.dataDir);
  const record = seen.records.find((r) => r.userDid === user.did)!;
  expect(record.current!.id).toBe(firstId);
  expect(record.pending).not.toBeNull();
  // The primary keeps retrying.
  await expect
    .poll(async () => (await vault.backup.state()).message, { timeout: 20_000, interval: 200 })
    .toMatch(/^retrying in \d+ s: cannot reach the backup node/);

  backupNode = await spawn({ app: 'backup-node', dataDir: backupNode.dataDir, port: portOf(backupNode.url) });
  const final = await settled(vault, 120_000);
  expect(final, final.message).toMatchObject({ state: 'backup', result: 'success' });
  expect(final.progress.bytes_total).toBeLessThan(96 * MiB - 10 * MiB);
  const after = (await readRecords(backupNode.dataDir))[0]!;
  expect(after.current!.id).not.toBe(firstId);
  expect(after.current!.files).toBe(97);

  await backupNode.stop();
  await expectNoOrphans(backupNode, user.did);
}, 240_000);

test('kill -9 of the primary, restarted after the credential expired: the job fails cleanly, the backup node abandons the attempt, a sweep removes what it received', async () => {
  const user = newUser();
  let primary = await spawn();
  const backupNode = await spawn({
    app: 'backup-node',
    env: { CELLA_BACKUP_STALE_ATTEMPT: '3', CELLA_BACKUP_SWEEP_INTERVAL: '1' },
  });
  const { vault, firstMessage } = await twoGenerations(user, primary, backupNode);
  const firstId = (await readRecords(backupNode.dataDir))[0]!.current!.id;

  const issued = Date.now();
  await vault.backup.start({ target: { url: backupNode.url }, expiresInSeconds: 8 });
  await whenBlocksArrive(backupNode, 20);
  await primary.kill();
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, issued + 9000 - Date.now())));

  primary = await spawn({ dataDir: primary.dataDir });
  const again = await user.on(primary.url);
  const final = await settled(again);
  expect(final.result).toBe('failed');
  expect(final.message).toMatch(/^backup could not resume: the backup credential was refused: .*expired/);

  // The backup node gives up the idle attempt and sweeps: only the first backup remains.
  await expect
    .poll(async () => (await readRecords(backupNode.dataDir))[0]!.pending, { timeout: 20_000, interval: 250 })
    .toBeNull();
  const there = await user.on(backupNode.url);
  expect((await there.backup.state()).message).toBe(`holding ${firstMessage}`);
  await backupNode.stop();
  const seen = await inspectBackupNode(backupNode.dataDir, { sweep: true });
  expect(seen.records[0]!.current!.id).toBe(firstId);
  expect(seen.holders).toEqual([firstId]);
  expect(seen.pins).toEqual(seen.held);
  expect(seen.blocks).toBe(seen.reachable);
  expect(seen.blocks).toBeLessThan(10); // the 20+ MiB that had arrived are gone
}, 240_000);
