/**
 * The file endpoints of spec §4 over HTTP, through the SDK and raw requests, on every BlockStore
 * engine (helia embedded; kubo and IPFS Cluster when their binaries are available — see engines.ts).
 */
import { createHash } from 'node:crypto';
import { CellaApiError, type Vault } from '@cella/sdk';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { FilesService } from '../../src/files/index.js';
import { startTempNode, type TempNode } from '../helpers/temp-node.js';
import { signedInUser } from '../helpers/users.js';
import { engines } from './engines.js';
import { dropMidUpload, send, slowDownload } from './http-client.js';

const MiB = 1024 * 1024;
const EMPTY_CID = 'bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku';
const HELLO_CID = 'bafkreicysg23kiwv34eg2d7qweipxwosdo2py4ldv42nbauguluen5v6am';
const VECTOR_3MIB = 'bafybeib5ow2dx4tlmcbuhl5cojsnkbss3ctqapxhphflwe3singsbqpv5a';

/** Deterministic bytes (the block-store suite's generator, so CIDs match its vectors). */
function pattern(length: number, seed = 0): Buffer {
  const out = Buffer.alloc(length);
  let x = (seed * 2654435761 + 1) >>> 0;
  for (let i = 0; i < length; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    out[i] = x >>> 24;
  }
  return out;
}

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

async function refused(promise: Promise<unknown>): Promise<CellaApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CellaApiError);
  return error as CellaApiError;
}

const FILES = '/api/v2/vault/files/';

