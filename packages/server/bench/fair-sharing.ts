/**
 * Fair sharing (issue 21): health latency for a second client while one user loops a full scan
 * (a count no index decides) over 100,000 and 1,000,000 documents, against the same node's idle
 * health in the same run. Target: loaded p99 ≤ 5× idle p99. Figures are ratios, never asserted.
 * CELLA_DB_WORKERS=0 (reads on the node's thread, as before) is measured beside it for contrast.
 * The documents are written into the vault's SQLite file in one statement (fillSqliteCollection).
 */
import { join } from 'node:path';
import { fillSqliteCollection } from '@cella/document-store/testing';
import { vaultDatabaseName } from '../src/vault/names.js';
import { startBenchNode, type BenchNode } from './node-under-test.js';
import { fmt, percentile, printTable } from './lib.js';

const SECONDS = Number(process.env.CELLA_BENCH_SECONDS ?? 3);

/** A filter no index decides: every document is read and tested. */
const SCAN = {
  $nor: [{ payload: { $regex: 'a$' } }, { tag: { $regex: 'zz' } }, { seq: { $type: 'string' } }],
};

/** Health latencies (ms) of back-to-back requests for SECONDS seconds. */
async function healthLatencies(url: string): Promise<number[]> {
  const out: number[] = [];
  const end = performance.now() + SECONDS * 1000;
  while (performance.now() < end) {
    const started = performance.now();
    const answer = await fetch(`${url}/api/v2/health`);
    await answer.arrayBuffer();
    out.push(performance.now() - started);
  }
  return out;
}

async function underScan(bench: BenchNode, collection: string): Promise<{ health: number[]; scans: number }> {
  let running = true;
  let scans = 0;
  const loop = (async () => {
    while (running) {
      const answer = await fetch(`${bench.node.url}/api/v2/vault/db/${collection}/count`, {
        method: 'POST',
        headers: { authorization: `Bearer ${bench.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ filter: SCAN }),
      });
      await answer.arrayBuffer();
      scans++;
    }
  })();
  await new Promise((r) => setTimeout(r, 200));
  const health = await healthLatencies(bench.node.url);
  running = false;
  await loop;
  return { health, scans };
}

async function benchWorkers(label: string, env: Record<string, string>): Promise<void> {
  const bench = await startBenchNode(env);
  try {
    const rows: Array<Record<string, string | number>> = [];
    await healthLatencies(bench.node.url); // warm-up, not counted
    const idle = await healthLatencies(bench.node.url);
    const idleP50 = percentile(idle, 50);
    const idleP99 = percentile(idle, 99);
    rows.push({ load: 'idle', 'health p50': '1×', 'health p99': '1×', scans: '' });
    for (const size of [100_000, 1_000_000]) {
      const name = `scan${size}`;
      await bench.vault.db.createCollection(name);
      const file = join(bench.node.dataDir, 'db', `${vaultDatabaseName(bench.vault.did)}.sqlite`);
      fillSqliteCollection({ file, collection: name, count: size });
      const { health, scans } = await underScan(bench, name);
      rows.push({
        load: `one user loops a full-scan count over ${fmt(size)} documents`,
        'health p50': `${fmt(percentile(health, 50) / idleP50, 1)}×`,
        'health p99': `${fmt(percentile(health, 99) / idleP99, 1)}×`,
        scans,
      });
    }
    printTable(
      `Fair sharing (SQLite, ${label}): health for a second client vs idle, same run (target p99 ≤ 5×)`,
      rows,
    );
  } finally {
    await bench.stop();
  }
}

export async function benchFairSharing(): Promise<void> {
  await benchWorkers('default read workers', {});
  // The contrast: reads on the node's own thread, as before issue 21.
  await benchWorkers('CELLA_DB_WORKERS=0, reads on the node thread', { CELLA_DB_WORKERS: '0' });
}
