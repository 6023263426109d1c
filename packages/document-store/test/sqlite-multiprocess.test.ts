/**
 * Several node processes sharing the same SQLite files (the busy_timeout + WAL design): counts
 * stay exact, no update is lost, and a single-use token goes to exactly one process.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSqliteDocumentStore } from '../src/sqlite/index.js';

const CHILD = resolve(import.meta.dirname, 'fixtures/shared-writer.ts');
const dir = mkdtempSync(join(tmpdir(), 'cella-multi-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function runWriter(name: string, rounds: number): Promise<string> {
  return new Promise((done, fail) => {
    const child = spawn(
      process.execPath,
      ['--conditions=@cella/source', '--import', 'tsx', CHILD, dir, name, String(rounds)],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('error', fail);
    child.once('exit', (code) => (code === 0 ? done(out) : fail(new Error(`${name} exited with ${code}`))));
  });
}

describe('SQLite engine shared by several processes', () => {
  it('serialises writers across processes without losing updates', async () => {
    const setup = createSqliteDocumentStore({ dir });
    const c = setup.database('shared').collection('c');
    await c.insertMany(Array.from({ length: 30 }, (_, i) => ({ _id: `t${i}`, kind: 'token', taken: false })));
    const rounds = 150;
    const outputs = await Promise.all(['p1', 'p2', 'p3'].map((name) => runWriter(name, rounds)));
    for (const out of outputs) expect(out.trim().endsWith('done')).toBe(true);

    const counter = await c.findOne({ _id: 'counter' });
    expect(counter?.n).toBe(3 * rounds);
    expect((counter?.by as string[]).length).toBe(3 * rounds);
    for (const name of ['p1', 'p2', 'p3']) expect(await c.count({ owner: name })).toBe(rounds);
    // Each token was handed out once, across all processes.
    const handed = outputs.flatMap((o) => o.split('\n').filter((l) => l.startsWith('token ')));
    expect(handed).toHaveLength(30);
    expect(new Set(handed).size).toBe(30);
    expect(await c.count({ kind: 'token', taken: true })).toBe(30);
    await setup.close();
  });
});
