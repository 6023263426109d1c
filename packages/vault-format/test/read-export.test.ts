import * as dagCbor from '@ipld/dag-cbor';
import * as dagPb from '@ipld/dag-pb';
import { asyncIterableReader } from '@ipld/car/decoder';
import type { CID } from 'multiformats/cid';
import { describe, expect, it } from 'vitest';
import {
  carHeader,
  CODECS,
  cidOf,
  fileDagsBlocks,
  ListBuilder,
  readVaultExport,
  sectionHead,
  verifyExport,
  type ExportFormatError,
  type ExportRoot,
} from '../src/index.js';
import { buildExport, otherSigner, sampleVault, sha256, USER } from './build-export.js';

async function refusal(bytes: Uint8Array, options = {}): Promise<ExportFormatError> {
  try {
    await verifyExport(bytes, options);
  } catch (error) {
    return error as ExportFormatError;
  }
  throw new Error('the export was accepted');
}

/** The file with the section of block `cid` replaced by `bytes` (same CID). */
function replaceBlock(file: Uint8Array, original: Uint8Array, replacement: Uint8Array): Uint8Array {
  const at = Buffer.from(file).indexOf(Buffer.from(original));
  if (at < 0) throw new Error('block not found');
  const out = Uint8Array.from(file);
  out.set(replacement, at);
  return out;
}

