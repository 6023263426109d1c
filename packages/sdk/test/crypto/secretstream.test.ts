// The secretstream over @noble/ciphers against libsodium itself (what the official DID SDK encrypts
// Hive files with): streams written by either side open in the other, for empty, short, odd and
// multi-block messages, with associated data and across a rekey; tampering is refused.
import { describe, expect, test } from 'vitest';
import {
  HEADER_BYTES,
  SecretStreamError,
  SecretStreamPull,
  SecretStreamPush,
  TAG_FINAL,
  TAG_MESSAGE,
} from '../../src/crypto/secretstream.js';
import { hex, sodium, unhex } from './sodium.js';

const TAG_REKEY = 2;
const sizes = [0, 1, 15, 16, 17, 63, 64, 65, 4096, 4097, 70_000];
const bytes = (n: number, seed = 1) => Uint8Array.from({ length: n }, (_, i) => (i * 131 + seed) & 0xff);
const plan = sizes.map((n, i) => ({
  message: bytes(n, i),
  tag: i === sizes.length - 1 ? TAG_FINAL : i === 4 ? TAG_REKEY : TAG_MESSAGE,
  ad: i % 3 === 0 ? bytes(i + 1, 9) : undefined,
}));
const key = bytes(32, 77);

test('libsodium → noble: every message of a libsodium stream opens, with its tag', () => {
  const { header, wire } = sodium<{ header: string; wire: string[] }>(
    `const { state, header } = sodium.crypto_secretstream_xchacha20poly1305_init_push(bytes(input.key));
     const wire = input.plan.map((m) => hex(sodium.crypto_secretstream_xchacha20poly1305_push(
       state, bytes(m.message), m.ad === undefined ? null : bytes(m.ad), m.tag)));
     return { header: hex(header), wire };`,
    { key: hex(key), plan: plan.map((m) => ({ ...m, message: hex(m.message), ad: m.ad && hex(m.ad) })) },
  );
  const pull = new SecretStreamPull(key, unhex(header));
  for (const [i, c] of wire.entries()) {
    const out = pull.pull(unhex(c), plan[i]!.ad);
    expect(out.tag).toBe(plan[i]!.tag);
    expect(hex(out.message)).toBe(hex(plan[i]!.message));
  }
});

test('noble → libsodium: every message of our stream opens in libsodium, with its tag', () => {
  const header = bytes(HEADER_BYTES, 5);
  const push = new SecretStreamPush(key, header);
  const wire = plan.map((m) => hex(push.push(m.message, m.tag, m.ad)));
  const opened = sodium<{ tag: number; message: string }[]>(
    `const state = sodium.crypto_secretstream_xchacha20poly1305_init_pull(bytes(input.header), bytes(input.key));
     return input.wire.map((c, i) => {
       const r = sodium.crypto_secretstream_xchacha20poly1305_pull(state, bytes(c), input.ads[i] ? bytes(input.ads[i]) : null);
       return { tag: r.tag, message: hex(r.message) };
     });`,
    { key: hex(key), header: hex(header), wire, ads: plan.map((m) => (m.ad ? hex(m.ad) : null)) },
  );
  expect(opened).toEqual(plan.map((m) => ({ tag: m.tag, message: hex(m.message) })));
});

describe('refusals', () => {
  test('a flipped bit, a dropped message, the wrong key and a cut message are refused', () => {
    const header = bytes(HEADER_BYTES, 3);
    const push = new SecretStreamPush(key, header);
    const a = push.push(bytes(100, 1));
    const b = push.push(bytes(100, 2), TAG_FINAL);
    const flipped = Uint8Array.from(a);
    flipped[40]! ^= 1;
    expect(() => new SecretStreamPull(key, header).pull(flipped)).toThrow(SecretStreamError);
    expect(() => new SecretStreamPull(key, header).pull(b)).toThrow(SecretStreamError);
    expect(() => new SecretStreamPull(bytes(32, 8), header).pull(a)).toThrow(SecretStreamError);
    expect(() => new SecretStreamPull(key, header).pull(a.subarray(0, 10))).toThrow(SecretStreamError);
    const pull = new SecretStreamPull(key, header);
    pull.pull(a);
    expect(pull.pull(b).tag).toBe(TAG_FINAL);
  });
});
