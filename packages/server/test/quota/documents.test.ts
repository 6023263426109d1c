/**
 * Vault quota on the database write path, over HTTP: writes are charged with the BSON size of what
 * they store, inside their transaction, so the write that would pass the quota is refused with 507
 * and stores nothing — by documents and by script writes, one at a time or concurrently.
 */
import { CellaApiError, type CollectionApi, type Vault } from '@cella/sdk';
import { BSON } from 'mongodb';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { planChange } from '../../src/payment/upgrade.js';
import { quotaBytes } from '../../src/vault/plans.js';
import { signedInUser } from '../helpers/users.js';
import { startPaymentNode, testPlans, type PaymentTestNode } from '../payment/payment-node.js';

let node: PaymentTestNode;
const BASIC_QUOTA = quotaBytes(testPlans.pricingPlans[0]!); // 20,972 bytes

beforeAll(async () => {
  node = await startPaymentNode();
});
afterAll(async () => node?.stop());

async function refused(promise: Promise<unknown>): Promise<CellaApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CellaApiError);
  return error as CellaApiError;
}

/** A document `{_id, p}` whose stored BSON size is exactly `bytes`. */
function docOfSize(id: string, bytes: number): { _id: string; p: string } {
  const base = BSON.calculateObjectSize({ _id: id, p: '' });
  if (bytes < base) throw new Error(`no document of ${bytes} bytes`);
  const doc = { _id: id, p: 'x'.repeat(bytes - base) };
  expect(BSON.calculateObjectSize(doc)).toBe(bytes);
  return doc;
}

async function used(vault: Vault): Promise<number> {
  return (await vault.subscription.info()).storage_used;
}

/** Fills `collection` with 4 KB documents until less than 4 KB is left; returns the bytes left. */
async function fillNearly(vault: Vault, collection: CollectionApi, quota: number): Promise<number> {
  let n = 0;
  while (quota - (await used(vault)) >= 8192)
    await collection.insert(docOfSize(`fill-${n++}`, 4096), { timestamp: false });
  return quota - (await used(vault));
}

describe('quota by documents', () => {
  test('the vault fills to exactly its quota: one byte more is 507, exactly the rest is stored', async () => {
    const vault = await signedInUser(node.url);
    expect(await vault.subscription.subscribe()).toMatchObject({
      storage_quota: BASIC_QUOTA,
      storage_used: 0,
      state: 'running',
    });
    const notes = await vault.db.createCollection('notes');
    const left = await fillNearly(vault, notes, BASIC_QUOTA);
    const count = await notes.count();

    const tooBig = await refused(notes.insert(docOfSize('last', left + 1), { timestamp: false }));
    expect(tooBig).toMatchObject({ status: 507, code: 'INSUFFICIENT_STORAGE' });
    expect(tooBig.internalCode).toBeUndefined();
    expect(await notes.count()).toBe(count);
    expect(await used(vault)).toBe(BASIC_QUOTA - left);

    await notes.insert(docOfSize('last', left), { timestamp: false });
    const info = await vault.subscription.info();
    expect(info).toMatchObject({
      storage_used: BASIC_QUOTA,
      database_used: BASIC_QUOTA,
      files_used: 0,
      state: 'running',
    });
    expect(await refused(notes.insert({ _id: 'z' }, { timestamp: false }))).toMatchObject({ status: 507 });

    // Deleting frees the bytes for new writes.
    await notes.delete({ _id: 'last' });
    expect(await used(vault)).toBe(BASIC_QUOTA - left);
    await notes.insert(docOfSize('again', left), { timestamp: false });
  });

  test('a batch that would pass the quota stores none of its documents', async () => {
    const vault = await signedInUser(node.url);
    const notes = await vault.db.createCollection('notes');
    const left = await fillNearly(vault, notes, BASIC_QUOTA);
    const before = await notes.count();
    const half = Math.floor(left / 2);
    const error = await refused(
      notes.insert([docOfSize('a', half), docOfSize('b', half), docOfSize('c', 64)], { timestamp: false }),
    );
    expect(error.status).toBe(507);
    expect(await notes.count()).toBe(before);
    expect(await notes.find({ _id: { $in: ['a', 'b', 'c'] } }).toArray()).toEqual([]);
    expect(await used(vault)).toBe(BASIC_QUOTA - left);
  });

  test('an update that grows past the quota changes nothing; one that shrinks always works', async () => {
    const vault = await signedInUser(node.url);
    const notes = await vault.db.createCollection('notes');
    await fillNearly(vault, notes, BASIC_QUOTA);
    const usage = await used(vault);
    const grow = await refused(
      notes.update({ _id: 'fill-0' }, { $set: { p: 'y'.repeat(9000) } }, { timestamp: false }),
    );
    expect(grow.status).toBe(507);
    const [unchanged] = await notes.find({ _id: 'fill-0' }).toArray();
    expect((unchanged!.p as string).startsWith('x')).toBe(true);
    expect(await used(vault)).toBe(usage);
    await notes.update({ _id: 'fill-0' }, { $set: { p: 'short' } }, { timestamp: false });
    expect(await used(vault)).toBeLessThan(usage);
  });

  test('concurrent writes cannot overshoot: exactly as many as fit are stored', async () => {
    const vault = await signedInUser(node.url);
    const notes = await vault.db.createCollection('notes');
    const left = await fillNearly(vault, notes, BASIC_QUOTA);
    const size = 1000;
    const fit = Math.floor(left / size);
    const results = await Promise.allSettled(
      Array.from({ length: fit + 6 }, (_, i) =>
        notes.insert(docOfSize(`c-${i}`, size), { timestamp: false }),
      ),
    );
    const stored = results.filter((r) => r.status === 'fulfilled').length;
    expect(stored).toBe(fit);
    for (const r of results)
      if (r.status === 'rejected') expect((r.reason as CellaApiError).status).toBe(507);
    expect(await notes.count({ _id: { $regex: '^c-' } })).toBe(fit);
    expect(await used(vault)).toBe(BASIC_QUOTA - left + fit * size);
  });
});

