/**
 * Test helper: a MongoDB-compatible server for the MongoDB engine's conformance run.
 * MONGODB_URI wins; otherwise FerretDB is started from the binary `scripts/services/ferretdb.sh
 * install` caches (the same script, so flags live in one place) on a free loopback port, with
 * its SQLite data in a temp dir. Returns null when neither is possible.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const SCRIPT = resolve(import.meta.dirname, '../../../../scripts/services/ferretdb.sh');

export interface MongoTarget {
  uri: string;
  /** What runs behind the URI, for test names. */
  kind: 'MONGODB_URI' | 'FerretDB';
  /** FerretDB's own directory (its SQLite backing files under `data/`); none for MONGODB_URI. */
  dataDir?: string;
  stop: () => Promise<void>;
}

export function ferretBinary(): string {
  return join(process.env.CELLA_TOOLS_DIR ?? join(homedir(), '.cache', 'cella', 'tools'), 'bin', 'ferretdb');
}

/** True when a target can be had without building anything. */
export function mongoTargetAvailable(): boolean {
  return Boolean(process.env.MONGODB_URI) || existsSync(ferretBinary());
}

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

export async function startMongoTarget(): Promise<MongoTarget | null> {
  const fromEnv = process.env.MONGODB_URI;
  if (fromEnv) return { uri: fromEnv, kind: 'MONGODB_URI', stop: async () => undefined };
  if (!existsSync(ferretBinary())) return null;
  const dir = mkdtempSync(join(tmpdir(), 'cella-ferretdb-'));
  const port = await freePort();
  const { stdout } = await run(SCRIPT, ['start', dir, String(port)], {
    env: { ...process.env, CELLA_FERRETDB_STATE: dir },
  });
  const uri = stdout.trim().split('\n').pop() ?? '';
  return {
    uri,
    kind: 'FerretDB',
    dataDir: dir,
    stop: async () => {
      await run(SCRIPT, ['stop', dir], { env: { ...process.env, CELLA_FERRETDB_STATE: dir } });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
