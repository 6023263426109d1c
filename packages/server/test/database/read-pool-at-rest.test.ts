/**
 * The SQLite engine starts its read workers on first need (issue 21: RSS at rest): a node that has
 * started and done its start-up housekeeping, with no request yet, runs no read worker. (The
 * backup housekeeping every node runs at start used to read the node's empty holds through the
 * pool, which started a worker and loaded mingo in it on every node at rest.)
 */
import { spawnNode, type SpawnedNode } from '@cella/server/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signedInUser } from '../helpers/users.js';

let node: SpawnedNode;
beforeAll(async () => {
  node = await spawnNode();
}, 60_000);
afterAll(async () => {
  await node?.stop();
});

const metricsOf = async () => (await fetch(`${node.url}/metrics`)).text();

it('runs no read worker at rest after its start, and starts one for the first read', async () => {
  // The start-up housekeeping has run once it logs its sweep.
  const started = performance.now();
  while (!/backup store: swept/.test(node.output())) {
    if (performance.now() - started > 30_000) throw new Error('no housekeeping within 30 s');
    await new Promise((r) => setTimeout(r, 50));
  }
  const atRest = await metricsOf();
  expect(atRest).toMatch(/cella_db_read_workers\{state="idle"\} 0\b/);
  expect(atRest).toMatch(/cella_db_read_workers\{state="busy"\} 0\b/);
  const alice = await signedInUser(node.url);
  const notes = await alice.db.createCollection('notes');
  await notes.insert([{ n: 1 }, { n: 2 }], { timestamp: false });
  expect(await notes.count({ n: { $gt: 0 } })).toBe(2);
  expect(await metricsOf()).toMatch(/cella_db_read_workers\{state="idle"\} 1\b/);
}, 60_000);