describe('quota by script writes', () => {
  test('inserts made by a script stop at the quota with 507 and store nothing partial', async () => {
    const vault = await signedInUser(node.url);
    const notes = await vault.db.createCollection('notes');
    await vault.scripts.register('put', {
      executable: {
        type: 'insert',
        name: 'put',
        collection: 'notes',
        document: { _id: '$params.id', p: '$params.p' },
      },
    });
    const left = await fillNearly(vault, notes, BASIC_QUOTA);
    const run = (bytes: number, id: string) => {
      const doc = docOfSize(id, bytes);
      return vault.scripts.run('put', { params: { id: doc._id, p: doc.p } });
    };
    // The script's params are plain strings, so the stored document is exactly {_id, p}.
    const tooBig = await refused(run(left + 1, 's-big'));
    expect(tooBig.status).toBe(507);
    expect(await notes.count({ _id: 's-big' })).toBe(0);
    await run(left, 's-fit');
    expect(await used(vault)).toBe(BASIC_QUOTA);
    expect(await notes.count({ _id: 's-fit' })).toBe(1);
  });
});

describe('plan expiry and the read-only vault', () => {
  test('an expired plan drops to the free plan, keeps the data, and refuses growth until under quota', async () => {
    const vault = await signedInUser(node.url);
    await vault.subscription.subscribe();
    const standard = testPlans.pricingPlans[1]!;
    // What a settled payment does (the payment tests go through the chain for this).
    await node.ctx.vaults.applyPlanChange(vault.did, 'test:standard', (current) =>
      planChange(current, standard, node.clock.seconds()),
    );
    const notes = await vault.db.createCollection('notes');
    const paidQuota = quotaBytes(standard);
    await fillNearly(vault, notes, paidQuota);
    const count = await notes.count();
    const usage = await used(vault);
    expect(usage).toBeGreaterThan(BASIC_QUOTA);

    node.clock.advanceDays(31);
    try {
      const expired = await vault.subscription.info();
      expect(expired).toMatchObject({
        pricing_plan: 'Basic',
        storage_quota: BASIC_QUOTA,
        end_time: -1,
        storage_used: usage,
        state: 'read_only',
      });
      expect(await notes.count()).toBe(count);
      expect(await refused(notes.insert({ _id: 'more' }, { timestamp: false }))).toMatchObject({
        status: 507,
      });
      expect(
        await refused(notes.update({ _id: 'fill-0' }, { $set: { extra: 1 } }, { timestamp: false })),
      ).toMatchObject({ status: 507 });

      // Deleting works while over quota; once under it, writes work again.
      let n = 0;
      while ((await used(vault)) > BASIC_QUOTA - 100) await notes.delete({ _id: `fill-${n++}` });
      expect((await vault.subscription.info()).state).toBe('running');
      await notes.insert({ _id: 'more' }, { timestamp: false });
    } finally {
      node.clock.reset();
    }
  });
});

describe('vault lifecycle', () => {
  test('info is 404 before the vault exists; subscribe creates it once and returns it after', async () => {
    const vault = await signedInUser(node.url);
    expect(await refused(vault.subscription.info())).toMatchObject({
      status: 404,
      code: 'VAULT_NOT_FOUND',
      internalCode: 1,
    });
    const created = await vault.subscription.subscribe();
    expect(created).toMatchObject({
      service_did: node.ctx.identity.did,
      pricing_plan: 'Basic',
      storage_quota: BASIC_QUOTA,
      storage_used: 0,
      end_time: -1,
      state: 'running',
    });
    expect(created.start_time).toBe(created.created);
    await (await vault.db.createCollection('n')).insert({ a: 1 });
    const again = await vault.subscription.subscribe();
    expect(again.created).toBe(created.created);
    expect(again.storage_used).toBeGreaterThan(0);
  });

  test('a frozen vault answers reads and refuses writes (403/1) until activated', async () => {
    const vault = await signedInUser(node.url);
    const notes = await vault.db.createCollection('notes');
    await notes.insert({ a: 1 });
    expect(await vault.subscription.freeze()).toMatchObject({ state: 'frozen' });
    expect(await notes.count()).toBe(1);
    for (const write of [notes.insert({ a: 2 }), notes.delete({}), vault.db.createCollection('other')]) {
      expect(await refused(write)).toMatchObject({ status: 403, code: 'VAULT_FROZEN', internalCode: 1 });
    }
    expect((await vault.subscription.info()).state).toBe('frozen');
    expect(await vault.subscription.activate()).toMatchObject({ state: 'running' });
    await notes.insert({ a: 2 });
    expect(await notes.count()).toBe(2);
  });
});