describe('a vault export read back', () => {
  it('verifies, with the totals, the signer and the user it was written with', async () => {
    const built = await buildExport(sampleVault());
    const summary = await verifyExport(built.bytes, { sha256 });
    expect(summary).toMatchObject({
      id: built.root.toString(),
      user: USER,
      node: (await import('./build-export.js')).nodeSigner.did,
      seq: 42,
      plan: 'Rookie',
      base: null,
      content: built.vault.toString(),
      totals: {
        collections: 3,
        documents: 4,
        pages: 3,
        files: 3,
        file_bytes: 10_010,
        contents: 2,
        content_bytes: 10_005,
      },
      included: { pages: 3, contents: 2 },
      bytes: built.bytes.length,
    });
    // WebCrypto (the default) gives the same answer.
    expect((await verifyExport(new Blob([built.bytes.slice()]))).id).toBe(summary.id);
  });

  it('hands on pages, files and blocks in the layout order', async () => {
    const built = await buildExport(sampleVault());
    const seen: string[] = [];
    for await (const event of readVaultExport(once(built.bytes))) {
      if (event.type === 'page')
        seen.push(`page ${event.space}${event.collection.name} ${event.page.documents}`);
      if (event.type === 'file') seen.push(`file ${event.file.path} ${event.content}`);
      if (event.type === 'block') seen.push('block');
    }
    expect(seen).toEqual([
      'page notes 2',
      'page notes 1',
      'page __app_0123456789abcdef01234567.settings 1',
      'file a/hello.txt included',
      'block',
      'file big.bin included',
      ...Array<string>(4).fill('block'), // the root and three leaves
      'file copy-of-hello.txt repeated',
    ]);
  });

  it("hands a file's raw blocks on as parts through a reader that has them, when its consumer checks them", async () => {
    const built = await buildExport(sampleVault());
    // A reader whose `parts` cuts each block in two views of what it read (as the node's cuts the body's pieces).
    const bytesReader = (source: AsyncIterable<Uint8Array>) => {
      const reader = asyncIterableReader(source);
      return Object.assign(reader, {
        parts: async (length: number) => {
          const bytes = await reader.exactly(length, true);
          return [bytes.subarray(0, length >> 1), bytes.subarray(length >> 1)];
        },
      });
    };
    const seen: string[] = [];
    const leaves: Uint8Array[] = [];
    for await (const event of readVaultExport(once(built.bytes), {
      sha256,
      fileBlocksCheckedByConsumer: true,
      bytesReader,
    })) {
      if (event.type === 'block') seen.push(`block ${event.cid.code === CODECS.dagPb ? 'dag-pb' : 'raw'}`);
      if (event.type === 'block-parts') {
        seen.push(`parts ${event.parts.length}`);
        expect(event.parts.reduce((n, p) => n + p.length, 0)).toBe(event.length);
        leaves.push(Buffer.concat(event.parts));
      }
    }
    // hello.txt is one raw block; big.bin a dag-pb root and three raw leaves.
    expect(seen).toEqual(['parts 2', 'block dag-pb', 'parts 2', 'parts 2', 'parts 2']);
    const [hello, big] = [sampleVault()[0]!.files[0]!.content, sampleVault()[0]!.files[1]!.content];
    expect(Buffer.concat(leaves)).toEqual(Buffer.concat([hello, big]));
    // Without `fileBlocksCheckedByConsumer` the reader checks every block: whole ones.
    let parts = 0;
    for await (const event of readVaultExport(once(built.bytes), { sha256, bytesReader }))
      if (event.type === 'block-parts') parts++;
    expect(parts).toBe(0);
  });

  it('is the same content (vault block) every time the same vault is written', async () => {
    const [a, b] = [await buildExport(sampleVault()), await buildExport(sampleVault())];
    expect(a.vault.toString()).toBe(b.vault.toString());
  });

  it('refuses a page whose bytes were changed', async () => {
    const built = await buildExport(sampleVault());
    const original = new TextEncoder().encode('three');
    const tampered = replaceBlock(built.bytes, original, new TextEncoder().encode('THREE'));
    const error = await refusal(tampered);
    expect(error.code).toBe('BAD_BLOCK');
    expect(error.message).toMatch(/do not hash to its CID/);
  });

  it('refuses a file block whose bytes were changed, also when its consumer checks hashes itself', async () => {
    const built = await buildExport(sampleVault());
    const tampered = replaceBlock(
      built.bytes,
      new TextEncoder().encode('hello'),
      new TextEncoder().encode('HELLO'),
    );
    expect((await refusal(tampered)).code).toBe('BAD_BLOCK');
  });

  it('refuses a manifest that was changed and signed again by another key', async () => {
    const built = await buildExport(sampleVault());
    const rootBytes = built.blocks.get(built.root.toString());
    expect(rootBytes).toBeUndefined(); // the root is not among the layout's source blocks
    // Rebuild the export block with another seq, keep the old signature, and fix the hashes.
    const decoded = (await readRoot(built.bytes)) as ExportRoot;
    const forged = { ...decoded, seq: 43 };
    const error = await refusal(await withRoot(built.bytes, forged));
    expect(error.code).toBe('BAD_SIGNATURE');
    // A root signed by another node's key but naming the first node.
    const stolen = { ...decoded, key: otherSigner.publicKey };
    expect((await refusal(await withRoot(built.bytes, stolen))).message).toMatch(/not the key of/);
  });

  it('refuses a file cut short, wherever it is cut', async () => {
    const built = await buildExport(sampleVault());
    for (const keep of [5, 200, built.bytes.length - 30, built.bytes.length - 1]) {
      const error = await refusal(built.bytes.subarray(0, keep));
      expect(['TRUNCATED', 'NOT_AN_EXPORT']).toContain(error.code);
      expect(error.message).toMatch(/ends|CAR/);
    }
    // Cut exactly after a whole block: the reader knows blocks are missing.
    const leaf = sampleVault()[0]!.files[1]!.content.subarray(8192); // big.bin's last leaf
    const at = Buffer.from(built.bytes).lastIndexOf(Buffer.from(leaf));
    const cut = at - (await leafHead(leaf)).length;
    const error = await refusal(built.bytes.subarray(0, cut));
    expect(error.code).toBe('TRUNCATED');
    expect(error.message).toMatch(/ends before block of "big.bin"/);
  });

  it('refuses a block the manifest does not name, and another user’s export when told whose it must be', async () => {
    const built = await buildExport(sampleVault());
    const extra = new TextEncoder().encode('smuggled');
    const cid = await cidOf(CODECS.raw, extra, sha256);
    const longer = Buffer.concat([built.bytes, sectionHead(cid, extra.length), extra]);
    expect((await refusal(longer)).code).toBe('UNEXPECTED_BLOCK');
    const error = await refusal(built.bytes, { user: 'did:elastos:iSomeoneElse' });
    expect(error.code).toBe('WRONG_USER');
    expect(error.message).toContain(USER);
  });

  it('refuses what is not a CAR', async () => {
    expect((await refusal(new TextEncoder().encode('{"not": "a car"}'))).code).toBe('NOT_AN_EXPORT');
    expect((await refusal(new Uint8Array())).code).toBe('NOT_AN_EXPORT');
  });

  it('reads an incremental export that leaves pages and contents to its base, and no full one that lacks them', async () => {
    const base = await buildExport(sampleVault());
    const changed = sampleVault();
    changed[0]!.collections[0]!.pages[1] = [{ _id: 3, text: 'three, edited' }];
    const inBase = new Set([...base.pages.map((p) => p.cid.toString()), ...base.contents.map(String)]);
    const incremental = await buildExport(changed, {
      base: base.root,
      includePage: (page) => !inBase.has(page.cid.toString()),
      includeContent: (cid) => !inBase.has(cid.toString()),
    });
    const summary = await verifyExport(incremental.bytes, { sha256 });
    expect(summary.base).toBe(base.root.toString());
    expect(summary.included).toEqual({ pages: 1, contents: 0 });
    expect(incremental.bytes.length).toBeLessThan(base.bytes.length / 2);
    // The same leaving-out without a base is a full export with blocks missing.
    const lacking = await buildExport(changed, { includePage: (page) => !inBase.has(page.cid.toString()) });
    expect((await refusal(lacking.bytes)).code).toBe('UNEXPECTED_BLOCK');
  });
});

