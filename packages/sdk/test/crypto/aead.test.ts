// The two AES-256-GCM engines of the Cella scheme (aead.ts) — node:crypto's, used in Node, and
// WebCrypto's, used in browsers — give the same bytes and refuse the same tampering, so data
// sealed in one runtime opens in the other. (The Chromium round trip in apps/node checks WebCrypto
// against a real node; here both engines run side by side in one process.)
import { describe, expect, test } from 'vitest';
import { Aead } from '../../src/crypto/aead.js';
import { unb64, b64 } from '../../src/crypto/bytes.js';
import { nativeCrypto } from '../../src/crypto/native.js';

const key = Uint8Array.from({ length: 32 }, (_, i) => i * 7);
const nonce = (i: number) => Uint8Array.from({ length: 12 }, (_, j) => (j === 11 ? i : j));
const bytes = (n: number) => Uint8Array.from({ length: n }, (_, i) => (i * 31 + 5) & 0xff);

const engines = async () => ({
  node: await Aead.create(key, nativeCrypto),
  web: await Aead.create(key, null),
});

describe('AES-256-GCM: node:crypto and WebCrypto agree', () => {
  test('Node has node:crypto (the fast engine is the one in use)', () => {
    expect(nativeCrypto).toBeDefined();
  });

  test('documents: the same bytes from text or bytes, with a prefix and AD; each opens the other', async () => {
    const { node, web } = await engines();
    const jobs = [
      { nonce: nonce(1), plaintext: '{"title":"Buy oat milk","é":"ü"}', ad: 'cella-v1 document\0notes\0a' },
      { nonce: nonce(2), plaintext: bytes(300), ad: bytes(20), prefix: Uint8Array.of(1, 0, 0, 0, 0) },
      { nonce: nonce(3), plaintext: '', ad: '' },
    ];
    const fromNode = await node.sealMany(jobs);
    expect(fromNode).toEqual(await web.sealMany(jobs));
    expect(fromNode[1]!.subarray(0, 5)).toEqual(Uint8Array.of(1, 0, 0, 0, 0));
    const opens = jobs.map((job, i) => ({
      nonce: job.nonce,
      sealed: fromNode[i]!.subarray(job.prefix?.length ?? 0),
      ad: job.ad,
    }));
    const failure = { code: 'TAMPERED' as const, what: (i: number) => `document ${i}` };
    for (const engine of [node, web]) {
      const opened = await engine.openMany(opens, failure);
      expect(new TextDecoder().decode(opened[0])).toBe(jobs[0]!.plaintext);
      expect(opened[1]).toEqual(bytes(300));
      expect(opened[2]!.length).toBe(0);
    }
  });

  test('file runs: chunked sealing in one call matches chunk by chunk; a changed byte is TAMPERED in both', async () => {
    const { node, web } = await engines();
    for (const size of [0, 1, 100, 256, 257, 1000]) {
      const plaintext = bytes(size);
      const run = await node.sealRun(plaintext, 64, nonce);
      expect(run).toEqual(await web.sealRun(plaintext, 64, nonce));
      expect(run.length).toBe(size + 16 * Math.max(1, Math.ceil(size / 64)));
      const failure = { code: 'TAMPERED' as const, what: (i: number) => `part ${i + 1}` };
      for (const engine of [node, web]) {
        expect(await engine.openRun(run, 80, nonce, failure)).toEqual(plaintext);
        const changed = run.slice();
        changed[run.length - 1]! ^= 1;
        await expect(engine.openRun(changed, 80, nonce, failure)).rejects.toMatchObject({
          name: 'CellaCryptoError',
          code: 'TAMPERED',
        });
      }
    }
  });

  test('a wrong key is refused with the code the caller names, never garbage', async () => {
    const { node } = await engines();
    const other = await Aead.create(bytes(32), null);
    const sealed = await node.seal(nonce(0), bytes(40), bytes(3));
    await expect(other.open(nonce(0), sealed, bytes(3), 'WRONG_KEY', 'the file')).rejects.toMatchObject({
      code: 'WRONG_KEY',
    });
    const alsoOther = await Aead.create(bytes(32), nativeCrypto);
    await expect(alsoOther.open(nonce(0), sealed, bytes(3), 'WRONG_KEY', 'the file')).rejects.toMatchObject({
      code: 'WRONG_KEY',
    });
    await expect(
      node.open(nonce(0), sealed.subarray(0, 10), bytes(3), 'TAMPERED', 'x'),
    ).rejects.toMatchObject({
      code: 'TAMPERED',
    });
  });
});

test('base64url: only the unpadded alphabet is read (Node decodes natively, and would skip the rest)', () => {
  const data = bytes(50);
  expect(unb64(b64(data))).toEqual(data);
  for (const ok of ['', 'YQ', 'YWI', 'YWJj', 'A-_z']) expect(b64(unb64(ok))).toBe(ok);
  for (const bad of [
    `${b64(data)}=`,
    `${b64(data)}!`,
    `a${b64(data)}`.slice(0, 5),
    'ab cd',
    'ab+/',
    'abc+',
    'ab/c',
    'YQ==',
    'YWJ\n',
    'YWé',
    'Y',
  ])
    expect(() => unb64(bad), bad).toThrow();
});