for (const engine of engines()) {
  describe(`files over HTTP — ${engine.name}`, () => {
    let node: TempNode;
    let alice: Vault;
    let bob: Vault;

    beforeAll(async () => {
      // A test breaks reference counts on purpose: the sweep says it repaired them.
      node = await startTempNode(await engine.config(), {
        allowLog: [/"msg":"files sweep: (repaired a|created a missing) reference count"/],
      });
      alice = await signedInUser(node.url);
      bob = await signedInUser(node.url, 'elastos');
    }, 180_000); // an IPFS Cluster takes a few seconds to start, more on a busy machine
    afterAll(async () => {
      await node?.stop();
      await engine.stop();
    });

    /** A fresh signed-in user (each quota test gets its own vault). */
    const freshUser = async () => {
      const user = await signedInUser(node.url);
      await node.ctx.vaults.open(user.did);
      return user;
    };
    const usage = async (vault: Vault) => (await node.ctx.vaults.find(vault.did))!.filesUsed;

    test('node info names the block engine', async () => {
      const expected = {
        helia: 'helia',
        kubo: 'kubo',
        'IPFS Cluster': 'cluster',
        'helia + MongoDB': 'helia',
      };
      expect((await alice.node.info()).block_engine).toBe(expected[engine.name]);
    });

    describe('round trips', () => {
      test('empty, small and multi-MiB files come back byte for byte, with the CID as hash and ETag', async () => {
        const cases: Array<[string, Buffer, string | undefined]> = [
          ['rt/empty.bin', Buffer.alloc(0), EMPTY_CID],
          ['rt/hello.txt', Buffer.from('hello\n'), HELLO_CID],
          ['rt/three.bin', pattern(3 * MiB + 5, 2), VECTOR_3MIB],
          ['rt/seven.bin', pattern(7 * MiB + 123, 9), undefined],
        ];
        for (const [path, bytes, cid] of cases) {
          const result = await alice.files.upload(path, bytes);
          expect(result).toMatchObject({ name: path, size: bytes.length });
          if (cid) expect(result.cid, path).toBe(cid);
          const back = await alice.files.bytes(path);
          expect(back.length, path).toBe(bytes.length);
          expect(sha(back), path).toBe(sha(bytes));
          expect(await alice.files.hash(path)).toBe(result.cid);
          const stat = await alice.files.stat(path);
          expect(stat).toMatchObject({ name: path, is_file: true, size: bytes.length, cid: result.cid });
          expect(stat.created).toEqual(expect.any(Number));
          const head = await send(alice, { method: 'HEAD', target: `${FILES}${path}` });
          expect(head.status).toBe(200);
          expect(head.headers.etag).toBe(`"${result.cid}"`);
          expect(head.headers['content-length']).toBe(String(bytes.length));
          expect(head.headers['accept-ranges']).toBe('bytes');
          expect(head.body.length).toBe(0);
        }
      });

      test('streamed uploads (web stream, async iterable) with progress; downloads as a web stream', async () => {
        const bytes = pattern(2 * MiB + 17, 4);
        const seen: number[] = [];
        const stream = new ReadableStream<Uint8Array>({
          start(c) {
            for (let i = 0; i < bytes.length; i += 300_000) c.enqueue(bytes.subarray(i, i + 300_000));
            c.close();
          },
        });
        const a = await alice.files.upload('stream/a.bin', stream, { onProgress: (n) => seen.push(n) });
        expect(a.size).toBe(bytes.length);
        expect(seen.at(-1)).toBe(bytes.length);
        async function* pieces() {
          for (let i = 0; i < bytes.length; i += 1 << 20) yield bytes.subarray(i, i + (1 << 20));
        }
        const b = await alice.files.upload('stream/b.bin', pieces(), { size: bytes.length });
        expect(b.cid).toBe(a.cid);
        const progress: Array<[number, number | undefined]> = [];
        await alice.files.upload('stream/c.bin', new Blob([new Uint8Array(bytes)]), {
          onProgress: (n, total) => progress.push([n, total]),
        });
        expect(progress.at(-1)).toEqual([bytes.length, bytes.length]);
        const reader = (await alice.files.download('stream/a.bin')).getReader();
        const chunks: Uint8Array[] = [];
        for (let r = await reader.read(); !r.done; r = await reader.read()) chunks.push(r.value);
        expect(sha(Buffer.concat(chunks))).toBe(sha(bytes));
      });

      test('slow, stalled and concurrent downloads and ranges get every byte (a download reuses its read buffers)', async () => {
        const bytes = pattern(9 * MiB + 7, 11);
        await alice.files.upload('slow/nine.bin', bytes);
        const target = `${FILES}slow/nine.bin`;
        const [whole, stalled, range, fast] = await Promise.all([
          slowDownload(alice, target),
          slowDownload(alice, target, { stallMs: 1000 }),
          slowDownload(alice, target, { headers: { range: `bytes=${MiB - 3}-${6 * MiB + 2}` } }),
          alice.files.bytes('slow/nine.bin'),
        ]);
        expect(whole.status).toBe(200);
        expect(sha(whole.body)).toBe(sha(bytes));
        expect(sha(stalled.body)).toBe(sha(bytes));
        expect(range.status).toBe(206);
        expect(sha(range.body)).toBe(sha(bytes.subarray(MiB - 3, 6 * MiB + 3)));
        expect(sha(fast)).toBe(sha(bytes));
      });

      test('an overwrite replaces the content and keeps the creation time', async () => {
        const first = await alice.files.upload('ow/doc.txt', 'one');
        const before = await alice.files.stat('ow/doc.txt');
        const second = await alice.files.upload('ow/doc.txt', 'two, longer');
        expect(second.cid).not.toBe(first.cid);
        expect(Buffer.from(await alice.files.bytes('ow/doc.txt')).toString()).toBe('two, longer');
        expect((await alice.files.stat('ow/doc.txt')).created).toBe(before.created);
        expect(await node.ctx.files.refCount(first.cid)).toBe(0);
        // The replaced content is released: the next sweep unpins it.
        expect(await node.ctx.files.sweep({ graceMs: 60_000 })).toMatchObject({ ran: true });
        expect(await node.ctx.blocks.isPinned(first.cid)).toBe(false);
        expect(await node.ctx.blocks.isPinned(second.cid)).toBe(true);
      });

      test('unicode and unusual names round-trip and list under their names', async () => {
        const names = [
          'uni/été/日本語 🐱.txt',
          'uni/a b+c&d=e?f#g%h.txt',
          'uni/ｆｕｌｌ\\back',
          'uni/quote\'s "dq"',
        ];
        for (const [i, name] of names.entries()) {
          await alice.files.upload(name, `content ${i}`);
          expect(Buffer.from(await alice.files.bytes(name)).toString()).toBe(`content ${i}`);
        }
        const all = (await alice.files.list('uni', { recursive: true })).map((e) => e.name);
        for (const name of names) expect(all).toContain(name);
        expect(all).toContain('uni/été');
        // NFD and NFC spellings name one file.
        const nfd = 'uni/e\u0301te\u0301/日本語 🐱.txt';
        expect(Buffer.from(await alice.files.bytes(nfd)).toString()).toBe('content 0');
      });
    });

    describe('listing', () => {
      let user: Vault;
      beforeAll(async () => {
        user = await freshUser();
      });

      test('an empty vault lists as []', async () => {
        expect(await user.files.list()).toEqual([]);
      });

      test('direct children include folder entries; recursive lists the tree; sorted by name', async () => {
        for (const path of [
          'top.txt',
          'docs/a.txt',
          'docs/b.txt',
          'docs/sub/c.txt',
          'docs/sub/deeper/d.txt',
          'pics/x.jpg',
        ]) {
          await user.files.upload(path, path);
        }
        const root = await user.files.list();
        expect(root.map((e) => [e.name, e.is_file])).toEqual([
          ['docs', false],
          ['pics', false],
          ['top.txt', true],
        ]);
        expect(root.find((e) => e.name === 'top.txt')).toMatchObject({ size: 7, cid: expect.any(String) });
        expect((await user.files.list('docs')).map((e) => [e.name, e.is_file])).toEqual([
          ['docs/a.txt', true],
          ['docs/b.txt', true],
          ['docs/sub', false],
        ]);
        expect((await user.files.list('docs/', { recursive: true })).map((e) => e.name)).toEqual([
          'docs/a.txt',
          'docs/b.txt',
          'docs/sub',
          'docs/sub/c.txt',
          'docs/sub/deeper',
          'docs/sub/deeper/d.txt',
        ]);
        expect((await user.files.list('', { recursive: true })).length).toBe(10); // 6 files, 4 folders
        expect(await user.files.stat('docs/sub')).toEqual({ name: 'docs/sub', is_file: false, size: 0 });
        expect(await user.files.stat('')).toEqual({ name: '', is_file: false, size: 0 });
      });

      // comp=children and comp=hash are the Hive dialect's answers (every file below, SHA-256):
      // test/hive/collisions.test.ts has both readings of each.
      test('the reference forms work: comp=children, comp=metadata, comp=hash', async () => {
        const children = await send(user, { method: 'GET', target: `${FILES}docs?comp=children` });
        expect(children.status).toBe(200);
        expect(children.json().value.map((e: { name: string }) => e.name)).toEqual([
          'docs/a.txt',
          'docs/b.txt',
          'docs/sub/c.txt',
          'docs/sub/deeper/d.txt',
        ]);
        const meta = await send(user, { method: 'GET', target: `${FILES}docs/a.txt?comp=metadata` });
        expect(meta.json()).toMatchObject({ name: 'docs/a.txt', is_file: true, size: 10 });
        const hash = await send(user, { method: 'GET', target: `${FILES}docs/a.txt?comp=hash` });
        expect(hash.json()).toEqual({
          name: 'docs/a.txt',
          algorithm: 'SHA256',
          hash: createHash('sha256').update('docs/a.txt').digest('hex'),
          cid: meta.json().cid,
        });
      });

      test('a missing folder is 404/6; listing a file is 400', async () => {
        expect(await refused(user.files.list('nope'))).toMatchObject({
          status: 404,
          internalCode: 6,
          code: 'FILE_NOT_FOUND',
        });
        expect(await refused(user.files.list('top.txt'))).toMatchObject({
          status: 400,
          code: 'INVALID_PARAMETER',
        });
        expect(await refused(user.files.stat('nope'))).toMatchObject({ status: 404, internalCode: 6 });
      });

      test('`<file>/hash` is the hash; `<folder>/hash` is the file named hash in it', async () => {
        await user.files.upload('hashes/hash', 'I am a file named hash');
        await user.files.upload('hash', 'a root file named hash');
        const byName = await send(user, { method: 'GET', target: `${FILES}hashes/hash` });
        expect(byName.body.toString()).toBe('I am a file named hash');
        expect(Buffer.from(await user.files.bytes('hash')).toString()).toBe('a root file named hash');
        const ofFile = await send(user, { method: 'GET', target: `${FILES}top.txt/hash` });
        expect(ofFile.json()).toEqual({ name: 'top.txt', cid: expect.stringMatching(/^bafk/) });
        expect(await user.files.hash('hashes/hash')).toMatch(/^bafk/);
        const missing = await send(user, { method: 'GET', target: `${FILES}nothing/hash` });
        expect(missing.status).toBe(404);
      });
    });

    describe('move, copy, delete', () => {
      let user: Vault;
      beforeAll(async () => {
        user = await freshUser();
      });

      test('move renames a file; the old name is gone; usage does not change', async () => {
        const { cid } = await user.files.upload('m/one.txt', 'move me');
        const used = await usage(user);
        await user.files.move('m/one.txt', 'm/renamed/two.txt');
        expect(Buffer.from(await user.files.bytes('m/renamed/two.txt')).toString()).toBe('move me');
        expect(await refused(user.files.bytes('m/one.txt'))).toMatchObject({ status: 404, internalCode: 6 });
        expect(await usage(user)).toBe(used);
        expect(await node.ctx.files.refCount(cid)).toBe(1);
      });

      test('copy shares the content (count 2) and charges the size again', async () => {
        const { cid } = await user.files.upload('c/orig.bin', pattern(1000, 3));
        const used = await usage(user);
        await user.files.copy('c/orig.bin', 'c/copy.bin');
        expect(await user.files.hash('c/copy.bin')).toBe(cid);
        expect(await node.ctx.files.refCount(cid)).toBe(2);
        expect(await usage(user)).toBe(used + 1000);
        await user.files.delete('c/orig.bin');
        expect(await node.ctx.files.refCount(cid)).toBe(1);
        expect(sha(await user.files.bytes('c/copy.bin'))).toBe(sha(pattern(1000, 3)));
        expect(await usage(user)).toBe(used);
      });

      test('folders move, copy and delete with everything in them', async () => {
        for (const p of ['f/a.txt', 'f/sub/b.txt', 'f/sub/c/d.txt']) await user.files.upload(p, p);
        await user.files.copy('f', 'g/f2');
        expect(
          (await user.files.list('g/f2', { recursive: true })).filter((e) => e.is_file).map((e) => e.name),
        ).toEqual(['g/f2/a.txt', 'g/f2/sub/b.txt', 'g/f2/sub/c/d.txt']);
        await user.files.move('f/sub', 'moved');
        expect(
          (await user.files.list('moved', { recursive: true })).filter((e) => e.is_file).map((e) => e.name),
        ).toEqual(['moved/b.txt', 'moved/c/d.txt']);
        expect(Buffer.from(await user.files.bytes('moved/c/d.txt')).toString()).toBe('f/sub/c/d.txt');
        expect((await user.files.list('f')).map((e) => e.name)).toEqual(['f/a.txt']);
        await user.files.delete('g');
        expect(await refused(user.files.list('g'))).toMatchObject({ status: 404 });
        await user.files.delete('moved');
        await user.files.delete('f');
        expect(await refused(user.files.delete('f'))).toMatchObject({ status: 404, internalCode: 6 });
      });

      test('bad moves and copies: onto an existing file 455, missing source 404/6, to == from 400, into itself 400', async () => {
        await user.files.upload('x/1.txt', '1');
        await user.files.upload('x/2.txt', '2');
        for (const op of [
          () => user.files.move('x/1.txt', 'x/2.txt'),
          () => user.files.copy('x/1.txt', 'x/2.txt'),
          () => user.files.move('x/1.txt', 'x'),
        ]) {
          expect(await refused(op())).toMatchObject({ status: 455, code: 'ALREADY_EXISTS' });
        }
        expect(await refused(user.files.move('x/none.txt', 'x/3.txt'))).toMatchObject({
          status: 404,
          internalCode: 6,
        });
        expect(await refused(user.files.move('x/1.txt', 'x/1.txt'))).toMatchObject({
          status: 400,
          code: 'INVALID_PARAMETER',
        });
        expect(await refused(user.files.move('x', 'x/inner'))).toMatchObject({ status: 400 });
        expect(await refused(user.files.move('x/1.txt', 'x/2.txt/under'))).toMatchObject({ status: 455 });
        const noTo = await send(user, {
          method: 'POST',
          target: `${FILES}x/1.txt/move`,
          body: '{}',
          headers: { 'content-type': 'application/json' },
        });
        expect(noTo.status).toBe(400);
        expect(Buffer.from(await user.files.bytes('x/1.txt')).toString()).toBe('1');
      });

      test('a file and a folder cannot share a name (455)', async () => {
        await user.files.upload('clash', 'file');
        await user.files.upload('dir/inside.txt', 'in a folder');
        expect(await refused(user.files.upload('clash/below.txt', 'x'))).toMatchObject({
          status: 455,
          code: 'ALREADY_EXISTS',
        });
        expect(await refused(user.files.upload('dir', 'x'))).toMatchObject({
          status: 455,
          code: 'ALREADY_EXISTS',
        });
      });
    });

    describe('shared content and reference counts', () => {
      test('two users, same bytes: one CID, count 2; one deletes, the other still reads; both delete: the next sweep unpins and collects it', async () => {
        const bytes = pattern(3 * MiB + 11, 77);
        const a = await alice.files.upload('shared/data.bin', bytes);
        const b = await bob.files.upload('theirs.bin', bytes);
        expect(b.cid).toBe(a.cid);
        expect(await node.ctx.files.refCount(a.cid)).toBe(2);
        expect(await node.ctx.blocks.isPinned(a.cid)).toBe(true);
        await alice.files.delete('shared/data.bin');
        expect(await node.ctx.files.refCount(a.cid)).toBe(1);
        await node.ctx.files.sweep({ graceMs: 0 });
        expect(sha(await bob.files.bytes('theirs.bin'))).toBe(sha(bytes));
        await bob.files.delete('theirs.bin');
        expect(await node.ctx.files.refCount(a.cid)).toBe(0);
        const report = await node.ctx.files.sweep({ graceMs: 0 });
        expect(report).toMatchObject({ ran: true, repaired: 0, created: 0, released: 1, removed: 0 });
        expect(await node.ctx.blocks.isPinned(a.cid)).toBe(false);
        expect(report.gcRemoved).toBeGreaterThanOrEqual(5); // 4 leaves + the root at least
        expect(await node.ctx.blocks.hasBlock(a.cid)).toBe(false);
      });

      test('the sweep repairs counts from the metadata and unpins orphans after the grace period', async () => {
        const user = await freshUser();
        const { cid } = await user.files.upload('sweep/a.txt', 'sweep me');
        const refs = node.ctx.nodeDb.collection('cid_refs');
        // A count one too high (a crash between acquire and metadata), one missing, and an orphan pin.
        await refs.updateOne({ _id: cid }, { $set: { count: 5, updated: 0 } });
        const other = await user.files.upload('sweep/b.txt', 'count me');
        await refs.deleteOne({ _id: other.cid });
        const orphan = await node.ctx.blocks.add(
          (async function* () {
            yield Buffer.from('nobody names me');
          })(),
          { pin: true },
        );
        const first = await node.ctx.files.sweep({ graceMs: 60_000 });
        expect(first).toMatchObject({
          ran: true,
          repaired: 1,
          created: 1,
          orphansWaiting: 1,
          orphansUnpinned: 0,
        });
        expect(await node.ctx.files.refCount(cid)).toBe(1);
        expect(await node.ctx.files.refCount(other.cid)).toBe(1);
        expect(await node.ctx.blocks.isPinned(orphan.cid)).toBe(true);
        const second = await node.ctx.files.sweep({ graceMs: 0 });
        expect(second).toMatchObject({ repaired: 0, created: 0, orphansUnpinned: 1 });
        expect(await node.ctx.blocks.isPinned(orphan.cid)).toBe(false);
        expect(await node.ctx.blocks.hasBlock(orphan.cid)).toBe(false);
        expect(Buffer.from(await user.files.bytes('sweep/b.txt')).toString()).toBe('count me');
      });
    });

    test('one sweep at a time node-wide: a second service sharing the stores finds the lease taken', async () => {
      const ctx = node.ctx;
      const other = new FilesService({
        documents: ctx.documents,
        nodeDb: ctx.nodeDb,
        blocks: ctx.blocks,
        vaults: ctx.vaults,
        clock: ctx.clock,
        log: ctx.log,
        settings: { sweepIntervalMs: 0, sweepGraceMs: 0, collectDelayMs: 1000 },
      });
      const [a, b] = await Promise.all([ctx.files.sweep({ graceMs: 0 }), other.sweep({ graceMs: 0 })]);
      expect([a.ran, b.ran].sort()).toEqual([false, true]);
      expect((await other.sweep({ graceMs: 0 })).ran).toBe(true); // released afterwards
    });

    describe('bad input', () => {
      test('traversal, empty, overlong, invalid UTF-8, NUL and empty segments are 400', async () => {
        const long = encodeURIComponent('é'.repeat(513)); // 1026 bytes
        const targets = [
          `${FILES}a/../b.txt`,
          `${FILES}..`,
          `${FILES}a/%2e%2e/b.txt`,
          `${FILES}%2E%2E/x`,
          `${FILES}./x`,
          `${FILES}${long}`,
          `${FILES}bad%FF.txt`,
          `${FILES}bad%C3%28.txt`,
          `${FILES}nul%00.txt`,
          `${FILES}a//b.txt`,
          `${FILES}/a.txt`,
        ];
        for (const target of targets) {
          const response = await send(alice, { method: 'PUT', target, body: 'x' });
          expect(response.status, target).toBe(400);
          if (!bodyFromFastify(target)) {
            expect(response.json(), target).toMatchObject({
              error: { message: expect.any(String), internal_code: 1 },
            });
          }
          const get = await send(alice, { method: 'GET', target });
          expect(get.status, `GET ${target}`).toBe(400);
        }
        // The empty path is the root folder: writing there is 405 (Allow: GET), reading it 400, as
        // the reference node answers.
        const root = await send(alice, { method: 'PUT', target: FILES, body: 'x' });
        expect([root.status, root.headers.allow]).toEqual([405, 'GET']);
        expect((await send(alice, { method: 'GET', target: FILES })).status).toBe(400);
        // 1024 bytes exactly is fine.
        const okName = 'é'.repeat(512);
        await alice.files.upload(okName, 'at the limit');
        await alice.files.delete(okName);
        // Nothing was stored by any of them.
        const names = (await alice.files.list()).map((e) => e.name);
        expect(names.some((n) => n.includes('bad') || n.includes('nul') || n === 'b.txt')).toBe(false);
      });

      test('ranges: 206 with Content-Range, suffixes, clamping, 416 out of bounds; If-None-Match 304; If-Range', async () => {
        const bytes = pattern(2 * MiB + 100, 5);
        const { cid } = await alice.files.upload('range/r.bin', bytes);
        const target = `${FILES}range/r.bin`;
        const cases: Array<[string, number, number]> = [
          ['bytes=0-0', 0, 1],
          ['bytes=10-19', 10, 10],
          ['bytes=1048570-1048590', 1048570, 21],
          [`bytes=${bytes.length - 5}-`, bytes.length - 5, 5],
          ['bytes=-7', bytes.length - 7, 7],
          [`bytes=100-${bytes.length + 1000}`, 100, bytes.length - 100],
        ];
        for (const [range, offset, length] of cases) {
          const r = await send(alice, { method: 'GET', target, headers: { range } });
          expect(r.status, range).toBe(206);
          expect(r.headers['content-range'], range).toBe(
            `bytes ${offset}-${offset + length - 1}/${bytes.length}`,
          );
          expect(r.headers['content-length'], range).toBe(String(length));
          expect(r.body.equals(bytes.subarray(offset, offset + length)), range).toBe(true);
        }
        for (const range of [
          `bytes=${bytes.length}-`,
          `bytes=${bytes.length + 5}-${bytes.length + 9}`,
          'bytes=-0',
        ]) {
          const r = await send(alice, { method: 'GET', target, headers: { range } });
          expect(r.status, range).toBe(416);
          expect(r.headers['content-range'], range).toBe(`bytes */${bytes.length}`);
        }
        const sdkRange = await alice.files.bytes('range/r.bin', { range: { offset: 5, length: 3 } });
        expect(Buffer.from(sdkRange).equals(bytes.subarray(5, 8))).toBe(true);
        expect(
          await refused(alice.files.bytes('range/r.bin', { range: { offset: bytes.length } })),
        ).toMatchObject({
          status: 416,
          code: 'RANGE_NOT_SATISFIABLE',
        });
        const notModified = await send(alice, {
          method: 'GET',
          target,
          headers: { 'if-none-match': `"${cid}"` },
        });
        expect(notModified.status).toBe(304);
        expect(notModified.body.length).toBe(0);
        const stale = await send(alice, {
          method: 'GET',
          target,
          headers: { range: 'bytes=0-9', 'if-range': '"bafyother"' },
        });
        expect(stale.status).toBe(200);
        expect(stale.body.length).toBe(bytes.length);
        const empty = await alice.files.upload('range/empty', new Uint8Array(0));
        expect(
          (
            await send(alice, {
              method: 'GET',
              target: `${FILES}range/empty`,
              headers: { range: 'bytes=0-' },
            })
          ).status,
        ).toBe(416);
        expect(empty.size).toBe(0);
        expect((await send(alice, { method: 'GET', target: `${FILES}range/empty` })).status).toBe(200);
      });

      test('downloading a missing file is 404/6; a folder is 404/6 too (list it instead)', async () => {
        expect(await refused(alice.files.bytes('nowhere.txt'))).toMatchObject({
          status: 404,
          internalCode: 6,
          code: 'FILE_NOT_FOUND',
        });
        expect(await refused(alice.files.bytes('rt'))).toMatchObject({ status: 404, internalCode: 6 });
        expect(await refused(alice.files.delete('nowhere.txt'))).toMatchObject({
          status: 404,
          internalCode: 6,
        });
        expect(await refused(alice.files.hash('nowhere.txt'))).toMatchObject({
          status: 404,
          internalCode: 6,
        });
      });

      test('no token is 401', async () => {
        const response = await fetch(`${node.url}${FILES}a.txt`, { method: 'PUT', body: 'x' });
        expect(response.status).toBe(401);
      });
    });

    describe('quota', () => {
      test('uploads fill the vault to the byte; past it 507 (declared, streamed, copy), nothing partial stored', async () => {
        const user = await freshUser();
        await node.ctx.vaults.update(user.did, { quota: 2 * MiB });
        const record = (await node.ctx.vaults.find(user.did))!;
        const room = record.quota - record.dbUsed - record.filesUsed;
        await user.files.upload('q/a.bin', pattern(MiB, 1));
        await user.files.upload('q/b.bin', pattern(room - MiB, 2)); // exactly full
        expect(await usage(user)).toBe(room);
        const pinsBefore = await countPins();
        // Declared length: refused before the first byte.
        expect(await refused(user.files.upload('q/c.bin', new Uint8Array(1)))).toMatchObject({
          status: 507,
          code: 'INSUFFICIENT_STORAGE',
        });
        // Streamed with no length: cut at the first byte too many.
        expect(await refused(user.files.upload('q/d.bin', asStream(pattern(MiB, 3))))).toMatchObject({
          status: 507,
        });
        expect(await refused(user.files.copy('q/a.bin', 'q/a-copy.bin'))).toMatchObject({ status: 507 });
        expect((await user.files.list('q')).map((e) => e.name)).toEqual(['q/a.bin', 'q/b.bin']);
        expect(await usage(user)).toBe(room);
        expect(await countPins()).toBe(pinsBefore);
        // An overwrite charges the difference: shrinking b frees room for exactly that much.
        await user.files.upload('q/b.bin', pattern(room - MiB - 1000, 2));
        expect(await usage(user)).toBe(room - 1000);
        await user.files.upload('q/e.bin', pattern(1000, 4));
        expect(await refused(user.files.upload('q/f.bin', asStream(Buffer.from('x'))))).toMatchObject({
          status: 507,
        });
        // Deleting refunds.
        await user.files.delete('q/a.bin');
        expect(await usage(user)).toBe(room - MiB);
      });

      test('two concurrent uploads cannot overshoot the quota', async () => {
        const user = await freshUser();
        await node.ctx.vaults.update(user.did, { quota: 3 * MiB });
        const record = (await node.ctx.vaults.find(user.did))!;
        const room = record.quota - record.dbUsed - record.filesUsed;
        const size = Math.floor(room * 0.6);
        const results = await Promise.allSettled([
          user.files.upload('cc/one.bin', asStream(pattern(size, 1))),
          user.files.upload('cc/two.bin', asStream(pattern(size, 2))),
        ]);
        const ok = results.filter((r) => r.status === 'fulfilled');
        const failed = results.filter((r) => r.status === 'rejected');
        expect(ok).toHaveLength(1);
        expect(failed).toHaveLength(1);
        expect((failed[0] as PromiseRejectedResult).reason).toMatchObject({ status: 507 });
        expect(await usage(user)).toBe(size);
        expect((await user.files.list('cc')).length).toBe(1);
      });

      test('a frozen vault refuses writes with 403/1 and still serves reads', async () => {
        const user = await freshUser();
        await user.files.upload('fz/a.txt', 'before the freeze');
        await node.ctx.vaults.update(user.did, { state: 'frozen' });
        try {
          for (const op of [
            () => user.files.upload('fz/b.txt', 'x'),
            () => user.files.delete('fz/a.txt'),
            () => user.files.move('fz/a.txt', 'fz/c.txt'),
            () => user.files.copy('fz/a.txt', 'fz/c.txt'),
          ]) {
            expect(await refused(op())).toMatchObject({ status: 403, internalCode: 1, code: 'VAULT_FROZEN' });
          }
          expect(Buffer.from(await user.files.bytes('fz/a.txt')).toString()).toBe('before the freeze');
        } finally {
          await node.ctx.vaults.update(user.did, { state: 'running' });
        }
      });
    });

    describe('interrupted uploads', () => {
      test('a dropped connection leaves no file, no count, no pin; an aborted SDK upload neither', async () => {
        const user = await freshUser();
        const pinsBefore = await countPins();
        const refsBefore = await node.ctx.nodeDb.collection('cid_refs').count({});
        await dropMidUpload(user, `${FILES}drop/big.bin`, 20 * MiB, 3 * MiB);
        const controller = new AbortController();
        const upload = user.files.upload('drop/aborted.bin', endless(), { signal: controller.signal });
        setTimeout(() => controller.abort(), 300);
        await expect(upload).rejects.toThrow();
        // The server notices the drop asynchronously; wait until nothing is in flight.
        await waitFor(async () => (await countPins()) === pinsBefore);
        expect(await refused(user.files.list('drop'))).toMatchObject({ status: 404 });
        expect(await node.ctx.nodeDb.collection('cid_refs').count({})).toBe(refsBefore);
        expect(await usage(user)).toBe(0);
        const report = await node.ctx.files.sweep({ graceMs: 0 });
        expect(report).toMatchObject({ repaired: 0, created: 0, removed: 0, orphansUnpinned: 0 });
      });
    });

    async function countPins(): Promise<number> {
      let n = 0;
      for await (const _ of node.ctx.blocks.pins()) n++;
      return n;
    }
  });
}

/**
 * Invalid UTF-8 percent-encoding is refused by fastify's router before our handler runs: a 400,
 * but with fastify's own body (app.ts would need `frameworkErrors` to use the standard one).
 */
function bodyFromFastify(target: string): boolean {
  return /%FF|%C3%28/.test(target);
}

function asStream(bytes: Uint8Array): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) {
        controller.close();
        return;
      }
      controller.enqueue(bytes.subarray(offset, offset + 256 * 1024));
      offset += 256 * 1024;
    },
  });
}

async function* endless(): AsyncGenerator<Uint8Array> {
  const piece = new Uint8Array(256 * 1024).fill(1);
  for (;;) {
    yield piece;
    await new Promise((r) => setTimeout(r, 5));
  }
}

async function waitFor(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}
