/**
 * A node starts without loading mingo (about 0.4 s of CPU and a fifth of its memory at rest,
 * docs/architecture.md): what it does to its node database at start — inserts, a lookup by _id,
 * the quota charge, sweeps of expired records — is decided in SQL; the first call that needs
 * mingo (here a delete by pattern) loads it and answers as if it had been there all along.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const CHILD = resolve(import.meta.dirname, 'fixtures/mingo-on-demand.ts');
const dir = mkdtempSync(join(tmpdir(), 'cella-mingo-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('SQLite engine: mingo on demand', () => {
  it('starts a node database without mingo and loads it for the first call that needs it', async () => {
    const child = spawn(process.execPath, ['--conditions=@cella/source', '--import', 'tsx', CHILD, dir], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const code = await new Promise<number | null>((done) => child.once('exit', done));
    expect(code).toBe(0);
    expect(JSON.parse(out)).toEqual({
      before: false,
      after: true,
      found: 'running',
      charged: 1,
      swept: 2,
      patterned: 1,
      left: 0,
    });
  });
});
