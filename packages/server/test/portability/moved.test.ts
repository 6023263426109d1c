/**
 * The moved state (PUT /api/v2/vault/moved) on a real node: only after an export the node knows, and
 * only while the vault has not changed since it; then every write (documents, collections, files,
 * scripts, another user's script run that writes) is refused with 403 VAULT_MOVED naming the new
 * node's URL, reads and exports still answer, and the owner can delete the vault.
 */
import type { Vault } from '@cella/sdk';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTempNode, type TempNode } from '../helpers/temp-node.js';
import { rawCall, signedInUser } from '../helpers/users.js';

const NEW_NODE = 'https://new-node.example:8443';

let node: TempNode;
let alice: Vault;

beforeAll(async () => {
  node = await startTempNode();
  alice = await signedInUser(node.url);
  await alice.subscription.subscribe();
  await alice.db.createCollection('notes');
  await alice.db.collection('notes').insert([{ n: 1 }, { n: 2 }]);
  await alice.files.upload('a.txt', 'hello');
  await alice.scripts.register('put_drop', {
    executable: { type: 'insert', collection: 'notes', document: { n: '$params.n' } },
    allowAnonymous: true,
  });
}, 60_000);

afterAll(async () => {
  await node?.stop();
});

async function exportId(): Promise<string> {
  const token = await alice.session.token();
  const response = await fetch(`${node.url}/api/v2/vault/export`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  await response.arrayBuffer(); // streamed to its end: recorded
  return response.headers.get('x-cella-export-root')!;
}

const markMoved = (vault: Vault, body: unknown) => rawCall(vault, 'PUT', '/api/v2/vault/moved', body);

describe('the moved state', () => {
  test('only after an export the node knows, and only if nothing changed since', async () => {
    const unknown = 'bafyreiepgsauoycacbrdnspivlpd7svqrvaqqvmg4tdqy4fwyacbvcot2a';
    expect((await markMoved(alice, { to: NEW_NODE, export: unknown })).status).toBe(410);
    for (const body of [
      { to: 'ftp://x', export: unknown },
      { to: NEW_NODE },
      { to: NEW_NODE, export: unknown, x: 1 },
    ])
      expect((await markMoved(alice, body)).status).toBe(400);

    const before = await exportId();
    await alice.db.collection('notes').insert([{ n: 3 }]);
    const changed = await markMoved(alice, { to: NEW_NODE, export: before });
    expect(changed.status).toBe(409);
    expect(changed.body.error.message).toMatch(/changed after export/);
    // Still writable: nothing was marked.
    await alice.db.collection('notes').insert([{ n: 4 }]);

    const id = await exportId();
    const marked = await markMoved(alice, { to: NEW_NODE, export: id });
    expect(marked.status).toBe(200);
    expect(marked.body).toMatchObject({ moved_to: NEW_NODE, export: id, moved_at: expect.any(Number) });
  });

  test('every write is refused naming the new node; reads and exports answer', async () => {
    const refusals: (() => Promise<unknown>)[] = [
      () => rawCall(alice, 'POST', '/api/v2/vault/db/collection/notes', { document: [{ n: 5 }] }),
      () => alice.db.collection('notes').insert([{ n: 5 }]),
      () => alice.db.createCollection('more'),
      () => alice.db.collection('notes').delete({ n: 1 }),
      () => alice.files.upload('b.txt', 'new'),
      () => alice.files.delete('a.txt'),
      () =>
        alice.scripts.register('other', {
          executable: { type: 'find', collection: 'notes', filter: {} },
        }),
    ];
    for (const write of refusals) {
      const error = await Promise.resolve()
        .then(write)
        .then(
          (answer: unknown) => answer,
          (e: unknown) => e,
        );
      if (
        error &&
        typeof error === 'object' &&
        'status' in error &&
        'body' in error &&
        !(error instanceof Error)
      ) {
        const raw = error as {
          status: number;
          body: { error: { message: string; internal_code: number }; moved_to: string };
        };
        expect(raw.status).toBe(403);
        expect(raw.body.error.internal_code).toBe(2);
        expect(raw.body.moved_to).toBe(NEW_NODE);
        expect(raw.body.error.message).toContain(NEW_NODE);
      } else {
        expect(error).toMatchObject({
          status: 403,
          code: 'VAULT_MOVED',
          message: expect.stringContaining(NEW_NODE),
        });
      }
    }
    // Another user's run of a script that writes.
    const bob = await signedInUser(node.url);
    const run = await bob.scripts
      .run('put_drop', { owner: alice.did, params: { n: 9 } })
      .catch((e: unknown) => e);
    expect(run).toMatchObject({
      status: 403,
      code: 'VAULT_MOVED',
      message: expect.stringContaining(NEW_NODE),
    });

    expect(await alice.db.collection('notes').count({})).toBe(4);
    expect(await new Response(await alice.files.download('a.txt')).text()).toBe('hello');
    await exportId();
  });

  test('the owner can delete the moved vault; a new one is writable', async () => {
    await alice.subscription.unsubscribe({ force: true });
    await alice.subscription.subscribe();
    await alice.db.createCollection('fresh');
    await alice.db.collection('fresh').insert([{ ok: true }]);
    expect(await alice.db.collection('fresh').count({})).toBe(1);
  });
});
