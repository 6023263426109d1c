/**
 * Scale-out: one node served by three stateless processes (`apps/node`, the same identity, each
 * its own data dir) on one FerretDB (MONGODB_URI when set) and one kubo daemon, behind a
 * round-robin proxy — no sticky sessions. Driven through the SDK as users would, with the
 * processes' periodic sweeps running every second in all three (grace 30 s).
 *
 * - sign in on one process, call on the others;
 * - the measured over-quota race (16 concurrent uploads of one 1 MiB file, 8 MiB quota, 3,000,000
 *   bytes used: 6 to 8 acknowledged where 5 fit, usage 1 MiB below what was stored, a 455), three
 *   rounds; concurrent inserts and uploads into one vault: never a byte over, usage = what is stored;
 * - uploads racing to create `a` and `a/b` on different processes: at most one stays;
 * - a script file transaction opened on one process and used on another; anonymous runs limited
 *   once across the processes, not once per process; so are a user's requests and an address's
 *   requests without a token (the general budgets, counted in the store: before, each process
 *   granted its own, and 350 calls against a budget of 300 all passed);
 * - a process killed (SIGKILL) mid-upload: nothing half-written, usage exact, orphans swept;
 * - a process killed mid-backup: another process takes the job over through its lease and a
 *   backup node receives the whole vault;
 * - sweeps in all three processes under churn of shared content: nothing live unpinned.
 */