describe('lists of the manifest', () => {
  it('are trees of small nodes, and an edit changes only a few of them', async () => {
    const build = async (edit?: number) => {
      const blocks = new Map<string, Uint8Array>();
      const list = new ListBuilder<unknown>((b) => void blocks.set(b.cid.toString(), b.bytes), sha256);
      for (let i = 0; i < 20_000; i++) await list.add({ path: `file-${i}`, size: i === edit ? -1 : i });
      return { root: await list.finish(), blocks };
    };
    const a = await build();
    const b = await build(12_345);
    expect(a.blocks.size).toBeGreaterThan(20);
    const changed = [...b.blocks.keys()].filter((k) => !a.blocks.has(k));
    expect(changed.length).toBeLessThanOrEqual(4);
    for (const bytes of a.blocks.values()) expect(bytes.length).toBeLessThan(300 * 1024);
    // Read back in order.
    const entries: unknown[] = [];
    const get = async (cid: { toString(): string }) => dagCbor.decode(a.blocks.get(cid.toString())!);
    for await (const entry of listEntriesLoose(a.root, get)) entries.push(entry);
    expect(entries.length).toBe(20_000);
    expect(entries[12_345]).toEqual({ path: 'file-12345', size: 12_345 });
  });

  it('of no entries are one empty leaf', async () => {
    const blocks: Uint8Array[] = [];
    const list = new ListBuilder<unknown>((b) => void blocks.push(b.bytes), sha256);
    await list.finish();
    expect(blocks.map((b) => dagCbor.decode(b))).toEqual([{ entries: [] }]);
  });
});

/** Entries of a list without an entry schema (the page schema would refuse these test entries). */
async function* listEntriesLoose(
  root: unknown,
  get: (cid: never) => Promise<unknown>,
): AsyncGenerator<unknown> {
  const stack = [root];
  while (stack.length > 0) {
    const node = (await get(stack.pop() as never)) as { entries?: unknown[]; parts?: unknown[] };
    if (node.parts) for (let i = node.parts.length - 1; i >= 0; i--) stack.push(node.parts[i]);
    else yield* node.entries!;
  }
}

async function leafHead(leaf: Uint8Array): Promise<Uint8Array> {
  return sectionHead(await cidOf(CODECS.raw, leaf, sha256), leaf.length);
}

async function* once(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  yield bytes;
}

async function readRoot(bytes: Uint8Array): Promise<unknown> {
  for await (const event of readVaultExport(once(bytes))) if (event.type === 'manifest') return event.root;
  throw new Error('no manifest');
}

/** The export with its root block replaced by `root` (header and root section rewritten). */
async function withRoot(bytes: Uint8Array, root: unknown): Promise<Uint8Array> {
  const original = await readRoot(bytes);
  const oldRoot = dagCbor.encode(original);
  const newBytes = dagCbor.encode(root);
  const newCid = await cidOf(CODECS.dagCbor, newBytes, sha256);
  const oldCid = await cidOf(CODECS.dagCbor, oldRoot, sha256);
  const prefix = carHeader(oldCid).length + sectionHead(oldCid, oldRoot.length).length + oldRoot.length;
  return Buffer.concat([
    carHeader(newCid),
    sectionHead(newCid, newBytes.length),
    newBytes,
    bytes.subarray(prefix),
  ]);
}

describe('file DAGs read ahead', () => {
  it('give the blocks in the order read one at a time gives, with at most `readAhead` reads at once', async () => {
    const blocks = new Map<string, Uint8Array>();
    const leaf = async (text: string) => {
      const bytes = new TextEncoder().encode(text);
      const cid = await cidOf(CODECS.raw, bytes, sha256);
      blocks.set(cid.toString(), bytes);
      return cid;
    };
    const interior = async (links: CID[]) => {
      const bytes = dagPb.encode(
        dagPb.prepare({ Links: links.map((Hash) => ({ Hash, Name: '', Tsize: 1 })) }),
      );
      const cid = await cidOf(CODECS.dagPb, bytes, sha256);
      blocks.set(cid.toString(), bytes);
      return cid;
    };
    // One-block files between two-level DAGs: pre-order within each, one after another.
    const roots = [
      await leaf('a'),
      await interior([await interior([await leaf('b1'), await leaf('b2')]), await leaf('b3')]),
      await leaf('c'),
      await interior([await leaf('d1'), await leaf('d2'), await leaf('d3'), await leaf('d4')]),
    ];
    let reading = 0;
    let most = 0;
    const get = async (cid: CID) => {
      most = Math.max(most, ++reading);
      await new Promise((resolve) => setTimeout(resolve, 1));
      reading--;
      return blocks.get(cid.toString())!;
    };
    const order = async (readAhead: number) => {
      const out: string[] = [];
      for await (const { cid } of fileDagsBlocks(roots, get, readAhead)) out.push(cid.toString());
      return out;
    };
    const one = await order(1);
    expect(one).toHaveLength(12);
    expect(most).toBe(1);
    most = 0;
    expect(await order(4)).toEqual(one);
    expect(most).toBeGreaterThan(1);
    expect(most).toBeLessThanOrEqual(4);
  });
});
