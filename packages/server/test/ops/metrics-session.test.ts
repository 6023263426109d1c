/**
 * `/metrics` during a scripted session between real node processes (a vault node and a backup
 * node, on loopback): sign-ins (one refused), inserts, an upload, anonymous script runs past their
 * limit, a backup that waits for its backup node and then completes. Each documented metric is
 * checked to move as it should, route labels stay bounded, and docs/operations.md lists exactly
 * the metrics the nodes serve, with their types and labels.
 */
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { endpointList } from '@cella/openapi';
import { connect, createClient, createDevIdentity, type Vault } from '@cella/sdk';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { spawnNode, type SpawnedNode } from '../../src/testing/index.js';
import { ALLOW_LOOPBACK, bytesOf } from '../backup/helpers.js';
import { documentedMetrics, samplesOf, scrape, type Scrape } from './exposition.js';

const FILE_BYTES = 300_000;
// Node-wide figures recounted on every scrape, so each step sees its own effect.
const FRESH = { CELLA_METRICS_SCAN_INTERVAL: '0' };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

let primary: SpawnedNode;
let backupNode: SpawnedNode | undefined;
let backupPort: number;
let backupDataDir: string;
let backupDid: string;
let vault: Vault;
let before: Scrape;
let afterSession: Scrape;

beforeAll(async () => {
  backupPort = await freePort();
  [primary, backupNode] = await Promise.all([
    spawnNode({ env: { ...ALLOW_LOOPBACK, ...FRESH, CELLA_ANONYMOUS_RUNS_PER_MINUTE: '2' } }),
    spawnNode({ app: 'backup-node', port: backupPort, env: FRESH }),
  ]);
  backupDataDir = backupNode.dataDir;
  // The backup node's DID, so that the backup can start while the backup node is down.
  const probe = await connect({ url: backupNode.url, signer: createDevIdentity().signer });
  backupDid = (await probe.node.info()).service_did;
  await backupNode.stop();
  backupNode = undefined;
  before = await scrape(primary.url);
}, 90_000);

afterAll(async () => {
  await primary?.stop();
  await backupNode?.stop();
  if (primary) rmSync(primary.dataDir, { recursive: true, force: true });
  if (backupDataDir) rmSync(backupDataDir, { recursive: true, force: true });
});

const delta = (after: Scrape, name: string, labels?: Record<string, string>) =>
  after.value(name, labels) - before.value(name, labels);

