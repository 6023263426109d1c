/** Tokens in files (mode 600 in a 700 directory), for CLIs and servers. Node only. */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { TokenStore } from './token-store.js';

export function fileTokenStore(dir: string): TokenStore {
  const fileOf = (key: string) =>
    path.join(dir, `${createHash('sha256').update(key).digest('hex').slice(0, 32)}.token`);
  return {
    async get(key) {
      try {
        return (await readFile(fileOf(key), 'utf8')).trim() || null;
      } catch {
        return null;
      }
    },
    async set(key, token) {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const file = fileOf(key);
      const tmp = `${file}.${process.pid}.tmp`;
      await writeFile(tmp, token, { mode: 0o600 });
      await rename(tmp, file);
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}
