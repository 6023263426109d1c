/**
 * Incremental exports (`GET /api/v2/vault/export?since=`) on a real node (SQLite + helia): after 1%
 * of the documents and files change, the export since a full one carries exactly the pages and file
 * contents the full one did not hold (its manifest whole, naming its base); the full export's blocks
 * plus the incremental's reproduce the vault as it is now; `since` takes an export id or an event
 * cursor; a malformed or future cursor is 400, an unknown export or one past retention 410.
 */
import { deserialize } from 'bson';
import { readVaultExport, type ExportSummary } from '@cella/vault-format';
import type { Vault } from '@cella/sdk';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTempNode, type TempNode } from '../helpers/temp-node.js';
import { rawCall, signedInUser } from '../helpers/users.js';
import { bytesOf } from '../backup/helpers.js';

const DOCUMENTS = 1000;
const FILES = 100;
const FILE_BYTES = 32 * 1024;

let node: TempNode;
let alice: Vault;

beforeAll(async () => {
  node = await startTempNode();
  alice = await signedInUser(node.url);
  await alice.subscription.subscribe();
  await alice.db.createCollection('notes');
  await alice.db
    .collection('notes')
    .insert(Array.from({ length: DOCUMENTS }, (_, i) => ({ i, text: `note ${i} `.repeat(12) })));
  for (let f = 0; f < FILES; f++)
    await alice.files.upload(`files/${f}.bin`, bytesOf(`file ${f}`, FILE_BYTES));
}, 120_000);

afterAll(async () => {
  await node?.stop();
});

interface Read {
  response: Response;
  bytes: Uint8Array;
  summary: ExportSummary;
  /** Every page of the manifest (CID → bytes when this CAR carries it, else null). */
  pages: Map<string, Uint8Array | null>;
  /** Every file entry: path → content CID; and the contents this CAR carries. */
  files: Map<string, string>;
  contents: Set<string>;
  /** Blocks of the file contents this CAR carries. */
  blocks: Map<string, Uint8Array>;
}

