/**
 * The cross-engine round trip: a vault exported from a node on SQLite + helia imports into a node
 * on MongoDB (FerretDB from the cached binary, or MONGODB_URI) + kubo, answers every query and
 * download the same, and its files' CIDs are the ones the kubo daemon serves their bytes by. Then
 * the vault moves there (`vault.moveTo`): an incremental export applied onto the MongoDB vault (the
 * base's pages cut again from what MongoDB stores), both nodes' exports naming the same content.
 * Skipped loudly without FerretDB or kubo.
 */
import { CellaApiError, connect, createDevIdentity, type Vault } from '@cella/sdk';
import { kuboBinary, startKubo, type KuboDaemon } from '@cella/block-store/testing';
import { mongoTargetAvailable, startMongoTarget, type MongoTarget } from '@cella/document-store/testing';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildExport } from '../../../vault-format/test/build-export.js';
import { startTempNode, type TempNode } from '../helpers/temp-node.js';
import { bytesOf } from '../backup/helpers.js';
import { snapshot } from './vault-snapshot.js';

const available =
  mongoTargetAvailable() && (process.env.KUBO_API_URL !== undefined || kuboBinary() !== undefined);
if (!available)
  console.warn(
    `\n${'!'.repeat(100)}\nSKIPPED: the cross-engine import (SQLite + helia → MongoDB + kubo) did not run: it needs FerretDB ` +
      '(scripts/services/ferretdb.sh) or MONGODB_URI, and kubo (scripts/services/kubo.sh) or KUBO_API_URL.\n' +
      `${'!'.repeat(100)}\n`,
  );

const identity = createDevIdentity('key');
let a: TempNode;
let b: TempNode;
let mongo: MongoTarget | null = null;
let kubo: KuboDaemon | undefined;
let kuboUrl: string;
let onA: Vault;
let onB: Vault;
const big = bytesOf('engines', 3 * 1024 * 1024 + 17);

/** Everything a user reads of a vault but the database bytes (each engine counts its own). */
async function answers(vault: Vault) {
  const { usage, ...read } = await snapshot(vault);
  return {
    ...read,
    filesUsed: usage.storage_used - usage.database_used,
    ranges: {
      sorted: await vault.db
        .collection('notes')
        .find({ n: { $gte: 10, $lt: 20 } }, { sort: { n: -1 } })
        .toArray(),
      count: await vault.db.collection('notes').count({ tag: 'b' }),
    },
  };
}

