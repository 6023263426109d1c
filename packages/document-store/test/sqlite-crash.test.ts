/**
 * Durability: a child process inserts in a loop and reports each acknowledged insert; it is
 * killed with SIGKILL mid-stream; reopening the files shows every acknowledged document, whole,
 * every batch all-or-nothing, and nothing torn.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { createSqliteDocumentStore } from '../src/sqlite/index.js';

const CHILD = resolve(import.meta.dirname, 'fixtures/crash-writer.ts');
const dir = mkdtempSync(join(tmpdir(), 'cella-crash-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('SQLite engine durability', () => {
  it('keeps every acknowledged insert, whole, after kill -9', async () => {
    const child = spawn(process.execPath, ['--conditions=@cella/source', '--import', 'tsx', CHILD, dir], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const singles: string[] = [];
    const batches: string[][] = [];
    const lines = createInterface({ input: child.stdout });
    const exited = new Promise<NodeJS.Signals | null>((done) =>
      child.once('exit', (_code, signal) => done(signal)),
    );
    await new Promise<void>((done, fail) => {
      child.once('error', fail);
      lines.on('line', (line) => {
        const [kind, ids] = line.split(' ');
        if (kind === 'one' && ids) singles.push(ids);
        if (kind === 'batch' && ids) batches.push(ids.split(','));
        // Kill at an arbitrary point well into the stream (mid-write most likely).
        if (singles.length + batches.length === 400) {
          child.kill('SIGKILL');
          done();
        }
      });
    });
    expect(await exited).toBe('SIGKILL');

    const store = createSqliteDocumentStore({ dir });
    const docs = store.database('crash').collection('docs');
    const all = await docs.find({});
    const byId = new Map(all.map((d) => [d._id as string, d]));
    for (const id of singles) expect(byId.has(id), `acknowledged ${id} missing`).toBe(true);
    for (const batch of batches)
      for (const id of batch) expect(byId.has(id), `acknowledged ${id} missing`).toBe(true);
    // Nothing torn: each stored document is complete and self-consistent.
    for (const doc of all) {
      const payload = doc.payload as string;
      expect(payload.length).toBe(500 + ((doc.n as number) % 700));
      expect(doc.sha).toBe(createHash('sha256').update(payload).digest('hex'));
      expect(doc.at).toBeInstanceOf(Date);
    }
    // Batches (ids s..s+4 for s = 0, 6, 12, ...; the writer alternates a batch of 5 and a
    // single) are all-or-nothing, including one that may have been in flight at the kill.
    const maxN = Math.max(...all.map((d) => d.n as number));
    for (let s = 0; s <= maxN; s += 6) {
      const present = [0, 1, 2, 3, 4].filter((i) => byId.has(`d${s + i}`)).length;
      expect([0, 5], `batch d${s}: ${present} of 5 stored`).toContain(present);
    }
    // Accounting survived too.
    const stored = all.length;
    expect(stored).toBeGreaterThanOrEqual(singles.length + batches.length * 5);
    expect(await docs.count({})).toBe(stored);
    expect(await docs.dataBytes()).toBeGreaterThan(0);
    await store.close();
  });
});
