/**
 * `POST /api/v2/vault/import?mode=update` between two real nodes (SQLite + helia): a full export
 * of A into an empty vault on B, then an incremental export of A (since that one) onto B, which
 * holds its base — B answers every query and download as A does, and both nodes' exports name the
 * same content. `GET /api/v2/vault/import` tells what B's content came from. An incremental export
 * whose base B does not hold, a B written since its import, or an incremental export without
 * `mode=update` is refused and leaves B as it was. A full export of the node B's content came from
 * updates it (another node's is refused); `vault.moveTo` sends one when A forgot B's base (410).
 */
import { createDevIdentity, connect, type Vault } from '@cella/sdk';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTempNode, type TempNode } from '../helpers/temp-node.js';
import { bytesOf } from '../backup/helpers.js';
import { snapshot } from './vault-snapshot.js';

let a: TempNode;
let b: TempNode;
let onA: Vault;
let onB: Vault;
const identity = createDevIdentity('key');

interface Exported {
  id: string;
  content: string;
  bytes: Uint8Array;
}

async function exportOf(vault: Vault, since?: string): Promise<Exported> {
  const token = await vault.session.token();
  const query = since ? `?since=${since}` : '';
  const response = await fetch(`${vault.url}/api/v2/vault/export${query}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  const bytes = new Uint8Array(await response.arrayBuffer());
  return {
    id: response.headers.get('x-cella-export-root')!,
    content: response.headers.get('x-cella-export-content')!,
    bytes,
  };
}

async function postImport(vault: Vault, body: Uint8Array, query: string) {
  const token = await vault.session.token();
  const response = await fetch(`${vault.url}/api/v2/vault/import${query}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/vnd.ipld.car' },
    body: Buffer.from(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

async function importState(vault: Vault) {
  const token = await vault.session.token();
  const response = await fetch(`${vault.url}/api/v2/vault/import`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

beforeAll(async () => {
  [a, b] = await Promise.all([startTempNode(), startTempNode()]);
  onA = await connect({ url: a.url, signer: identity.signer });
  onB = await connect({ url: b.url, signer: identity.signer });
  await Promise.all([onA.subscription.subscribe(), onB.subscription.subscribe()]);
  await onA.db.createCollection('notes');
  await onA.db
    .collection('notes')
    .insert(Array.from({ length: 600 }, (_, i) => ({ i, text: `note ${i} `.repeat(12) })));
  await onA.db.collection('notes').createIndex({ i: 1 }, { name: 'by_i', unique: true });
  await onA.scripts.register('first', {
    executable: { type: 'find', collection: 'notes', filter: { i: { $lt: 2 } } },
  });
  for (let i = 0; i < 6; i++) await onA.files.upload(`f/${i}.bin`, bytesOf(`update ${i}`, 70_000 + i));
}, 120_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
});

describe('import of an incremental export (mode=update)', () => {
  test('a full export, then an incremental one since it: B holds what A holds', async () => {
    expect(await importState(onB)).toMatchObject({ export: null, node: null, unchanged: false, empty: true });
    const full = await exportOf(onA);
    const first = await postImport(onB, full.bytes, '?mode=update');
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({ export: full.id, mode: 'update', documents: 601, files: 6 });
    expect(await importState(onB)).toEqual({
      export: full.id,
      node: first.body.node,
      seq: first.body.seq,
      head: first.body.seq,
      unchanged: true,
      empty: false,
    });

    // 1% of A changes: a few documents, one file replaced, one removed, one added.
    await onA.db.collection('notes').update({ i: { $in: [3, 300, 599] } }, { $set: { changed: true } });
    await onA.db.collection('notes').insert([{ i: 600, text: 'new' }]);
    await onA.files.upload('f/1.bin', bytesOf('update changed', 70_001));
    await onA.files.delete('f/2.bin');
    await onA.files.upload('g/new.bin', bytesOf('update new', 5_000));
    const incremental = await exportOf(onA, full.id);
    expect(incremental.bytes.length).toBeLessThan(full.bytes.length / 4);

    // Without mode=update an incremental export is refused, as before.
    const plain = await postImport(onB, incremental.bytes, '?mode=replace');
    expect(plain.status).toBe(400);
    expect(plain.body.error.message).toMatch(/incremental export .*\?mode=update/);

    const second = await postImport(onB, incremental.bytes, '?mode=update');
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect(second.body).toMatchObject({ export: incremental.id, mode: 'update', documents: 602, files: 6 });
    expect(await snapshot(onB)).toEqual(await snapshot(onA));
    expect(await onB.files.hash('f/1.bin')).toBe(await onA.files.hash('f/1.bin'));
    // Both nodes export the same content (the vault block's CID), each under its own signature.
    const [fromA, fromB] = await Promise.all([exportOf(onA), exportOf(onB)]);
    expect(fromB.content).toBe(fromA.content);
    expect(fromB.id).not.toBe(fromA.id);
    expect((await importState(onB)).export).toBe(incremental.id);

    // The same incremental export again: B's last import is not its base any more (409).
    const again = await postImport(onB, incremental.bytes, '?mode=update');
    expect(again.status).toBe(409);
    expect(again.body.error.message).toContain(`completes export ${full.id}`);
    expect(again.body.error.message).toContain(`last imported export ${incremental.id}`);
  });

  test('a vault written since its import refuses an update (409) and keeps its write', async () => {
    const base = (await importState(onB)).export as string;
    await onA.db.collection('notes').insert([{ i: 601 }]);
    const next = await exportOf(onA, base);
    await onB.db.collection('notes').insert([{ i: 10_000, only: 'on B' }]);
    expect((await importState(onB)).unchanged).toBe(false);
    const refused = await postImport(onB, next.bytes, '?mode=update');
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/written after it imported export .*\?mode=replace/);
    expect(await onB.db.collection('notes').count({ i: 10_000 })).toBe(1);
    expect(await onB.db.collection('notes').count({ i: 601 })).toBe(0);
  });

  test("a full export updates a vault unchanged since it imported the same node's export; another node's is refused", async () => {
    const full = await exportOf(onA);
    const reset = await postImport(onB, full.bytes, '?mode=replace'); // B as A's import left it
    expect(reset.status).toBe(201);
    const c = await startTempNode();
    try {
      const onC = await connect({ url: c.url, signer: identity.signer });
      await onC.subscription.subscribe();
      const foreign = await postImport(onB, (await exportOf(onC)).bytes, '?mode=update');
      expect(foreign.status).toBe(409);
      expect(foreign.body.error.message).toContain(`but the vault's content came from ${reset.body.node}`);
    } finally {
      await c.stop();
    }
    // A forgets the export B imported (it keeps its last 4): moveTo sends a full export, update takes it.
    // (Each after a write: two exports of the same content in the same second are one export.)
    for (let i = 0; i < 4; i++) {
      await onA.db.collection('notes').insert([{ i: 602 + i }]);
      await exportOf(onA);
    }
    const steps: string[] = [];
    const result = await onA.moveTo(onB, {
      settleMs: 0,
      onStep: (step) => void steps.push(step.step === 'export' ? `export ${step.incremental}` : step.step),
    });
    expect(steps).toEqual(['export false', 'imported', 'compared']);
    expect(result.to).toBe(b.url);
    expect(await snapshot(onB)).toEqual(await snapshot(onA));
  });
});