describe('a session on the vault node', () => {
  test('sign-ins, inserts, an upload and refused anonymous runs move their metrics', async () => {
    const identity = createDevIdentity('elastos');
    vault = await connect({ url: primary.url, signer: identity.signer });
    // A refused sign-in: a challenge response that is no presentation.
    const refused = await fetch(`${primary.url}/api/v2/did/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ challenge_response: 'eyJhbGciOiJFUzI1NiJ9.e30.c2ln' }),
    });
    expect(refused.status).toBe(401);

    const notes = await vault.db.createCollection('notes');
    await notes.insert([{ n: 1 }, { n: 2 }, { n: 3 }]);
    await vault.files.upload('photos/cat.bin', bytesOf('cat', FILE_BYTES));
    await vault.scripts.register('open', {
      executable: { type: 'count', collection: 'notes', filter: {} },
      allowAnonymous: true,
    });
    const anonymous = createClient({ url: primary.url, retry: false }); // each 429 counted once
    const runs = await Promise.allSettled(
      Array.from({ length: 3 }, () => anonymous.scripts.run('open', { owner: vault.did })),
    );
    expect(runs.filter((r) => r.status === 'rejected')).toHaveLength(1);
    // A path no route knows.
    expect((await fetch(`${primary.url}/api/v2/no/such/${vault.did}`)).status).toBe(404);

    const after = await scrape(primary.url);
    afterSession = after;

    // Requests by route (the contract's operation id) and status, with their latencies.
    expect(delta(after, 'cella_http_requests_total', { route: 'auth', status: '201' })).toBe(1);
    expect(delta(after, 'cella_http_requests_total', { route: 'auth', status: '401' })).toBe(1);
    expect(
      delta(after, 'cella_http_requests_total', { route: 'insertDocuments', method: 'POST', status: '201' }),
    ).toBe(1);
    expect(
      delta(after, 'cella_http_requests_total', { route: 'uploadFile', method: 'PUT', status: '200' }),
    ).toBe(1);
    expect(delta(after, 'cella_http_requests_total', { route: 'runScript', status: '429' })).toBe(1);
    expect(delta(after, 'cella_http_requests_total', { route: 'unmatched', status: '404' })).toBe(1);
    expect(delta(after, 'cella_http_request_duration_seconds_count', { route: 'uploadFile' })).toBe(1);
    expect(after.value('cella_http_request_duration_seconds_sum', { route: 'uploadFile' })).toBeGreaterThan(
      0,
    );
    expect(
      after.value('cella_http_request_duration_seconds_bucket', { route: 'insertDocuments', le: '+Inf' }),
    ).toBe(after.value('cella_http_request_duration_seconds_count', { route: 'insertDocuments' }));

    // Sign-ins by outcome, rate-limit refusals by bucket.
    expect(delta(after, 'cella_sign_ins_total', { kind: 'user', outcome: 'ok' })).toBe(1);
    expect(delta(after, 'cella_sign_ins_total', { kind: 'user', outcome: 'UNAUTHORIZED' })).toBe(1);
    expect(delta(after, 'cella_rate_limit_refusals_total', { bucket: 'anonymous-script-runs' })).toBe(1);

    // Engine latencies, by port operation.
    expect(
      delta(after, 'cella_document_store_operation_seconds_count', { operation: 'insertMany' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      delta(after, 'cella_document_store_operation_seconds_count', { operation: 'findOneAndUpdate' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      delta(after, 'cella_block_store_operation_seconds_count', { operation: 'isPinned' }),
    ).toBeGreaterThanOrEqual(1);

    // Node-wide figures: one user with one running vault, its storage, one file, one pinned CID.
    expect(before.value('cella_users')).toBe(0);
    expect(after.value('cella_users')).toBe(1);
    expect(after.value('cella_vaults', { state: 'running' })).toBe(1);
    expect(
      after.value('cella_vaults', { state: 'frozen' }) + after.value('cella_vaults', { state: 'removed' }),
    ).toBe(0);
    expect(after.value('cella_storage_used_bytes', { kind: 'files' })).toBe(FILE_BYTES);
    expect(after.value('cella_storage_used_bytes', { kind: 'documents' })).toBeGreaterThan(0);
    expect(after.value('cella_files')).toBe(1);
    expect(after.value('cella_pinned_cids')).toBe(1);
    expect(after.value('cella_node_figures_age_seconds')).toBeLessThan(5);

    // Process metrics.
    expect(delta(after, 'process_cpu_seconds_total')).toBeGreaterThan(0);
    expect(after.has('nodejs_eventloop_lag_seconds')).toBe(true);
    expect(after.value('nodejs_heap_size_used_bytes')).toBeGreaterThan(0);

    // Route labels are operation ids or route templates: never a DID, a file path or a raw URL.
    const known = new Set([...endpointList.map((e) => e.operationId), '/metrics', 'unmatched']);
    const routes = new Set(
      after.samples.filter((s) => s.labels.route !== undefined).map((s) => s.labels.route!),
    );
    expect([...routes].filter((route) => !known.has(route))).toEqual([]);
  }, 60_000);

  test('a copy names the same content: two files, still one pinned CID', async () => {
    await vault.files.copy('photos/cat.bin', 'photos/cat-2.bin');
    const after = await scrape(primary.url);
    expect(after.value('cella_files')).toBe(2);
    expect(after.value('cella_pinned_cids')).toBe(1);
    expect(after.value('cella_storage_used_bytes', { kind: 'files' })).toBe(2 * FILE_BYTES);
  });
});

describe('a backup to a backup node', () => {
  test('a job waits for its backup node (running), then completes; bytes moved on both sides', async () => {
    const started = await vault.backup.start({
      target: { url: `http://127.0.0.1:${backupPort}`, did: backupDid },
    });
    expect(started.result).toBe('running');
    const waiting = await scrape(primary.url);
    expect(waiting.value('cella_backup_jobs_running', { kind: 'backup' })).toBe(1);

    backupNode = await spawnNode({
      app: 'backup-node',
      port: backupPort,
      dataDir: backupDataDir,
      env: FRESH,
    });
    const done = await vault.backup.watch(undefined, {
      intervalMs: 200,
      signal: AbortSignal.timeout(60_000),
    });
    expect(done.result, done.message).toBe('success');

    const after = await scrape(primary.url);
    expect(delta(after, 'cella_backup_jobs_total', { kind: 'backup', result: 'success' })).toBe(1);
    expect(delta(after, 'cella_backup_network_bytes_total', { kind: 'backup' })).toBeGreaterThan(FILE_BYTES);
    expect(after.value('cella_backup_jobs_running', { kind: 'backup' })).toBe(0);
    // The primary signs in to the backup node as a node.
    const received = await scrape(backupNode.url);
    expect(received.value('cella_backup_received_bytes_total')).toBeGreaterThanOrEqual(FILE_BYTES);
    expect(received.value('cella_sign_ins_total', { kind: 'node', outcome: 'ok' })).toBeGreaterThanOrEqual(1);
    expect(received.value('cella_http_requests_total', { route: 'backupNodeCommit' })).toBeGreaterThanOrEqual(
      1,
    );
  }, 90_000);
});

describe('docs/operations.md', () => {
  test('lists exactly the metrics the nodes serve, with their types and labels', async () => {
    const documented = documentedMetrics();
    const served = new Map<string, string>([...afterSession.types, ...(await scrape(backupNode!.url)).types]);
    expect(documented.map((m) => m.name).sort()).toEqual([...served.keys()].sort());
    const both = [afterSession, await scrape(backupNode!.url)];
    for (const metric of documented) {
      expect(served.get(metric.name), metric.name).toBe(metric.type);
      // Label names, where the scrapes have samples of the metric.
      const labels = new Set<string>();
      for (const s of both)
        for (const sample of samplesOf(s, metric.name))
          for (const l of Object.keys(sample.labels)) if (l !== 'le') labels.add(l);
      const seen = both.some((s) => samplesOf(s, metric.name).length > 0);
      if (seen) expect([...labels].sort(), metric.name).toEqual([...metric.labels].sort());
    }
  });
});
