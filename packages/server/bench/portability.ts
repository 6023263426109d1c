/**
 * Vault export (issue 24) on a child process node: a vault of files (1 MiB each, incompressible)
 * plus documents is exported in full, then 1% of the documents and of the files change and an
 * incremental export (`?since=` the full one) is taken. Figures, as ratios of one run:
 *
 * - export rate ÷ SHA-256 rate of the same number of bytes in this process (target ≥ 0.5);
 * - incremental bytes ÷ full bytes (target ≤ 2%).
 *
 *   CELLA_BENCH_ONLY=portability npm run bench -w @cella/server
 *   BENCH_EXPORT_FILES=64 BENCH_EXPORT_DOCS=10000 ...   a smaller vault (default 1024 files, 100,000 documents)
 */
import { createHash, randomBytes } from 'node:crypto';
import { fmt, pct, printTable } from './lib.js';
import { startBenchNode } from './node-under-test.js';

const MiB = 1024 * 1024;
const FILES = Number(process.env.BENCH_EXPORT_FILES ?? 1024);
const DOCS = Number(process.env.BENCH_EXPORT_DOCS ?? 100_000);
const base = randomBytes(16 * MiB);

function fileBytes(seed: number, i: number): Buffer {
  const piece = Buffer.allocUnsafe(MiB);
  base.copy(piece, 0, (i * MiB) % base.length);
  piece.writeUInt32BE(i, 0);
  piece.writeUInt32BE(seed, 4);
  return piece;
}

/** Reads an export to its end; its bytes, id and time. */
async function exportOnce(url: string, token: string, query = '') {
  const t0 = performance.now();
  const response = await fetch(`${url}/api/v2/vault/export${query}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (response.status !== 200)
    throw new Error(`export answered ${response.status}: ${await response.text()}`);
  let bytes = 0;
  const reader = response.body!.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) bytes += read.value.length;
  return {
    bytes,
    id: response.headers.get('x-cella-export-root')!,
    seconds: (performance.now() - t0) / 1000,
  };
}

function sha256Seconds(bytes: number): number {
  const t0 = performance.now();
  const hash = createHash('sha256');
  for (let done = 0; done < bytes; done += MiB)
    hash.update(base.subarray(done % base.length, (done % base.length) + MiB));
  hash.digest();
  return (performance.now() - t0) / 1000;
}

export async function benchPortability(): Promise<void> {
  const bench = await startBenchNode();
  try {
    const { vault, node } = bench;
    await vault.subscription.subscribe();
    const notes = await vault.db.createCollection('notes');
    for (let i = 0; i < DOCS; i += 5000)
      await notes.insert(
        Array.from({ length: Math.min(5000, DOCS - i) }, (_, k) => ({
          i: i + k,
          text: `note ${i + k} `.repeat(8),
        })),
      );
    for (let f = 0; f < FILES; f++) await vault.files.upload(`files/${f}.bin`, fileBytes(0, f));
    const token = await vault.session.token();

    const full = await exportOnce(node.url, token);
    const hashSeconds = sha256Seconds(full.bytes);

    const changedDocs = Math.max(1, Math.round(DOCS / 100));
    for (let k = 0; k < changedDocs; k++) {
      const i = Math.floor(((k + 0.5) * DOCS) / changedDocs);
      await notes.update({ i }, { $set: { text: `changed ${i}` } });
    }
    const changedFiles = Math.max(1, Math.round(FILES / 100));
    for (let k = 0; k < changedFiles; k++) {
      const f = Math.floor(((k + 0.5) * FILES) / changedFiles);
      await vault.files.upload(`files/${f}.bin`, fileBytes(1, f));
    }
    const incremental = await exportOnce(node.url, await vault.session.token(), `?since=${full.id}`);

    const rate = full.bytes / MiB / full.seconds;
    const hashRate = full.bytes / MiB / hashSeconds;
    printTable(`Vault export: ${FILES} MiB of files + ${fmt(DOCS)} documents (child process, loopback)`, [
      {
        measure: 'full export',
        bytes: fmt(full.bytes),
        'MiB/s': fmt(rate, 1),
        note: `÷ sha256 ${fmt(hashRate, 1)} MiB/s = ${fmt(rate / hashRate, 2)} (target ≥ 0.5)`,
      },
      {
        measure: `incremental after ${changedDocs} documents, ${changedFiles} files changed`,
        bytes: fmt(incremental.bytes),
        'MiB/s': fmt(incremental.bytes / MiB / incremental.seconds, 1),
        note: `${pct(incremental.bytes, full.bytes)} of the full export (target ≤ 2%)`,
      },
    ]);
  } finally {
    await bench.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchPortability();
