import { afterAll, beforeAll, expect, test } from 'vitest';
import { UsageRepair } from '../../src/vault/usage-repair.js';
import { startTempNode, type TempNode } from '../helpers/temp-node.js';
import { signedInUser } from '../helpers/users.js';

let node: TempNode;
beforeAll(async () => {
  // Counters skewed on purpose: the repair says what it corrected.
  node = await startTempNode({}, { allowLog: [/"msg":"corrected a usage counter"/] });
});
afterAll(async () => node?.stop());

test('the repair job recounts drifted usage counters from the stored documents and files', async () => {
  const user = await signedInUser(node.url);
  const notes = await user.db.createCollection('notes');
  await notes.insert([{ text: 'a'.repeat(1000) }, { text: 'b'.repeat(2000) }]);
  await user.files.upload('docs/hello.txt', new TextEncoder().encode('x'.repeat(12_345)));
  const { vaults, database, documents, log } = node.ctx;
  const honest = (await vaults.find(user.did))!;
  expect(honest.filesUsed).toBe(12_345);
  expect(honest.dbUsed).toBeGreaterThan(3000);

  // As if a crash had left the counters off.
  await vaults.setUsage(user.did, 'db', honest.dbUsed + 777);
  await vaults.setUsage(user.did, 'files', 1);
  const report = await new UsageRepair({ vaults, database, documents, log, settleMs: 20 }).run();
  expect(report.corrected).toBe(2);
  const repaired = (await vaults.find(user.did))!;
  expect(repaired.dbUsed).toBe(honest.dbUsed);
  expect(repaired.filesUsed).toBe(12_345);

  // Nothing to do the second time.
  expect((await new UsageRepair({ vaults, database, documents, log, settleMs: 20 }).run()).corrected).toBe(0);
});

test('the repair job leaves alone a counter whose write is charged but not yet committed', async () => {
  const user = await signedInUser(node.url);
  await (await user.db.createCollection('notes')).insert({ text: 'first' });
  const { vaults, database, documents, log } = node.ctx;
  const vault = (await vaults.find(user.did))!;
  const notes = documents.database(vault.database).collection('notes');
  // A write that has charged its bytes and not committed yet (its transaction is held open).
  let commit!: () => void;
  const gate = new Promise<void>((resolve) => (commit = resolve));
  let charged!: () => void;
  const chargedNow = new Promise<void>((resolve) => (charged = resolve));
  const write = vaults.chargedWrite(user.did, 'db', (beforeCommit) =>
    notes.insertMany([{ text: 'x'.repeat(5000) }], {
      beforeCommit: async (delta) => {
        await beforeCommit(delta);
        charged();
        await gate;
      },
    }),
  );
  await chargedNow;
  const repair = new UsageRepair({ vaults, database, documents, log, settleMs: 300 }).run();
  setTimeout(commit, 100); // commits between the repair's two counts
  const report = await repair;
  await write;
  expect(report).toMatchObject({ corrected: 0, skippedBusy: 1 });
  // The counter was right all along: it equals what is stored.
  expect((await vaults.find(user.did))!.dbUsed).toBe(await database.recount((await vaults.find(user.did))!));
});
