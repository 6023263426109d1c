/**
 * A production start (issue 15): the compiled vault node (`npm start` runs `apps/node/dist/main.js`)
 * started as a child process, timed from the spawn to its first answer to `GET /api/v2/health`,
 * with the CPU time it used until then, and its RSS at rest (3 s later, no requests). One start on
 * an empty data directory (it creates its key), then CELLA_BENCH_STARTS (5) restarts on it, and
 * one start of the TypeScript sources through tsx (`npm run dev`) for comparison.
 * One more restart signs a user in and runs one database read before resting: the SQLite read pool
 * starts its workers on first need, so this RSS is the node's at rest with the pool started
 * (CELLA_DB_WORKERS at its default, cores − 1); once more with CELLA_DB_WORKERS=0 for the pool's share.
 * Targets (not asserted): RSS at rest ≤ 120 MiB (≤ 130 MiB with the read pool started, issue 21);
 * first answer ≤ 1.5 s (of CPU) after start. The wall time follows the machine's load; the CPU time
 * much less.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { connect, createDevIdentity } from '@cella/sdk';
import { cpuMs, fmt, median, printTable } from './lib.js';
import { startFlags } from '../src/testing/index.js';
import { benchCompiled, rssMiB } from './node-under-test.js';

const STARTS = Math.max(1, Number(process.env.CELLA_BENCH_STARTS ?? 5));
const appDir = resolve(new URL('../../../apps/node', import.meta.url).pathname);

interface Start {
  firstAnswerMs: number;
  cpuMs: number;
  rssMiB: number;
}

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** A user signs in and reads (count) once: the read pool starts its workers. */
async function firstRead(url: string): Promise<void> {
  const vault = await connect({ url, signer: createDevIdentity().signer });
  const c = await vault.db.createCollection('rest');
  await c.insert([{ n: 1 }]);
  if ((await c.count({ n: 1 })) !== 1) throw new Error('unexpected count');
}

async function start(
  args: string[],
  dataDir: string,
  read = false,
  env: Record<string, string> = {},
): Promise<Start> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: appDir,
    env: {
      ...process.env,
      CELLA_PORT: String(port),
      CELLA_DATA_DIR: dataDir,
      CELLA_LOG_LEVEL: 'error',
      ...env,
    },
    stdio: 'ignore',
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  try {
    for (;;) {
      if (performance.now() - started > 60_000) throw new Error('the node did not answer within 60 s');
      const ok = await fetch(`http://127.0.0.1:${port}/api/v2/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 5));
    }
    const firstAnswerMs = performance.now() - started;
    const cpu = cpuMs(child.pid as number);
    if (read) await firstRead(`http://127.0.0.1:${port}`);
    await new Promise((r) => setTimeout(r, 3000));
    return { firstAnswerMs, cpuMs: cpu, rssMiB: rssMiB(child.pid as number) };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

export async function benchStartup(): Promise<void> {
  benchCompiled();
  const dataDir = mkdtempSync(join(tmpdir(), 'cella-bench-start-'));
  const compiled = [...startFlags(), 'dist/main.js']; // as `npm start` runs it
  try {
    const fresh = await start(compiled, dataDir);
    const restarts: Start[] = [];
    for (let i = 0; i < STARTS; i++) restarts.push(await start(compiled, dataDir));
    const pooled = await start(compiled, dataDir, true);
    const unpooled = await start(compiled, dataDir, true, { CELLA_DB_WORKERS: '0' });
    const dev = await start(['--conditions=@cella/source', '--import', 'tsx', 'src/main.ts'], dataDir);
    const row = (label: string, s: Start[]) => ({
      start: label,
      'first answer': `${fmt(median(s.map((x) => x.firstAnswerMs)))} ms`,
      'CPU until then': `${fmt(median(s.map((x) => x.cpuMs)))} ms`,
      'RSS at rest': `${fmt(median(s.map((x) => x.rssMiB)))} MiB`,
      each: s.map((x) => `${fmt(x.firstAnswerMs)} ms / ${fmt(x.rssMiB)} MiB`).join(' · '),
    });
    printTable('Start of a vault node (SQLite + helia, no payments)', [
      row('npm start, empty data dir', [fresh]),
      row(`npm start, restart (median of ${STARTS})`, restarts),
      row('npm start, restart, one sign-in and database read (read pool started)', [pooled]),
      row('the same with CELLA_DB_WORKERS=0 (no read pool)', [unpooled]),
      row('npm run dev (tsx, sources)', [dev]),
    ]);
    console.log(
      '\nTargets: RSS at rest ≤ 120 MiB, ≤ 130 MiB with the read pool started; first answer ≤ 1.5 s of CPU after start (npm start).',
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchStartup();
