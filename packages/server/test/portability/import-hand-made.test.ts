/**
 * POST /api/v2/vault/import of hand-made exports on a real node over HTTP (SQLite + helia), built
 * with the format's own writer (vault-format's test builder: a valid signed manifest, every page's
 * hash right):
 * - pages that repeat a document `_id` (in one page, across pages, across the import's insert
 *   batches) are refused with the duplicate-key refusal, and the vault is left exactly as it was
 *   (an empty vault stays empty; `?mode=replace` over a populated vault keeps its documents, files
 *   and usage); the same export without the repeat imports;
 * - an export re-wrapped as CARv2 is refused as not a CARv1 export (the format is CARv1 only,
 *   docs/portability.md), the vault unchanged.
 */
import { connect, createDevIdentity, type Vault } from '@cella/sdk';
import type { CID } from '@cella/vault-format';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildExport, type TestSpace } from '../../../vault-format/test/build-export.js';
import { startTempNode, type TempNode } from '../helpers/temp-node.js';
import { snapshot } from './vault-snapshot.js';
import { postImport } from './post-import.js';

let node: TempNode;
let vault: Vault;

/** The node's reference counts of the export's contents (one per distinct content). */
const refCounts = (contents: CID[]) =>
  Promise.all(contents.map((cid) => node.ctx.files.refCount(cid.toString())));

const encoder = new TextEncoder();
/** Documents of about 1 KiB each: 600 of them pass the import's 256 KiB insert batch. */
const docs = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => ({ _id: from + i, text: 'x'.repeat(1000) }));

/** One collection whose pages are `pages`, a second one clean, and three files. */
function vaultOf(pages: Record<string, unknown>[][]): TestSpace[] {
  return [
    {
      prefix: '',
      collections: [
        { name: 'clean', pages: [[{ _id: 'a' }, { _id: 'b' }]] },
        { name: 'notes', pages },
      ],
      files: [
        { path: 'imported.txt', content: encoder.encode('from the export') },
        { path: 'dir/blob.bin', content: new Uint8Array(5000).map((_, i) => i % 251) },
        { path: 'shared.txt', content: encoder.encode('only here') }, // the content of mine.txt
      ],
    },
  ];
}

beforeAll(async () => {
  node = await startTempNode();
  const identity = createDevIdentity('key');
  vault = await connect({ url: node.url, signer: identity.signer });
  await vault.subscription.subscribe();
}, 60_000);

afterAll(async () => {
  await node?.stop();
});

describe('import of hand-made exports', () => {
  const repeats: [string, Record<string, unknown>[][], RegExp][] = [
    ['in one page', [[{ _id: 1 }, { _id: 2 }, { _id: 1 }]], /_id 1\b/],
    ['across pages', [[{ _id: 'x' }, { _id: 'y' }], [{ _id: 'z' }], [{ _id: 'y' }]], /_id "y"/],
    ['across insert batches', [docs(0, 300), docs(300, 300), docs(600, 300), [{ _id: 5 }]], /_id 5\b/],
  ];

  test('a repeated _id is refused (duplicate key) and leaves an empty vault empty', async () => {
    const before = await snapshot(vault);
    expect(before.collections).toEqual([]);
    for (const [where, pages, id] of repeats) {
      const { bytes, contents } = await buildExport(vaultOf(pages), { user: vault.did });
      const answer = await postImport(vault, bytes);
      expect(answer.status, `${where}: ${answer.body?.error?.message}`).toBe(455);
      expect(answer.body.error.message).toMatch(/a document with this _id already exists: duplicate key/);
      expect(answer.body.error.message, where).toMatch(id);
      expect(await snapshot(vault), where).toEqual(before);
      expect(await refCounts(contents), where).toEqual([0, 0, 0]); // every reference given back
    }
  });

  test('?mode=replace with a repeated _id keeps the documents, files and usage; without it, imports', async () => {
    await vault.db.createCollection('mine');
    await vault.db.collection('mine').insert([{ n: 1 }, { n: 2 }]);
    await vault.files.upload('mine.txt', 'only here');
    const before = await snapshot(vault);
    for (const [where, pages] of repeats) {
      const { bytes, contents } = await buildExport(vaultOf(pages), { user: vault.did });
      const answer = await postImport(vault, bytes, '?mode=replace');
      expect(answer.status, `${where}: ${answer.body?.error?.message}`).toBe(455);
      expect(answer.body.error.message).toMatch(/a document with this _id already exists: duplicate key/);
      expect(await snapshot(vault), where).toEqual(before);
      // The shared content keeps mine.txt's one reference; the export's own ones are given back.
      expect(await refCounts(contents), where).toEqual([0, 0, 1]);
    }

    // Only the repeat was wrong: the same export without it replaces the vault.
    const { bytes, contents } = await buildExport(vaultOf([docs(0, 300), docs(300, 300), docs(600, 300)]), {
      user: vault.did,
    });
    const answer = await postImport(vault, bytes, '?mode=replace');
    expect(answer.status, answer.body?.error?.message).toBe(201);
    expect(answer.body).toMatchObject({ mode: 'replace', documents: 902, files: 3 });
    expect(await refCounts(contents)).toEqual([1, 1, 1]); // shared.txt's, mine.txt's given back
    expect((await vault.db.listCollections()).sort()).toEqual(['clean', 'notes']);
    expect(await vault.db.collection('notes').count({})).toBe(900);
    expect(Buffer.from(await vault.files.bytes('imported.txt')).toString()).toBe('from the export');
    expect((await vault.files.list('', { recursive: true })).map((f) => f.name).sort()).not.toContain(
      'mine.txt',
    );
  });

  test('an export re-wrapped as CARv2 is refused as not a CARv1 export, the vault unchanged', async () => {
    const { bytes } = await buildExport(vaultOf([[{ _id: 1 }]]), { user: vault.did });
    const before = await snapshot(vault);
    const answer = await postImport(vault, carV2(bytes), '?mode=replace');
    expect(answer.status, answer.body?.error?.message).toBe(400);
    expect(answer.body.error.message).toMatch(
      /not a valid vault export \(not_an_export\): the file is not a CARv1 vault export: Invalid CAR version: 2/,
    );
    expect(await snapshot(vault)).toEqual(before);
  });
});

/**
 * A CARv1 wrapped as CARv2 (the CARv2 specification): the 11-byte pragma, the 40-byte header
 * (characteristics, the v1 payload's offset and size, no index), then the v1 bytes unchanged.
 */
function carV2(v1: Uint8Array): Uint8Array {
  const pragma = Uint8Array.from([0x0a, 0xa1, 0x67, 0x76, 0x65, 0x72, 0x73, 0x69, 0x6f, 0x6e, 0x02]);
  const header = Buffer.alloc(40);
  header.writeBigUInt64LE(BigInt(pragma.length + header.length), 16);
  header.writeBigUInt64LE(BigInt(v1.length), 24);
  header.writeBigUInt64LE(0n, 32);
  return Buffer.concat([pragma, header, v1]);
}