import { createHash, randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { rmSync } from 'node:fs';
import path from 'node:path';
import {
  CellaApiError,
  connect,
  createClient,
  createDevIdentity,
  memoryTokenStore,
  type DevIdentity,
  type Vault,
} from '@cella/sdk';
import type { BlockStore } from '@cella/block-store';
import { createMongoDocumentStore } from '@cella/document-store/mongodb';
import type { DocumentStore } from '@cella/document-store';
import { mongoTargetAvailable } from '@cella/document-store/testing';
import { kuboBinary } from '@cella/block-store/testing';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { spawnNode, startScaleOut, type ScaleOut, type SpawnedNode } from '../../src/testing/index.js';
import { VaultDatabase } from '../../src/vault/database-service.js';
import { defaultPlans } from '../../src/vault/plans.js';
import { VaultService } from '../../src/vault/vaults.js';
import { CID_REFS_COLLECTION } from '../../src/files/cid-refs.js';
import { FILES_COLLECTION } from '../../src/files/file-records.js';
import { countBlocks } from '../backup/inspect.js';

const MiB = 1024 * 1024;
const PROCESSES = 3;
const ANONYMOUS_RUNS_PER_MINUTE = 6;
/** The general budgets (user, address without a token) in this cluster: small enough to spend. */
const BUDGET = 300;

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Outcome of a call: 'ok', the HTTP status it was refused with, or 'network' (no answer). */
async function outcome(call: Promise<unknown>): Promise<'ok' | 'network' | number> {
  try {
    await call;
    return 'ok';
  } catch (error) {
    return error instanceof CellaApiError ? error.status : 'network';
  }
}

function tally(results: ('ok' | 'network' | number)[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of results) out[String(r)] = (out[String(r)] ?? 0) + 1;
  return out;
}

// The default block backend starts its own kubo daemon from the cached binary.
const available =
  mongoTargetAvailable() && (process.env.CELLA_SCALE_OUT_BLOCKS !== undefined || kuboBinary() !== undefined);
if (!available) {
  const why =
    'scale-out suite SKIPPED: it needs FerretDB (or MONGODB_URI) and kubo: run scripts/services/ferretdb.sh install and scripts/services/kubo.sh install';
  console.warn(`\n${'!'.repeat(100)}\n${why}\n${'!'.repeat(100)}\n`);
  describe.skip('scale-out', () => test(why, () => undefined));
} else {
  describe('scale-out: three processes on one store and one IPFS daemon', () => {
    let cluster: ScaleOut;
    /** The test's own view of the shared stores, as a fourth process would have it. */
    let documents: DocumentStore;
    let blocks: BlockStore;
    let vaults: VaultService;
    let database: VaultDatabase;

    beforeAll(async () => {
      cluster = await startScaleOut({
        processes: PROCESSES,
        env: {
          CELLA_ANONYMOUS_RUNS_PER_MINUTE: String(ANONYMOUS_RUNS_PER_MINUTE),
          CELLA_RATE_LIMIT_USER: String(BUDGET),
          CELLA_RATE_LIMIT_ANONYMOUS: String(BUDGET),
          CELLA_BACKUP_LEASE: '3',
          CELLA_FILES_SWEEP_INTERVAL: '1',
          // The grace must outlast the slowest upload between its count and its metadata (on a
          // loaded CI machine, under FerretDB's locks, that was seen above 10 s).
          CELLA_FILES_SWEEP_GRACE: '30',
          // The backup node of the mid-backup scenario listens on loopback.
          CELLA_OUTBOUND_ALLOW: '127.0.0.1',
        },
      });
      documents = createMongoDocumentStore({ uri: cluster.mongo.uri });
      blocks = await cluster.blocks.open();
      vaults = new VaultService(documents.database('cella_node'), defaultPlans, Date.now);
      database = new VaultDatabase(documents, vaults, Date.now);
    }, 180_000);

    afterAll(async () => {
      await documents?.close();
      await blocks?.close();
      await cluster?.stop();
    }, 60_000);

    interface User {
      identity: DevIdentity;
      /** Signed in through the proxy. */
      vault: Vault;
    }

    /** A new user signed in through the proxy. */
    async function newUser(): Promise<User> {
      const identity = createDevIdentity('key');
      const vault = await connect({ url: cluster.url, signer: identity.signer });
      await vault.subscription.subscribe();
      return { identity, vault };
    }

    /** The same signed-in user talking to process i directly, with the token it already has. */
    async function on(i: number, user: User): Promise<Vault> {
      const url = cluster.nodes[i]!.url;
      const tokenStore = memoryTokenStore();
      await tokenStore.set(`${url}|${user.vault.did}`, await user.vault.session.token());
      return connect({ url, signer: user.identity.signer, tokenStore });
    }

    /** The vault's usage as the node reports it, and what is actually stored (counted by the test). */
    async function usageAndStored(vault: Vault) {
      const info = await vault.subscription.info();
      const record = (await vaults.find(vault.did))!;
      const files = (await vault.files.list('', { recursive: true })).filter((f) => f.is_file);
      return {
        info,
        storedFiles: files.reduce((sum, f) => sum + f.size, 0),
        storedDb: await database.recount(record),
        files,
      };
    }

    async function expectUsageExact(vault: Vault): Promise<void> {
      const { info, storedFiles, storedDb } = await usageAndStored(vault);
      expect(info.files_used).toBe(storedFiles);
      expect(info.database_used).toBe(storedDb);
      expect(info.storage_used).toBe(storedFiles + storedDb);
      expect(info.storage_used).toBeLessThanOrEqual(info.storage_quota);
    }

    test('sign in on one process, call on the others', async () => {
      const before = cluster.proxy.served.length;
      const user = await newUser();
      const { vault } = user;
      const signIn = cluster.proxy.served.slice(before).filter((s) => s.path.startsWith('/api/v2/did/'));
      expect(signIn.map((s) => s.path)).toEqual(['/api/v2/did/signin', '/api/v2/did/auth']);
      // The challenge was issued by one process and answered to another.
      expect(signIn[0]!.backend).not.toBe(signIn[1]!.backend);
      const notes = await vault.db.createCollection('notes');
      await notes.insert({ n: 1 });
      for (let i = 0; i < PROCESSES; i++) {
        const direct = await on(i, user);
        expect((await direct.subscription.info()).state).toBe('running');
        await direct.db.collection('notes').insert({ n: 10 + i });
      }
      expect(await vault.db.collection('notes').count({})).toBe(1 + PROCESSES);
    });

    test('16 concurrent uploads of one 1 MiB file over all processes into 8 MiB with 3,000,000 bytes used: exactly 5 acknowledged, usage exact (three rounds)', async () => {
      const { vault } = await newUser();
      await vaults.update(vault.did, { quota: 8 * MiB });
      await vault.files.upload('base.bin', randomBytes(3_000_000));
      const same = randomBytes(MiB);
      for (let round = 0; round < 3; round++) {
        const before = cluster.proxy.served.length;
        const results = await Promise.all(
          Array.from({ length: 16 }, (_, i) => outcome(vault.files.upload(`race/${round}/${i}.bin`, same))),
        );
        const backends = new Set(
          cluster.proxy.served
            .slice(before)
            .filter((s) => s.method === 'PUT')
            .map((s) => s.backend),
        );
        expect(backends.size).toBe(PROCESSES);
        // 8 MiB - 3,000,000 bytes = 5.14 MiB: room for 5, and every other upload is a 507.
        expect(tally(results)).toEqual({ ok: 5, '507': 11 });
        const { info, files, storedFiles } = await usageAndStored(vault);
        expect(info.files_used).toBe(3_000_000 + 5 * MiB);
        expect(storedFiles).toBe(info.files_used);
        for (const f of files.filter((f) => f.name.startsWith(`race/${round}/`)))
          expect(sha(await vault.files.bytes(f.name))).toBe(sha(same));
        await vault.files.delete(`race/${round}`);
        expect((await vault.subscription.info()).files_used).toBe(3_000_000);
      }
      await expectUsageExact(vault);
    }, 120_000);

    test('concurrent inserts and uploads into one vault through all processes: never a byte over, usage = what is stored', async () => {
      const { vault } = await newUser();
      const quota = 2 * MiB;
      await vaults.update(vault.did, { quota });
      const notes = await vault.db.createCollection('notes');
      const results = await Promise.all([
        ...Array.from({ length: 40 }, (_, i) =>
          outcome(notes.insert({ i, text: 'x'.repeat(30_000) }, { timestamp: false })),
        ),
        ...Array.from({ length: 16 }, (_, i) =>
          outcome(vault.files.upload(`mixed/${i}.bin`, randomBytes(100_000))),
        ),
      ]);
      const inserts = results.slice(0, 40);
      const uploads = results.slice(40);
      // The quota was hit (some writes refused with 507) and nothing failed otherwise.
      expect(Object.keys(tally(results)).sort()).toEqual(['507', 'ok']);
      const { info, files, storedDb } = await usageAndStored(vault);
      expect(await notes.count({})).toBe(inserts.filter((r) => r === 'ok').length);
      expect(files).toHaveLength(uploads.filter((r) => r === 'ok').length);
      expect(info.database_used).toBe(storedDb);
      expect(info.storage_used).toBeLessThanOrEqual(quota);
      // Less than one more write of either kind would fit.
      expect(quota - info.storage_used).toBeLessThan(100_000 + 200);
      await expectUsageExact(vault);
    }, 120_000);

    test('uploads racing to create a file and a file below it, on different processes: never both', async () => {
      const { vault } = await newUser();
      const pairs = 12;
      const results = await Promise.all(
        Array.from({ length: pairs }, (_, i) => [
          outcome(vault.files.upload(`clash/${i}`, `a file named ${i}`)),
          outcome(vault.files.upload(`clash/${i}/inner.txt`, `a file below ${i}`)),
        ]).flat(),
      );
      expect(Object.keys(tally(results)).every((k) => k === 'ok' || k === '455')).toBe(true);
      const names = new Set(
        (await vault.files.list('', { recursive: true })).filter((f) => f.is_file).map((f) => f.name),
      );
      for (let i = 0; i < pairs; i++) {
        expect(names.has(`clash/${i}`) && names.has(`clash/${i}/inner.txt`), `pair ${i}`).toBe(false);
        // What was acknowledged is there, unless it withdrew (455).
        if (results[2 * i] === 'ok') expect(names.has(`clash/${i}`)).toBe(true);
        if (results[2 * i + 1] === 'ok') expect(names.has(`clash/${i}/inner.txt`)).toBe(true);
      }
      await expectUsageExact(vault);
    }, 120_000);

    test('a script file transaction opened on one process is used on another, once', async () => {
      const { vault: owner } = await newUser();
      await owner.scripts.register('put_drop', {
        executable: { type: 'fileUpload', path: 'drop/$params.name' },
        allowAnonymous: true,
      });
      await owner.scripts.register('get_drop', {
        executable: { type: 'fileDownload', path: 'drop/$params.name' },
        allowAnonymous: true,
      });
      const anonymousOn = (i: number) => createClient({ url: cluster.nodes[i]!.url });
      const put = await anonymousOn(0).scripts.run<{ put_drop: { transaction_id: string } }>('put_drop', {
        owner: owner.did,
        params: { name: 'note.txt' },
      });
      const id = put.put_drop.transaction_id;
      expect(await anonymousOn(1).scripts.uploadByTransaction(id, 'across processes')).toMatchObject({
        name: 'drop/note.txt',
        size: 16,
      });
      expect(await outcome(anonymousOn(2).scripts.uploadByTransaction(id, 'again'))).toBe(400);
      const get = await anonymousOn(2).scripts.run<{ get_drop: { transaction_id: string } }>('get_drop', {
        owner: owner.did,
        params: { name: 'note.txt' },
      });
      const bytes = await anonymousOn(0).scripts.downloadByTransaction(get.get_drop.transaction_id);
      expect(new TextDecoder().decode(bytes)).toBe('across processes');
      await expectUsageExact(owner);
    }, 120_000);

    test('anonymous script runs are limited once across the processes, not once per process', async () => {
      const { vault: owner } = await newUser();
      await owner.scripts.register('pub', {
        executable: { type: 'count', collection: 'notes', filter: {} },
        allowAnonymous: true,
      });
      await owner.db.createCollection('notes');
      // A fixed one-minute window: start well inside one.
      const intoMinute = Date.now() % 60_000;
      if (intoMinute > 50_000) await new Promise((resolve) => setTimeout(resolve, 60_500 - intoMinute));
      // From an address of its own (127.0.0.2), so no other test's anonymous runs count; the
      // runs go to the processes in turn.
      const statuses: number[] = [];
      for (let i = 0; i < 4 * PROCESSES; i++)
        statuses.push(await anonymousRun(cluster.nodes[i % PROCESSES]!.url, 'pub', owner.did));
      expect(tally(statuses)).toEqual({
        '201': ANONYMOUS_RUNS_PER_MINUTE,
        '429': 4 * PROCESSES - ANONYMOUS_RUNS_PER_MINUTE,
      });
      expect(statuses.slice(0, ANONYMOUS_RUNS_PER_MINUTE).every((s) => s === 201)).toBe(true);
    });

    test('a user and an address without a token get one budget across the processes, not one each', async () => {
      const { vault: user } = await newUser();
      const token = await user.session.token();
      // Fixed one-minute windows: the calls (about 10 s) must fall into one.
      const intoMinute = Date.now() % 60_000;
      if (intoMinute > 30_000) await new Promise((resolve) => setTimeout(resolve, 60_500 - intoMinute));
      const calls = BUDGET + 50;
      let next = 0;
      const [byUser, byAddress] = await Promise.all([
        // A signed-in user's calls, through the proxy (round-robin over the three processes).
        inParallel(calls, () =>
          status(`${cluster.url}/api/v2/payment/version`, { authorization: `Bearer ${token}` }),
        ),
        // Calls without a token from an address of its own, to each process in turn.
        inParallel(calls, () =>
          status(`${cluster.nodes[next++ % PROCESSES]!.url}/api/v2/node/version`, {}, '127.0.0.3'),
        ),
      ]);
      for (const statuses of [byUser, byAddress]) {
        const counts = tally(statuses);
        expect(Object.keys(counts).sort()).toEqual(['200', '429']);
        // At most the budget; at least the budget less what each process may hold unused (a
        // chunk, a fiftieth of the budget).
        expect(counts['200']).toBeLessThanOrEqual(BUDGET);
        expect(counts['200']).toBeGreaterThanOrEqual(BUDGET - PROCESSES * (BUDGET / 50));
      }
    }, 120_000);

    test('a process killed mid-upload: nothing half-written, usage exact, the others keep serving', async () => {
      const user = await newUser();
      const { vault } = user;
      await vault.files.upload('kept.bin', randomBytes(200_000));
      const victim = 1;
      const direct = await on(victim, user);
      let sent = 0;
      const chunk = randomBytes(256 * 1024);
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          if (sent >= 64 * MiB) return controller.close();
          if (sent === 8 * MiB) await cluster.kill(victim); // the process dies with 8 MiB in
          await new Promise((resolve) => setTimeout(resolve, 2));
          sent += chunk.length;
          controller.enqueue(chunk);
        },
      });
      expect(await outcome(direct.files.upload('half.bin', body, { size: 64 * MiB }))).not.toBe('ok');
      expect(sent).toBeGreaterThanOrEqual(8 * MiB);
      expect(await outcome(vault.files.stat('half.bin'))).toBe(404);
      await expectUsageExact(vault);
      await cluster.restart(victim);
      expect(await outcome(vault.files.upload('after.bin', 'the cluster goes on'))).toBe('ok');
      await expectUsageExact(vault);
    }, 120_000);

    test('a process killed mid-backup: another process takes the job over through its lease; the backup node gets the whole vault', async () => {
      const backupNode: SpawnedNode = await spawnNode({ app: 'backup-node' });
      try {
        const user = await newUser();
        const { identity, vault } = user;
        const notes = await vault.db.createCollection('notes');
        await notes.insert(Array.from({ length: 300 }, (_, i) => ({ i })));
        for (let i = 0; i < 30; i++) await vault.files.upload(`big/${i}.bin`, randomBytes(MiB));
        const victim = 0;
        const direct = await on(victim, user);
        await direct.backup.start({ target: { url: backupNode.url } });
        const store = path.join(backupNode.dataDir, 'backup-store');
        const deadline = Date.now() + 60_000;
        while ((await countBlocks(store)) < 8) {
          if (Date.now() > deadline) throw new Error('the backup did not start sending blocks');
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        await cluster.kill(victim);
        const final = await vault.backup.watch(undefined, {
          intervalMs: 200,
          signal: AbortSignal.timeout(90_000),
        });
        expect(final, final.message).toMatchObject({ state: 'backup', result: 'success' });
        const others = cluster.nodes.filter((_, i) => i !== victim).map((n) => n.output());
        expect(others.some((o) => o.includes('backup jobs: resuming a job'))).toBe(true);
        const there = await connect({ url: backupNode.url, signer: identity.signer });
        expect((await there.backup.state()).message).toMatch(
          /^holding a backup .*: 330 documents in 2 collections, 30 files/,
        );
        await cluster.restart(victim);
      } finally {
        await backupNode.stop();
        rmSync(backupNode.dataDir, { recursive: true, force: true });
      }
    }, 240_000);

    test('sweeps in all three processes under churn of shared content: nothing live is unpinned, counts and pins end exact', async () => {
      const users = await Promise.all([newUser(), newUser()]);
      const contents = Array.from({ length: 4 }, (_, i) =>
        Buffer.from(`shared content ${i} `.repeat(40_000 + i)),
      );
      const byCid = new Map<string, string>();
      const stopAt = Date.now() + 8000;
      const failures: (number | string)[] = [];
      // Each worker uploads, overwrites, copies and deletes files of the same few contents, so
      // counts go to 0 and back while the sweeps (every second, one process at a time) unpin
      // released roots and collect.
      await Promise.all(
        users.flatMap(({ vault }, u) =>
          Array.from({ length: 3 }, async (_, w) => {
            for (let step = 0; Date.now() < stopAt; step++) {
              const content = contents[(u + w + step) % contents.length]!;
              const file = `churn/${w}/${step % 3}.bin`;
              try {
                const { cid } = await vault.files.upload(file, content);
                byCid.set(cid, sha(content));
                if (step % 4 === 1) await vault.files.copy(file, `churn/${w}/copy-${step}.bin`);
                if (step % 4 === 3) await vault.files.delete(`churn/${w}`);
              } catch (error) {
                failures.push(
                  error instanceof CellaApiError ? `${error.status} ${error.message}` : String(error),
                );
              }
            }
          }),
        ),
      );
      // Whatever failed under churn failed cleanly (a conflict or content collected under an
      // upload, answered as an error); nothing acknowledged may be lost.
      expect(failures.length, failures.join('\n')).toBeLessThan(10);
      for (const { vault } of users) {
        for (const f of (await vault.files.list('', { recursive: true })).filter((f) => f.is_file)) {
          expect(sha(await vault.files.bytes(f.name))).toBe(byCid.get(f.cid!));
          expect(await blocks.isPinned(f.cid!)).toBe(true);
        }
        await expectUsageExact(vault);
      }
      // Within the grace period and a few sweeps, the pins are exactly the files' content and the
      // counts exactly the metadata's (the killed upload's orphan included).
      await expect
        .poll(async () => JSON.stringify(await pinsAndCounts(documents, blocks)), {
          timeout: 60_000,
          interval: 1000,
        })
        .toBe(JSON.stringify(await expectedPinsAndCounts(documents)));
      const swept = cluster.nodes.filter((n) =>
        /files sweep done.*"ran":true|"ran":true.*files sweep done/.test(n.output()),
      );
      expect(swept.length).toBeGreaterThanOrEqual(2);
    }, 180_000);
  });
}