describe.skipIf(!available)('vault import across engines', () => {
  beforeAll(async () => {
    mongo = await startMongoTarget();
    if (!mongo) throw new Error('no MongoDB target');
    if (process.env.KUBO_API_URL) kuboUrl = process.env.KUBO_API_URL;
    else {
      kubo = await startKubo();
      kuboUrl = kubo.apiUrl;
    }
    [a, b] = await Promise.all([
      startTempNode(),
      startTempNode({ mongodbUri: mongo.uri, ipfsApiUrl: kuboUrl }),
    ]);
    onA = await connect({ url: a.url, signer: identity.signer });
    await onA.subscription.subscribe();
    await onA.db.createCollection('notes');
    await onA.db
      .collection('notes')
      .insert(
        Array.from({ length: 150 }, (_, n) => ({ n, tag: n % 2 ? 'a' : 'b', at: new Date(n * 60_000) })),
      );
    await onA.db.collection('notes').createIndex({ n: -1 }, { name: 'by_n', unique: true });
    await onA.scripts.register('some_notes', {
      executable: { type: 'find', collection: 'notes', filter: { n: { $lt: 5 } } },
    });
    await onA.files.upload('media/big.bin', big);
    await onA.files.upload('note.txt', 'a small file');
    onB = await connect({ url: b.url, signer: identity.signer });
    await onB.subscription.subscribe();
  }, 180_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await kubo?.stop();
    await mongo?.stop();
  });

  test('exported from SQLite + helia, imported into MongoDB + kubo: the same answers, CIDs kubo serves', async () => {
    const token = await onA.session.token();
    const car = new Uint8Array(
      await (
        await fetch(`${a.url}/api/v2/vault/export`, { headers: { authorization: `Bearer ${token}` } })
      ).arrayBuffer(),
    );
    const result = await onB.importVault(car);
    expect(result).toMatchObject({ documents: 151, files: 2 });
    // As a client reads them (the JSON the two nodes answer: the SDK's decoded values may differ by
    // their classes alone, not by what they say).
    const json = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;
    const [onNodeB, onNodeA] = [await answers(onB), await answers(onA)];
    for (const key of Object.keys(onNodeA) as (keyof typeof onNodeA)[])
      expect(json(onNodeB[key]), key).toEqual(json(onNodeA[key]));
    expect(await onB.scripts.run('some_notes')).toEqual(await onA.scripts.run('some_notes'));
    for (const path of ['media/big.bin', 'note.txt']) {
      const cid = await onA.files.hash(path);
      expect(await onB.files.hash(path)).toBe(cid);
      // The kubo daemon itself serves the content under that CID.
      const served = await fetch(`${kuboUrl}/api/v0/cat?arg=${cid}`, { method: 'POST' });
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer())).toEqual(Buffer.from(await onA.files.bytes(path)));
    }
  }, 120_000);

  test('then moved (vault.moveTo): an incremental export onto MongoDB + kubo, both engines holding the same content', async () => {
    await onA.db.collection('notes').update({ n: { $in: [3, 77] } }, { $set: { tag: 'c' } });
    await onA.db.collection('notes').insert([{ n: 150, tag: 'b', at: new Date(0) }]);
    await onA.files.upload('note.txt', 'a changed small file');
    const steps: string[] = [];
    const result = await onA.moveTo(onB, {
      onStep: (step) => void steps.push(step.step === 'export' ? `export ${step.incremental}` : step.step),
    });
    expect(steps).toEqual(['export true', 'imported', 'compared']);
    expect(result).toMatchObject({ to: b.url, transfers: 1, documents: 152, files: 2 });
    const json = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;
    const [onNodeB, onNodeA] = [await answers(onB), await answers(onA)];
    for (const key of Object.keys(onNodeA) as (keyof typeof onNodeA)[])
      expect(json(onNodeB[key]), key).toEqual(json(onNodeA[key]));
  }, 120_000);

  test('on MongoDB + kubo, an export whose pages repeat an _id is refused (duplicate key), the vault left empty', async () => {
    const carol = await connect({ url: b.url, signer: createDevIdentity('key').signer });
    await carol.subscription.subscribe();
    const before = await snapshot(carol);
    // About 1 KiB documents: 300 of them pass the import's 256 KiB insert batch.
    const docs = (from: number) =>
      Array.from({ length: 300 }, (_, i) => ({ _id: `d${from + i}`, text: 'x'.repeat(1000) }));
    // Within a batch the engine names the repeated _id (as SQLite does); across batches the server
    // refuses the insert, and FerretDB's refusal does not say which _id.
    const repeats: [string, Record<string, unknown>[][], string][] = [
      ['in one batch', [[{ _id: 'x' }, { _id: 'y' }], [{ _id: 'x' }]], ': _id "x"'],
      ['across batches', [docs(0), docs(300), [{ _id: 'd5' }]], ''],
    ];
    for (const [where, pages, id] of repeats) {
      const { bytes, contents } = await buildExport(
        [
          {
            prefix: '',
            collections: [{ name: 'notes', pages }],
            files: [{ path: 'f.txt', content: new TextEncoder().encode('carol only') }],
          },
        ],
        { user: carol.did },
      );
      const refused = await carol.importVault(bytes).catch((error: unknown) => error);
      expect(refused, where).toBeInstanceOf(CellaApiError);
      expect(refused, where).toMatchObject({ status: 455, code: 'ALREADY_EXISTS' });
      expect((refused as Error).message, where).toContain(
        `a document with this _id already exists: duplicate key${id}`,
      );
      expect(await snapshot(carol), where).toEqual(before);
      expect(await b.ctx.files.refCount(contents[0]!.toString()), where).toBe(0);
    }
  }, 60_000);
});
