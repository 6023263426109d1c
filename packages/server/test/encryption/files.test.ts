/**
 * Encrypted files through the SDK against a real node: round trips of every size around the chunk
 * boundaries (both schemes), streamed inputs, progress in plaintext bytes, abort, the node's flags,
 * the same identity elsewhere, another identity (WRONG_KEY) and changed bytes (TAMPERED).
 */
import { createHash } from 'node:crypto';
import { connect, createKeySigner, hexToBytes, type Vault } from '@cella/sdk';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTempNode, type TempNode } from '../helpers/temp-node.js';
import { rawCall } from '../helpers/users.js';
import { cryptoError, elastosUser, keyUser, readBytes } from './helpers.js';

let node: TempNode;
let alice: Vault;
let aliceKey: string;
/** An Elastos identity with its chain code, for the official scheme. */
let elastos: Vault;

const bytes = (n: number, seed = 1) =>
  Uint8Array.from({ length: n }, (_, i) => (i * 31 + seed + (i >> 8)) & 0xff);
const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

beforeAll(async () => {
  node = await startTempNode();
  ({ vault: alice, key: aliceKey } = await keyUser(node.url));
  elastos = await elastosUser(node.url);
});
afterAll(async () => node?.stop());

describe('round trips', () => {
  const sizes = [0, 1, 2, 4095, 4096, 4097, 4098, 8194, 65_535, 65_536, 65_537, 200_000];
  test.each(['cella', 'hive'] as const)(
    '%s scheme: every size around the chunk boundaries',
    async (scheme) => {
      const vault = scheme === 'hive' ? elastos : alice;
      for (const size of sizes) {
        const data = bytes(size, size);
        await vault.files.upload(`${scheme}/${size}.bin`, data, {
          encrypt: scheme === 'hive' ? 'hive' : true,
        });
        const back = await readBytes(await vault.files.download(`${scheme}/${size}.bin`, { decrypt: true }));
        expect({ size, hash: sha256(back) }).toEqual({ size, hash: sha256(data) });
        const stored = await vault.files.bytes(`${scheme}/${size}.bin`);
        expect(stored.length).toBeGreaterThan(size);
      }
    },
  );

  test('the node lists the flags; the stored bytes are not the plaintext', async () => {
    const secret = new TextEncoder().encode('the secret text of a file '.repeat(100));
    await alice.files.upload('flagged.txt', secret, { encrypt: true });
    const meta = await rawCall(alice, 'GET', '/api/v2/vault/files/flagged.txt?comp=metadata');
    expect(meta.body).toMatchObject({ name: 'flagged.txt' });
    const list = await rawCall(alice, 'GET', '/api/v2/vault/files/?comp=children');
    expect(list.body.value.find((f: { name: string }) => f.name === 'flagged.txt')).toMatchObject({
      is_encrypt: true,
      encrypt_method: 'cella-v1',
    });
    const stored = Buffer.from(await alice.files.bytes('flagged.txt'));
    expect(stored.includes('secret text')).toBe(false);
  });

  test('a stream of unknown length, progress in plaintext bytes both ways, and abort', async () => {
    const data = bytes(300_000, 9);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < data.length; i += 10_000) controller.enqueue(data.slice(i, i + 10_000));
        controller.close();
      },
    });
    const up: number[] = [];
    await alice.files.upload('streamed.bin', stream, { encrypt: true, onProgress: (done) => up.push(done) });
    expect(up.at(-1)).toBe(data.length);
    expect(up).toEqual([...up].sort((a, b) => a - b));
    const down: [number, number | undefined][] = [];
    const back = await readBytes(
      await alice.files.download('streamed.bin', { decrypt: true, onProgress: (d, t) => down.push([d, t]) }),
    );
    expect(sha256(back)).toBe(sha256(data));
    expect(down.at(-1)).toEqual([data.length, data.length]);
    const controller = new AbortController();
    const aborted = alice.files.upload('aborted.bin', bytes(2_000_000), {
      encrypt: true,
      signal: controller.signal,
      onProgress: (done) => done > 100_000 && controller.abort(),
    });
    await expect(aborted).rejects.toMatchObject({ name: 'AbortError' });
    await expect(alice.files.stat('aborted.bin')).rejects.toMatchObject({ code: 'FILE_NOT_FOUND' });
  });
});

describe('keys', () => {
  test('the same key on another connection opens the file; another application id is WRONG_KEY', async () => {
    await alice.files.upload('mine.txt', 'only mine', { encrypt: true });
    const again = await connect({
      url: node.url,
      signer: createKeySigner(hexToBytes(aliceKey), { method: 'key' }),
    });
    expect(
      new TextDecoder().decode(await readBytes(await again.files.download('mine.txt', { decrypt: true }))),
    ).toBe('only mine');
    const otherApp = await connect({
      url: node.url,
      signer: createKeySigner(hexToBytes(aliceKey), { method: 'key' }),
      appId: 'other',
    });
    const error = await cryptoError(readBytes(await otherApp.files.download('mine.txt', { decrypt: true })));
    expect(error.code).toBe('WRONG_KEY');
  });

  test('a changed byte anywhere, a cut, or an appended chunk is refused (TAMPERED)', async () => {
    const data = bytes(150_000, 4);
    await alice.files.upload('victim.bin', data, { encrypt: true });
    const stored = await alice.files.bytes('victim.bin');
    const variants: [string, Uint8Array][] = [
      ['a changed byte in the middle', Uint8Array.from(stored, (b, i) => (i === 70_000 ? b ^ 1 : b))],
      ['cut at a chunk boundary', stored.subarray(0, 86 + 65_552)],
      ['cut inside a chunk', stored.subarray(0, stored.length - 5)],
      ['a chunk appended', new Uint8Array([...stored, ...stored.subarray(86, 86 + 65_552)])],
    ];
    for (const [what, variant] of variants) {
      await alice.files.upload('victim.bin', variant);
      const error = await cryptoError(readBytes(await alice.files.download('victim.bin', { decrypt: true })));
      expect({ what, code: error.code }).toEqual({ what, code: 'TAMPERED' });
    }
  });

  test('the official scheme: a changed byte is refused too', async () => {
    await elastos.files.upload('hive.bin', bytes(10_000), { encrypt: 'hive' });
    const stored = await elastos.files.bytes('hive.bin');
    await elastos.files.upload(
      'hive.bin',
      Uint8Array.from(stored, (b, i) => (i === 5000 ? b ^ 1 : b)),
    );
    expect(
      (await cryptoError(readBytes(await elastos.files.download('hive.bin', { decrypt: true })))).code,
    ).toBe('TAMPERED');
    await elastos.files.upload('hive.bin', stored.subarray(0, 24 + 4113));
    expect(
      (await cryptoError(readBytes(await elastos.files.download('hive.bin', { decrypt: true })))).code,
    ).toBe('TAMPERED');
  });
});
