// Sidechain accounts: a geth "Web3 Secret Storage" v3 keystore file, as `esc account new` writes
// it. Built with node:crypto's native scrypt (geth's standard N=2^18 costs ~1 s here; pure-JS
// scrypt would take several), and ethers' keccak for the MAC and the address. ethers'
// `decryptKeystoreJson` opens these files (see the keystore test).
import { createCipheriv, scryptSync } from 'node:crypto';
import { computeAddress, hexlify, keccak256 } from 'ethers';
import { z } from 'zod';
import type { RandomSource } from './random.js';

/** geth's StandardScryptN/P and LightScryptN/P (`--lightkdf`). */
export const STANDARD_KDF = { n: 1 << 18, r: 8, p: 1 } as const;
export const LIGHT_KDF = { n: 1 << 12, r: 8, p: 6 } as const;
export type KdfParams = { n: number; r: number; p: number };

const SECP256K1_ORDER = BigInt('0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141');

export const EvmKeystoreJson = z.looseObject({
  address: z.string().regex(/^[0-9a-fA-F]{40}$/),
  crypto: z.looseObject({ cipher: z.string(), kdf: z.string() }),
  id: z.string(),
  version: z.literal(3),
});

export interface EvmKeystore {
  /** Checksummed `0x…` address. */
  address: string;
  /** geth's file name: `UTC--<time>--<address>`. */
  fileName: string;
  json: string;
}

function uuidV4(b: Uint8Array): string {
  const x = Buffer.from(b.subarray(0, 16));
  x[6] = ((x[6] ?? 0) & 0x0f) | 0x40;
  x[8] = ((x[8] ?? 0) & 0x3f) | 0x80;
  const h = x.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

function newPrivateKey(random: RandomSource): Uint8Array {
  for (;;) {
    const k = random(32);
    const v = BigInt(hexlify(k));
    if (v > 0n && v < SECP256K1_ORDER) return k;
  }
}

/** geth: `UTC--2006-01-02T15-04-05.000000000Z--<hex address>`. */
export function gethKeyFileName(address: string, now: Date): string {
  const iso = now.toISOString(); // 2026-11-25T10:11:12.345Z
  const stamp = `${iso.slice(0, 19).replace(/:/g, '-')}.${iso.slice(20, 23)}000000Z`;
  return `UTC--${stamp}--${address.slice(2).toLowerCase()}`;
}

export function createEvmKeystore(opts: {
  password: string;
  random: RandomSource;
  now: Date;
  kdf?: KdfParams;
}): EvmKeystore {
  const kdf = opts.kdf ?? STANDARD_KDF;
  const privateKey = newPrivateKey(opts.random);
  const salt = Buffer.from(opts.random(32));
  const iv = Buffer.from(opts.random(16));
  const id = uuidV4(opts.random(16));
  const derived = scryptSync(Buffer.from(opts.password.normalize('NFKC'), 'utf8'), salt, 32, {
    N: kdf.n,
    r: kdf.r,
    p: kdf.p,
    maxmem: 256 * kdf.n * kdf.r + 16 * 1024 * 1024,
  });
  const cipher = createCipheriv('aes-128-ctr', derived.subarray(0, 16), iv);
  const ciphertext = Buffer.concat([cipher.update(privateKey), cipher.final()]);
  const mac = keccak256(Buffer.concat([derived.subarray(16, 32), ciphertext])).slice(2);
  const address = computeAddress(hexlify(privateKey));
  const json = {
    address: address.slice(2).toLowerCase(),
    crypto: {
      cipher: 'aes-128-ctr',
      ciphertext: ciphertext.toString('hex'),
      cipherparams: { iv: iv.toString('hex') },
      kdf: 'scrypt',
      kdfparams: { dklen: 32, n: kdf.n, p: kdf.p, r: kdf.r, salt: salt.toString('hex') },
      mac,
    },
    id,
    version: 3,
  };
  return { address, fileName: gethKeyFileName(address, opts.now), json: JSON.stringify(json) };
}
