/**
 * Backup throughput between two child processes (`apps/node` → `apps/backup-node`, loopback, each
 * with its own data dir): a vault of 512 MiB of files (512 × 1 MiB, incompressible) plus 100,000
 * documents is backed up in full, then incrementally after 1% of the files changed.
 *
 * Next to it, a raw copy of the same bytes between the same two processes, as one stream: curl
 * downloads every file and every page of documents from the node over one keep-alive connection,
 * piped into one upload to the backup node, which hashes and stores the bytes as one file (as a
 * backup's blocks are hashed and stored). The bytes pass through the pipe between the two curls.
 *
 * Targets (issue 8): backup rate ≥ 50% of the raw copy's; the incremental backup sends ≤ 3% of the
 * full size.
 *
 *   node --conditions=@cella/source --import tsx bench/backup.ts
 *   BENCH_BACKUP_FILES=128 BENCH_BACKUP_DOCS=20000 ...   a smaller vault
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, createDevIdentity, type BackupState, type Vault } from '@cella/sdk';
import { spawnNode, type SpawnedNode } from '../src/testing/index.js';
import { fmt, pct, printTable } from './lib.js';
import { benchCompiled } from './node-under-test.js';

const MiB = 1024 * 1024;
const FILES = Number(process.env.BENCH_BACKUP_FILES ?? 512);
const DOCS = Number(process.env.BENCH_BACKUP_DOCS ?? 100_000);
const CONCURRENCY = 4;

const base = randomBytes(16 * MiB);
/** 1 MiB of incompressible bytes, unique per (seed, i). */
function fileBytes(seed: number, i: number): Buffer {
  const piece = Buffer.allocUnsafe(MiB);
  base.copy(piece, 0, (i * MiB) % base.length);
  piece.writeUInt32BE(i, 0);
  piece.writeUInt32BE(seed, 4);
  return piece;
}

async function pool<T>(items: T[], run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < items.length) await run(items[next++]!);
    }),
  );
}

async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; seconds: number }> {
  const t0 = performance.now();
  const value = await fn();
  return { value, seconds: (performance.now() - t0) / 1000 };
}

async function backupOnce(vault: Vault, target: string): Promise<{ state: BackupState; seconds: number }> {
  const { value, seconds } = await timed(async () => {
    await vault.backup.start({ target: { url: target } });
    return vault.backup.watch(undefined, { intervalMs: 100 });
  });
  if (value.result !== 'success') throw new Error(`backup failed: ${value.message}`);
  return { state: value, seconds };
}

/**
 * The raw copy: one curl downloads every file and every page of documents (Extended JSON, as the
 * API serves them) from the node over one keep-alive connection, its output piped into one upload
 * to the backup node (which hashes and stores it as one file). Returns the bytes that arrived.
 */
