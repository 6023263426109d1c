import { afterAll, beforeAll, expect, test } from 'vitest';
import { UsageRepair } from '../../src/vault/usage-repair.js';
import { startTempNode, type TempNode } from '../helpers/temp-node.js';
import { signedInUser } from '../helpers/users.js';

let node: TempNode;
beforeAll(async () => {
  node = await startTempNode();
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
  const report = await new UsageRepair({ vaults, database, documents, log }).run();
  expect(report.corrected).toBe(2);
  const repaired = (await vaults.find(user.did))!;
  expect(repaired.dbUsed).toBe(honest.dbUsed);
  expect(repaired.filesUsed).toBe(12_345);

  // Nothing to do the second time.
  expect((await new UsageRepair({ vaults, database, documents, log }).run()).corrected).toBe(0);
});
