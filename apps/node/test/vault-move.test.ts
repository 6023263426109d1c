/**
 * `cella-node vault move --from A --to B` as a user runs it (a child process, two node processes
 * over loopback): the user's key from a key file (mode 600), never printed; the vault's documents,
 * scripts and files on B afterwards, every write on A refused naming B; the arguments checked
 * (exit code 2) and a target holding data of its own refused (exit code 1, B unchanged).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { CellaApiError, connect, createDevIdentity, type Vault } from '@cella/sdk';
import { spawnNode, type SpawnedNode } from '@cella/server/testing';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseCli } from '../src/cli/main.js';

const run = promisify(execFile);
const appDir = path.resolve(new URL('..', import.meta.url).pathname);
const work = mkdtempSync(path.join(tmpdir(), 'cella-move-'));
const identity = createDevIdentity(); // did:elastos, as the command signs with a key file's key
const keyFile = path.join(work, 'user.key');

let a: SpawnedNode;
let b: SpawnedNode;
let c: SpawnedNode;
let onA: Vault;

const command = (...args: string[]) =>
  run(process.execPath, ['--conditions=@cella/source', '--import', 'tsx', 'src/cli/main.ts', ...args], {
    cwd: appDir,
    timeout: 120_000,
    env: { ...process.env, CELLA_USER_KEY_FILE: keyFile },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );

beforeAll(async () => {
  writeFileSync(keyFile, `${identity.privateKeyHex}\n`, { mode: 0o600 });
  [a, b, c] = await Promise.all([spawnNode(), spawnNode(), spawnNode()]);
  onA = await connect({ url: a.url, signer: identity.signer });
  for (const url of [a.url, b.url, c.url])
    await (await connect({ url, signer: identity.signer })).subscription.subscribe();
  await onA.db.createCollection('notes');
  await onA.db.collection('notes').insert(Array.from({ length: 50 }, (_, i) => ({ i })));
  await onA.scripts.register('all', { executable: { type: 'find', collection: 'notes', filter: {} } });
  await onA.files.upload('dir/hello.txt', 'hello from A');
}, 120_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop(), c?.stop()]);
  rmSync(work, { recursive: true, force: true });
});

describe('cella-node vault move', () => {
  test('arguments: --from and --to required (exit code 2); the key from a key file', async () => {
    expect(
      parseCli(['vault', 'move', '--from', 'http://a:1', '--to', 'http://b:2'], {
        CELLA_USER_KEY_FILE: keyFile,
      }),
    ).toMatchObject({ command: 'move', from: 'http://a:1', to: 'http://b:2', replace: false });
    expect(parseCli(['vault', 'move', '--from', 'http://a:1'], {})).toHaveProperty('help');
    const missing = await command('vault', 'move', '--from', a.url);
    expect(missing.code).toBe(2);
    expect(missing.stdout).toContain('vault move takes --from URL and --to URL');
  });

  test('a target with data of its own stops the move (exit code 1) and keeps its data', async () => {
    const onC = await connect({ url: c.url, signer: identity.signer });
    await onC.db.createCollection('mine');
    const stopped = await command('vault', 'move', '--from', a.url, '--to', c.url);
    expect(stopped.code).toBe(1);
    expect(stopped.stderr).toContain('the move stopped (TARGET_NOT_EMPTY)');
    expect(await onC.db.listCollections()).toEqual(['mine']);
    await onA.db.collection('notes').insert([{ i: 50 }]); // A is still writable
  });

  test('moves the vault: B holds it, A refuses writes naming B, the key is never printed', async () => {
    const moved = await command('vault', 'move', '--from', a.url, '--to', b.url);
    expect(moved.code, moved.stderr).toBe(0);
    expect(moved.stdout).toContain('round 1: sending the whole vault');
    // 51 notes and the script (a document of the scripts collection).
    expect(moved.stdout).toContain(`moved to ${b.url}: 52 documents and 1 files`);
    expect(`${moved.stdout}${moved.stderr}`).not.toContain(identity.privateKeyHex);

    const onB = await connect({ url: b.url, signer: identity.signer });
    expect(await onB.db.collection('notes').count()).toBe(51);
    expect(await onB.scripts.run('all')).toEqual(await onA.scripts.run('all'));
    expect(new TextDecoder().decode(await onB.files.bytes('dir/hello.txt'))).toBe('hello from A');
    const refused = await onA.db
      .collection('notes')
      .insert([{ i: 99 }])
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(CellaApiError);
    expect((refused as CellaApiError).code).toBe('VAULT_MOVED');
    expect((refused as CellaApiError).message).toContain(`moved to ${b.url}`);

    // Run again: nothing left to send but an empty difference; the JSON result names the same content.
    const again = await command('vault', 'move', '--from', a.url, '--to', b.url, '--json');
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ to: b.url, transfers: 1, documents: 52, files: 1 });
  }, 120_000);
});
