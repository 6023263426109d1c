/**
 * The one check of every write to a vault: a frozen vault (the owner switched it off) and a moved
 * one (it lives on another node now, docs/portability.md) answer reads and refuse writes.
 */
import { CellaError } from '../errors.js';
import type { VaultRecord } from './vaults.js';

/** Refuses a write to a frozen or moved vault; `what` words the refusal (default: the vault). */
export function assertWritable(
  vault: Pick<VaultRecord, 'state' | 'movedTo'>,
  what = 'the vault is frozen: it is read-only',
): void {
  if (vault.movedTo !== null)
    throw new CellaError(
      'VAULT_MOVED',
      `this vault moved to ${vault.movedTo}: it is read-only here; write to it there`,
      { body: { moved_to: vault.movedTo } },
    );
  if (vault.state === 'frozen') throw new CellaError('VAULT_FROZEN', what);
}
