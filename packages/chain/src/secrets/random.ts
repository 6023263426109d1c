// Secret generation with an injectable randomness source, so the init renderer stays pure and
// golden tests are reproducible. Production always uses the system CSPRNG.
import { createHash, randomBytes } from 'node:crypto';

export type RandomSource = (size: number) => Uint8Array;

export const systemRandom: RandomSource = (size) => randomBytes(size);

/** Deterministic bytes (SHA-256 in counter mode) for tests and golden files. Never for real secrets. */
export function deterministicRandom(seed: string): RandomSource {
  let counter = 0;
  return (size) => {
    const out = new Uint8Array(size);
    let filled = 0;
    while (filled < size) {
      const block = createHash('sha256').update(`${seed}:${counter++}`).digest();
      const n = Math.min(block.length, size - filled);
      out.set(block.subarray(0, n), filled);
      filled += n;
    }
    return out;
  };
}

/** RPC users and passwords: 32 lowercase hex characters, the format node.sh generates. */
export function generateRpcCredential(random: RandomSource = systemRandom): string {
  return Buffer.from(random(16)).toString('hex');
}

/** Keystore passwords: 32 base64 characters (24 random bytes), like node.sh's `openssl rand -base64`. */
export function generateKeystorePassword(random: RandomSource = systemRandom): string {
  return Buffer.from(random(24)).toString('base64');
}

/** A credential file holds one line; node.sh writes it with `echo`, so a trailing newline is dropped. */
export function readCredentialText(text: string): string {
  return text.replace(/\r?\n$/, '');
}
