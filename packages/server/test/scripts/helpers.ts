/** Shared helpers of the script tests: refusals, data snapshots, vault state changes. */
import { CellaApiError, type Vault } from '@cella/sdk';
import { expect } from 'vitest';
import type { TempNode } from '../helpers/temp-node.js';

/** Awaits a call that must fail and returns its CellaApiError. */
export async function refused(promise: Promise<unknown>): Promise<CellaApiError> {
  const error = await promise.then(
    (value: unknown) => ({ unexpected: value }),
    (e: unknown) => e,
  );
  if (!(error instanceof CellaApiError)) throw new Error(`expected a refusal, got ${JSON.stringify(error)}`);
  return error;
}

/**
 * Every document of every collection of a vault and every file (path, size, CID), read by its
 * owner, for before/after checks.
 */
export async function snapshot(owner: Vault): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const name of await owner.db.listCollections()) {
    out[name] = await owner.db
      .collection(name)
      .find({}, { sort: { _id: 1 } })
      .toArray();
  }
  out['(files)'] = (await owner.files.list('', { recursive: true })).map((f) => ({
    name: f.name,
    size: f.size,
    cid: f.cid,
  }));
  return out;
}

/** Asserts that `run` is refused with `status` and changes none of `owner`'s data. */
export async function refusedWithoutChange(
  owner: Vault,
  run: () => Promise<unknown>,
  status: number,
  label = '',
): Promise<CellaApiError> {
  const before = await snapshot(owner);
  const error = await refused(run());
  expect(error.status, `${label}: ${error.message}`).toBe(status);
  expect(await snapshot(owner), `${label}: data changed by a refused run`).toEqual(before);
  return error;
}

/** Freezes or unfreezes a vault (in-process; the subscription endpoint does the same). */
export async function setFrozen(node: TempNode, did: string, frozen: boolean): Promise<void> {
  await node.ctx.vaults.update(did, { state: frozen ? 'frozen' : 'running' });
}