async function exportOf(query = ''): Promise<Read> {
  const token = await alice.session.token();
  const response = await fetch(`${node.url}/api/v2/vault/export${query}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(
    response.status,
    await response
      .clone()
      .text()
      .then((t) => t.slice(0, 300)),
  ).toBe(200);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const read: Omit<Read, 'summary'> & { summary?: ExportSummary } = {
    response,
    bytes,
    pages: new Map(),
    files: new Map(),
    contents: new Set(),
    blocks: new Map(),
  };
  for await (const event of readVaultExport(
    (async function* () {
      yield bytes;
    })(),
  )) {
    if (event.type === 'page') read.pages.set(event.page.cid.toString(), event.bytes);
    if (event.type === 'file') {
      read.files.set(event.file.path, event.file.cid.toString());
      if (event.content === 'included') read.contents.add(event.file.cid.toString());
    }
    if (event.type === 'block') read.blocks.set(event.cid.toString(), event.bytes);
    if (event.type === 'end') read.summary = event.summary;
  }
  return read as Read;
}

/** The documents of `pages` (in order), with the bytes found in any of `sources`. */
function documentsOf(pages: Map<string, Uint8Array | null>, sources: Read[]): Record<string, unknown>[] {
  const docs: Record<string, unknown>[] = [];
  for (const cid of pages.keys()) {
    const bytes = sources.map((s) => s.pages.get(cid)).find((b) => b instanceof Uint8Array);
    expect(bytes, `page ${cid} is in neither export`).toBeInstanceOf(Uint8Array);
    for (let at = 0; at < bytes!.length;) {
      const length = new DataView(bytes!.buffer, bytes!.byteOffset + at).getInt32(0, true);
      docs.push(deserialize(bytes!.subarray(at, at + length)));
      at += length;
    }
  }
  return docs;
}

describe('incremental export', () => {
  let full: Read;
  let incremental: Read;
  const changedDocs = Array.from({ length: DOCUMENTS / 100 }, (_, k) => k * 100 + 37);
  const changedFile = 'files/42.bin';
  const newContent = bytesOf('changed file 42', FILE_BYTES);

  test('after 1% of documents and files change, only the changed pages and contents travel', async () => {
    full = await exportOf();
    expect(full.summary.base).toBeNull();
    for (const i of changedDocs)
      await alice.db.collection('notes').update({ i }, { $set: { text: `changed ${i}` } });
    await alice.files.upload(changedFile, newContent);

    incremental = await exportOf(`?since=${full.summary.id}`);
    expect(incremental.response.headers.get('x-cella-export-base')).toBe(full.summary.id);
    expect(incremental.summary.base).toBe(full.summary.id);
    // The manifest is whole: the vault's totals, as a full export gives them.
    expect(incremental.summary.totals).toMatchObject({ files: FILES, contents: FILES });
    expect(incremental.summary.totals.documents).toBe(full.summary.totals.documents);

    // Exactly the pages and contents the base did not hold are carried.
    const newPages = [...incremental.pages.keys()].filter((cid) => !full.pages.has(cid));
    const carried = [...incremental.pages].filter(([, bytes]) => bytes !== null).map(([cid]) => cid);
    expect(carried.sort()).toEqual(newPages.sort());
    expect(carried.length).toBeGreaterThan(0);
    expect(carried.length).toBeLessThanOrEqual(2 * changedDocs.length);
    expect([...incremental.contents]).toEqual([await alice.files.hash(changedFile)]);

    const ratio = incremental.bytes.length / full.bytes.length;
    console.log(
      `incremental export after 1% of ${DOCUMENTS} documents and ${FILES} files changed: ${incremental.bytes.length} of ${full.bytes.length} bytes (${(ratio * 100).toFixed(2)}%), ${carried.length} of ${incremental.pages.size} pages`,
    );
  });

  test('the full export plus the incremental reproduce the vault as it is now', async () => {
    const docs = documentsOf(incremental.pages, [incremental, full]);
    const notes = docs.filter((doc) => typeof doc.i === 'number');
    expect(notes).toHaveLength(DOCUMENTS);
    const now = await alice.db
      .collection('notes')
      .find({}, { sort: { i: 1 }, limit: DOCUMENTS })
      .toArray();
    expect(now).toHaveLength(DOCUMENTS);
    const byI = new Map(notes.map((doc) => [doc.i as number, doc]));
    for (const doc of now) expect(byI.get(doc.i as number)?.text).toBe(doc.text);
    for (const i of changedDocs) expect(byI.get(i)?.text).toBe(`changed ${i}`);

    // Every file's content: its root block in one of the two CARs, the node's CID for it.
    for (const [path, cid] of incremental.files) {
      expect(incremental.blocks.has(cid) || full.blocks.has(cid), path).toBe(true);
    }
    expect(incremental.files.get(changedFile)).toBe(await alice.files.hash(changedFile));
    expect(full.files.get(changedFile)).not.toBe(incremental.files.get(changedFile));
  });

  test('since an event cursor: the newest export at or before it is the base', async () => {
    const fromFullCursor = await exportOf(`?since=${full.summary.seq}`);
    expect(fromFullCursor.summary.base).toBe(full.summary.id);
    // The incremental export was recorded too: from its cursor on, nothing new travels.
    const fromNow = await exportOf(`?since=${incremental.summary.seq}`);
    expect([full.summary.id, incremental.summary.id, fromFullCursor.summary.id]).toContain(
      fromNow.summary.base,
    );
    expect(fromNow.summary.included).toEqual({ pages: 0, contents: 0 });
    expect(fromNow.summary.content).toBe(incremental.summary.content);
  });

  test('400 for a malformed or future cursor, 410 for an export it does not know', async () => {
    for (const since of ['abc', '-1', '01', '1.5', 'bafyreinotacid'])
      expect((await rawCall(alice, 'GET', `/api/v2/vault/export?since=${since}`)).status, since).toBe(400);
    const ahead = await rawCall(alice, 'GET', '/api/v2/vault/export?since=999999999');
    expect(ahead.status).toBe(400);
    expect(ahead.body.error.message).toMatch(/ahead of the newest event/);
    expect((await rawCall(alice, 'GET', '/api/v2/vault/export?colour=red')).status).toBe(400);
    const unknown = 'bafyreiepgsauoycacbrdnspivlpd7svqrvaqqvmg4tdqy4fwyacbvcot2a';
    const gone = await rawCall(alice, 'GET', `/api/v2/vault/export?since=${unknown}`);
    expect(gone.status).toBe(410);
    expect(gone.body.error.message).toMatch(/keeps no export/);
    // Another user's export is not a base for this one.
    const bob = await signedInUser(node.url);
    await bob.subscription.subscribe();
    const refused = await rawCall(bob, 'GET', `/api/v2/vault/export?since=${full.summary.id}`);
    expect(refused.status).toBe(410);
  });

  test('a cursor older than the events kept is 410, as on the change feed', async () => {
    const short = await startTempNode({ eventsRetentionSeconds: 1 });
    try {
      const bob = await signedInUser(short.url);
      await bob.subscription.subscribe();
      const c = await bob.db.createCollection('c');
      await c.insert([{ n: 1 }]);
      await new Promise((r) => setTimeout(r, 1300));
      await c.insert([{ n: 2 }]);
      const gone = await rawCall(bob, 'GET', '/api/v2/vault/export?since=1');
      expect(gone.status).toBe(410);
      expect(gone.body.error.message).toMatch(/older than the events this vault still keeps/);
      expect(gone.body.oldest_cursor).toEqual(expect.any(String));
    } finally {
      await short.stop();
    }
  });
});
