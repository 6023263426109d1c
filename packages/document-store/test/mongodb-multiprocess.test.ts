/**
 * Several real node-like processes writing one MongoDB-compatible server (MONGODB_URI, else
 * FerretDB in emulation mode): counts stay exact, no update is lost, each token goes to one
 * process; and a process killed (SIGKILL) while it holds an emulated write lock blocks the
 * collection only until the lock's lease runs out.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMongoDocumentStore } from '../src/mongodb/index.js';
import { ferretBinary, mongoTargetAvailable, startMongoTarget } from '../src/testing/ferretdb.js';
import type { MongoTarget } from '../src/testing/ferretdb.js';

const FIXTURES = resolve(import.meta.dirname, 'fixtures');

function child(
  script: string,
  args: string[],
): { process: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const proc = spawn(
    process.execPath,
    ['--conditions=@cella/source', '--import', 'tsx', resolve(FIXTURES, script), ...args],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let out = '';
  proc.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<number | null>((done) => proc.once('exit', (code) => done(code)));
  return { process: proc, output: () => out, exited };
}

if (!mongoTargetAvailable()) {
  const why = `MongoDB multi-process tests SKIPPED: no MONGODB_URI and no FerretDB binary at ${ferretBinary()}`;
  console.warn(why);
  describe.skip('MongoDB engine shared by several processes', () => it(why, () => undefined));
} else {
  describe('MongoDB engine shared by several processes', () => {
    let target: MongoTarget | null = null;
    const dbPrefix = `mp${randomBytes(3).toString('hex')}_`;

    beforeAll(async () => {
      target = await startMongoTarget();
      if (!target) throw new Error('could not start a MongoDB-compatible server');
    });
    afterAll(async () => {
      await target?.stop();
    });

    it('three processes: exact counters, no lost update, each token once', async () => {
      const store = createMongoDocumentStore({ uri: target!.uri, dbPrefix });
      const c = store.database('shared').collection('c');
      await c.insertMany(
        Array.from({ length: 15 }, (_, i) => ({ _id: `t${i}`, kind: 'token', taken: false })),
      );
      const rounds = 25;
      const writers = ['p1', 'p2', 'p3'].map((name) =>
        child('shared-writer.ts', [target!.uri, name, String(rounds), dbPrefix]),
      );
      expect(await Promise.all(writers.map((w) => w.exited))).toEqual([0, 0, 0]);
      const outputs = writers.map((w) => w.output());
      for (const out of outputs) expect(out.trim().endsWith('done')).toBe(true);
      const counter = await c.findOne({ _id: 'counter' });
      expect(counter?.n).toBe(3 * rounds);
      expect((counter?.by as string[]).length).toBe(3 * rounds);
      for (const name of ['p1', 'p2', 'p3']) expect(await c.count({ owner: name })).toBe(rounds);
      const handed = outputs.flatMap((o) => o.split('\n').filter((l) => l.startsWith('token ')));
      expect(handed).toHaveLength(15);
      expect(new Set(handed).size).toBe(15);
      await store.dropDatabase('shared');
      await store.close();
    }, 120_000);

    it('a process killed while holding a write lock: another process writes once the lease ran out', async () => {
      const leaseMs = 1500;
      const holder = child('lock-holder.ts', [target!.uri, dbPrefix, String(leaseMs)]);
      await expect.poll(holder.output, { timeout: 30_000, interval: 50 }).toContain('holding');
      const store = createMongoDocumentStore({ uri: target!.uri, dbPrefix, sharedLocks: { leaseMs } });
      holder.process.kill('SIGKILL');
      const killedAt = Date.now();
      await holder.exited;
      const c = store.database('held').collection('c');
      await c.updateOne({ _id: 'doc' }, { $inc: { n: 1 } }, { upsert: true });
      // The killed holder's write never happened; this one did, after the lease (emulation mode).
      expect(await c.find({})).toEqual([{ _id: 'doc', n: 1 }]);
      if (target!.kind === 'FerretDB') expect(Date.now() - killedAt).toBeGreaterThanOrEqual(leaseMs / 2);
      await store.dropDatabase('held');
      await store.close();
    }, 60_000);
  });
}