async function rawCopy(
  fromUrl: string,
  from: Vault,
  toUrl: string,
  to: Vault,
  paths: string[],
): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'cella-bench-raw-'));
  try {
    const config = join(dir, 'urls.conf');
    const lines = [`header = "authorization: Bearer ${await from.session.token()}"`];
    for (const p of paths)
      lines.push(`url = "${fromUrl}/api/v2/vault/files/${p.split('/').map(encodeURIComponent).join('/')}"`);
    for (let skip = 0; skip < DOCS; skip += 10_000)
      lines.push(`url = "${fromUrl}/api/v2/vault/db/docs?filter=%7B%7D&skip=${skip}&limit=10000"`);
    writeFileSync(config, `${lines.join('\n')}\n`, { mode: 0o600 });
    const result = join(dir, 'result.json');
    const toToken = await to.session.token();
    const script =
      'curl -sf --config "$CONFIG" | curl -sf -X PUT -H "authorization: Bearer $TO_TOKEN" -H "content-type: application/octet-stream" -T - -o "$RESULT" "$TO"';
    await new Promise<void>((resolve, reject) => {
      const child = spawn('sh', ['-c', script], {
        env: {
          ...process.env,
          CONFIG: config,
          RESULT: result,
          TO_TOKEN: toToken,
          TO: `${toUrl}/api/v2/vault/files/raw-copy.bin`,
        },
        stdio: 'ignore',
      });
      child.on('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`the raw copy failed (${code})`)),
      );
    });
    return Number((JSON.parse(readFileSync(result, 'utf8')) as { size: number }).size);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchBackup(): Promise<void> {
  const plansFile = join(tmpdir(), `cella-bench-backup-plans-${process.pid}.json`);
  const big = { name: 'Basic', maxStorage: 8192, serviceDays: -1, amount: 0, currency: 'ELA' };
  writeFileSync(plansFile, JSON.stringify({ version: '1.0', pricingPlans: [big], backupPlans: [big] }));
  // The backup node listens on loopback, which a primary calls only when allow-listed.
  const env = { CELLA_LOG_LEVEL: 'error', CELLA_PLANS_FILE: plansFile, CELLA_OUTBOUND_ALLOW: '127.0.0.1' };
  const nodes: SpawnedNode[] = [];
  try {
    const [primary, backupNode] = await Promise.all([
      spawnNode({ env, compiled: benchCompiled() }),
      spawnNode({ app: 'backup-node', env, compiled: benchCompiled('backup-node') }),
    ]);
    nodes.push(primary, backupNode);
    const user = createDevIdentity();
    const vault = await connect({ url: primary.url, signer: user.signer });
    await vault.subscription.subscribe();

    console.log(`filling the vault: ${FILES} files of 1 MiB and ${DOCS} documents ...`);
    const docs = await vault.db.createCollection('docs');
    for (let i = 0; i < DOCS; i += 10_000) {
      await docs.insert(
        Array.from({ length: Math.min(10_000, DOCS - i) }, (_, k) => ({
          n: i + k,
          name: `person ${i + k}`,
          email: `person${i + k}@example.org`,
          tags: ['a', 'b', String((i + k) % 17)],
          score: (i + k) * 1.5,
        })),
      );
    }
    const paths = Array.from({ length: FILES }, (_, i) => `files/${Math.floor(i / 64)}/f${i}.bin`);
    await pool(
      paths.map((p, i) => [p, i] as const),
      async ([p, i]) => void (await vault.files.upload(p, fileBytes(0, i))),
    );

    // ── Full backup.
    const full = await backupOnce(vault, backupNode.url);
    const vaultBytes = full.state.progress.vault_bytes;

    // ── Raw copy of the same bytes between the same two processes: one stream.
    const there = await connect({ url: backupNode.url, signer: user.signer });
    await there.subscription.subscribe();
    const raw = await timed(() => rawCopy(primary.url, vault, backupNode.url, there, paths));
    const rawBytes = raw.value;

    // ── 1% of the files change; incremental backup.
    const changed = Math.max(1, Math.round(FILES / 100));
    for (let i = 0; i < changed; i++) {
      const index = Math.floor((i * FILES) / changed);
      await vault.files.upload(paths[index]!, fileBytes(1, index));
    }
    const incremental = await backupOnce(vault, backupNode.url);

    const fullRate = vaultBytes / MiB / full.seconds;
    const rawRate = rawBytes / MiB / raw.seconds;
    printTable(`Backup: ${FILES} MiB of files + ${fmt(DOCS)} documents, node → backup node (loopback)`, [
      {
        run: 'full backup',
        'content MiB': fmt(vaultBytes / MiB, 1),
        'sent MiB (network)': fmt(full.state.progress.network_bytes / MiB, 1),
        seconds: fmt(full.seconds, 1),
        'MiB/s': fmt(fullRate, 1),
        'vs raw copy': pct(fullRate, rawRate),
      },
      {
        run: 'raw copy: every file and document page, one stream (curl | curl)',
        'content MiB': fmt(rawBytes / MiB, 1),
        'sent MiB (network)': '-',
        seconds: fmt(raw.seconds, 1),
        'MiB/s': fmt(rawRate, 1),
        'vs raw copy': '100%',
      },
      {
        run: `incremental backup after ${changed} of ${FILES} files changed`,
        'content MiB': fmt(incremental.state.progress.bytes_total / MiB, 2),
        'sent MiB (network)': fmt(incremental.state.progress.network_bytes / MiB, 2),
        seconds: fmt(incremental.seconds, 1),
        'MiB/s': '-',
        'vs raw copy': `sent ${pct(incremental.state.progress.network_bytes, full.state.progress.network_bytes)} of the full backup`,
      },
    ]);
    console.log(`\nfull backup: ${full.state.message}`);
    console.log(`incremental: ${incremental.state.message}`);
    console.log(
      `targets: backup ≥ 50% of the raw copy rate (${pct(fullRate, rawRate)}); incremental sends ≤ 3% of the full size (${pct(incremental.state.progress.network_bytes, vaultBytes)} of the content, ${pct(incremental.state.progress.bytes_total, vaultBytes)} as content bytes)`,
    );
  } finally {
    for (const node of nodes) {
      await node.stop();
      rmSync(node.dataDir, { recursive: true, force: true });
    }
    rmSync(plansFile, { force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchBackup();
