/**
 * libsodium itself (libsodium-wrappers 0.7.16, what the official DID SDK encrypts with), run in a
 * plain Node child process: its ESM build imports a file it does not ship, and inside vitest
 * `require` resolves with the `import` condition, so neither loads here. `sodium(program, input)`
 * runs `program` (the body of an async function of `sodium` and `input`) and returns its JSON
 * answer; byte arrays travel as hex.
 */
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const paths = require.resolve.paths('libsodium-wrappers')!;

export function sodium<T>(program: string, input: unknown): T {
  const script = `
    const sodium = require('libsodium-wrappers');
    const hex = (b) => Buffer.from(b).toString('hex');
    const bytes = (h) => Uint8Array.from(Buffer.from(h, 'hex'));
    let text = '';
    process.stdin.on('data', (d) => (text += d)).on('end', async () => {
      await sodium.ready;
      const input = JSON.parse(text);
      const answer = await (async () => { ${program} })();
      process.stdout.write(JSON.stringify(answer));
    });`;
  const out = execFileSync(process.execPath, ['-e', script], {
    input: JSON.stringify(input),
    env: { PATH: process.env.PATH ?? '', NODE_PATH: paths.join(path.delimiter) },
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(out.toString()) as T;
}

export const hex = (b: Uint8Array): string => Buffer.from(b).toString('hex');
export const unhex = (h: string): Uint8Array => Uint8Array.from(Buffer.from(h, 'hex'));