/** One anonymous run from 127.0.0.2 straight to a process; its HTTP status. */
/** `count` calls of `call`, six at a time; their results in order. */
async function inParallel<T>(count: number, call: () => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  let started = 0;
  await Promise.all(
    Array.from({ length: 6 }, async () => {
      while (started < count) {
        const i = started++;
        results[i] = await call();
      }
    }),
  );
  return results;
}

/** A GET's status (from `localAddress` when given). */
function status(url: string, headers: Record<string, string>, localAddress?: string): Promise<number> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        headers,
        ...(localAddress ? { localAddress } : {}),
      },
      (res) => {
        res.resume();
        res.once('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.once('error', reject);
    req.end();
  });
}

function anonymousRun(url: string, script: string, owner: string): Promise<number> {
  const target = new URL(`/api/v2/vault/scripting/${script}/run`, url);
  const body = JSON.stringify({ context: { target_did: owner } });
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        localAddress: '127.0.0.2',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.once('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.once('error', reject);
    req.end(body);
  });
}

/** The kubo daemon's pins and the node-wide reference counts (count > 0), sorted. */
async function pinsAndCounts(documents: DocumentStore, blocks: BlockStore) {
  const pins: string[] = [];
  for await (const cid of blocks.pins()) pins.push(cid);
  const counts = (await documents.database('cella_node').collection(CID_REFS_COLLECTION).find({}))
    .filter((d) => Number(d.count) > 0)
    .map((d) => `${String(d._id)}=${Number(d.count)}`);
  return { pins: pins.sort(), counts: counts.sort() };
}

/** What the file metadata of every vault says the pins and counts must be. */
async function expectedPinsAndCounts(documents: DocumentStore) {
  const named = new Map<string, number>();
  for (const name of await documents.listDatabases()) {
    if (!name.startsWith('node_user_')) continue;
    for (const doc of await documents.database(name).collection(FILES_COLLECTION).find({}))
      named.set(String(doc.cid), (named.get(String(doc.cid)) ?? 0) + 1);
  }
  return {
    pins: [...named.keys()].sort(),
    counts: [...named].map(([cid, n]) => `${cid}=${n}`).sort(),
  };
}
