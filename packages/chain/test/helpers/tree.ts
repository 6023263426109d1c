import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface TreeEntry {
  mode: number;
  content?: string;
  mtimeMs: number;
}

/** Every file and directory under `root`, keyed by relative path. */
export async function snapshotTree(root: string): Promise<Map<string, TreeEntry>> {
  const out = new Map<string, TreeEntry>();
  const walk = async (dir: string) => {
    for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      const stat = await fs.stat(full);
      const rel = path.relative(root, full);
      if (entry.isDirectory()) {
        out.set(`${rel}/`, { mode: stat.mode & 0o777, mtimeMs: stat.mtimeMs });
        await walk(full);
      } else {
        out.set(rel, {
          mode: stat.mode & 0o777,
          mtimeMs: stat.mtimeMs,
          content: await fs.readFile(full, 'utf8'),
        });
      }
    }
  };
  await walk(root);
  return out;
}

export async function tempHome(prefix = 'cella-stack-'): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), prefix));
}

export async function readJson(file: string): Promise<any> {
  return JSON.parse(await fs.readFile(file, 'utf8'));
}
