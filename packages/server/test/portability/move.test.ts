/**
 * `vault.moveTo(url)` between two real node processes over loopback (SQLite + helia): a move
 * stopped after the first copy and one cut by kill -9 of the target mid-stream both restart and
 * finish with an incremental export (the full copy is not sent again); a write on the source during
 * the move travels in one more round; afterwards the target answers every query and download as
 * the source did, and every write on the source is refused (403 VAULT_MOVED) naming the target.
 */
import { CellaApiError, connect, createDevIdentity, type MoveStep, type Vault } from '@cella/sdk';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { spawnNode, type SpawnedNode } from '../../src/testing/index.js';
import { bytesOf } from '../backup/helpers.js';
import { snapshot } from './vault-snapshot.js';

const identity = createDevIdentity('key');
let a: SpawnedNode;
let b: SpawnedNode | undefined;
let onA: Vault;

async function importState(vault: Vault) {
  const token = await vault.session.token();
  const response = await fetch(`${vault.url}/api/v2/vault/import`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return (await response.json()) as { export: string | null; unchanged: boolean; empty: boolean };
}

beforeAll(async () => {
  [a, b] = await Promise.all([spawnNode(), spawnNode()]);
  onA = await connect({ url: a.url, signer: identity.signer });
  await onA.subscription.subscribe();
  await (await connect({ url: b.url, signer: identity.signer })).subscription.subscribe();
  await onA.db.createCollection('notes');
  await onA.db
    .collection('notes')
    .insert(Array.from({ length: 500 }, (_, i) => ({ i, text: `note ${i} `.repeat(8) })));
  await onA.db.collection('notes').createIndex({ i: 1 }, { name: 'by_i', unique: true });
  await onA.scripts.register('first', {
    executable: { type: 'find', collection: 'notes', filter: { i: { $lt: 2 } } },
  });
  for (let i = 0; i < 3; i++) await onA.files.upload(`f/${i}.bin`, bytesOf(`move ${i}`, 512 * 1024 + i));
}, 120_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
});

describe('vault.moveTo between two node processes', () => {
  test('stopped, killed mid-stream, restarted: finishes incrementally; the source refuses writes naming the target', async () => {
    // 1. The first copy completes on B, then the move stops (the caller aborts): A is not moved.
    const stop = new AbortController();
    const first = await onA
      .moveTo(b!.url, {
        signal: stop.signal,
        onStep: (step) => {
          if (step.step === 'imported') stop.abort(new Error('stopped by the test'));
        },
      })
      .catch((error: Error) => error);
    expect(first).toBeInstanceOf(Error);
    expect((first as Error).message).toContain('stopped by the test');
    const copied = await importState(await connect({ url: b!.url, signer: identity.signer }));
    expect(copied).toMatchObject({ unchanged: true, empty: false });
    await onA.db.collection('notes').insert([{ i: 500, text: 'after the first copy' }]);

    // 2. A big change on A; the move sends it incrementally and B is killed (-9) mid-stream.
    await onA.files.upload('g/big.bin', bytesOf('move big', 3 * 1024 * 1024));
    const steps: MoveStep[] = [];
    let killed: Promise<void> | undefined;
    const second = await onA
      .moveTo(b!.url, {
        onStep: (step) => void steps.push(step),
        onProgress: (sent, total) => {
          if (!killed && total !== undefined && sent > total / 2) killed = b!.kill();
        },
      })
      .catch((error: Error) => error);
    expect(killed, 'B was killed mid-stream').toBeDefined();
    expect(second).toBeInstanceOf(Error);
    expect(steps[0]).toMatchObject({ step: 'export', incremental: true });
    await killed;
    b = await spawnNode({ dataDir: b!.dataDir });
    // All or nothing: B still holds the first copy, unchanged.
    expect(await importState(await connect({ url: b.url, signer: identity.signer }))).toMatchObject({
      export: copied.export,
      unchanged: true,
    });

    // 3. Restarted: an incremental export again; a write on A after the compare makes one more round.
    steps.length = 0;
    let wrote = false;
    const result = await onA.moveTo(b.url, {
      onStep: async (step) => {
        steps.push(step);
        if (step.step === 'compared' && !wrote) {
          wrote = true;
          await onA.db.collection('notes').insert([{ i: 501, text: 'during the move' }]);
        }
      },
    });
    expect(
      steps.filter((s) => s.step === 'export').map((s) => (s as { incremental: boolean }).incremental),
    ).toEqual([true, true]);
    expect(steps.some((s) => s.step === 'changed')).toBe(true);
    expect(result).toMatchObject({ to: b.url, transfers: 2, documents: 503, files: 4 });

    // B answers as A did, the write made during the move included.
    const onB = await connect({ url: b.url, signer: identity.signer });
    expect(await snapshot(onB)).toEqual(await snapshot(onA));
    expect(await onB.db.collection('notes').count({ i: 501 })).toBe(1);
    expect(await onB.scripts.run('first')).toEqual(await onA.scripts.run('first'));

    // A refuses every write, naming B; it still reads.
    for (const write of [
      () => onA.db.collection('notes').insert([{ i: 502 }]),
      () => onA.files.upload('late.txt', 'late'),
      () => onA.db.createCollection('late'),
    ]) {
      const refused = await write().catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(CellaApiError);
      expect((refused as CellaApiError).code).toBe('VAULT_MOVED');
      expect((refused as CellaApiError).message).toContain(`moved to ${b.url}`);
    }
    expect(await onA.db.collection('notes').count()).toBe(502);

    // Moving again converges: nothing to send but an empty difference, A marked again.
    const again = await onA.moveTo(b.url);
    expect(again).toMatchObject({ transfers: 1, content: result.content });
  }, 180_000);
});
