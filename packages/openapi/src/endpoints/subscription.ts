/** The caller's vault: create, read, freeze and unfreeze, unsubscribe. */
import { defineEndpoints } from '../endpoint.js';
import * as payment from '../schemas/payment.js';

export const subscriptionEndpoints = defineEndpoints({
  subscribeVault: {
    operationId: 'subscribeVault',
    method: 'PUT',
    path: '/api/v2/subscription/vault',
    auth: 'user',
    tag: 'Subscription',
    summary: "Create the caller's vault with the free plan (or return the existing one)",
    description:
      "Any signed-in user, for their own vault. Creates it with the node's free plan, restores an unsubscribed (switched-off) vault with its data, or returns the existing one: 200 in every case, never 455. A frozen vault stays frozen (only `op=activation` unfreezes). Optional for dApps: the first database or file call creates the vault too.",
    success: { status: 200, description: 'The vault.', body: payment.vaultInfo },
    errors: [],
  },
  vaultInfo: {
    operationId: 'vaultInfo',
    method: 'GET',
    path: '/api/v2/subscription/vault',
    auth: 'user',
    tag: 'Subscription',
    summary: "The caller's vault: plan, quota, usage, dates",
    description:
      "The caller's own vault. A read never creates it: 404 (internal_code 1) before it exists or after it was unsubscribed. A paid plan past its end has dropped to the free plan when this answers. `files_used=true|false` (the reference node's option, which its own tests send) is accepted; the answer carries `files_used` either way.",
    query: payment.vaultInfoQuery,
    success: { status: 200, description: 'The vault.', body: payment.vaultInfo },
    errors: ['INVALID_PARAMETER', 'VAULT_NOT_FOUND'],
  },
  setVaultState: {
    operationId: 'setVaultState',
    method: 'POST',
    path: '/api/v2/subscription/vault',
    auth: 'user',
    tag: 'Subscription',
    summary: "Freeze (`op=deactivation`) or unfreeze (`op=activation`) the caller's vault",
    description:
      "The caller's own vault. A frozen vault keeps its data and answers reads; every write (documents, files, scripts that write, other users' script runs that write) is refused with 403 (internal_code 1) until it is activated again. Freezing a frozen vault, or activating a running one, changes nothing and answers 201. 404 (internal_code 1) when there is no vault.",
    query: payment.vaultStateQuery,
    success: { status: 201, description: 'The vault in its new state.', body: payment.vaultInfo },
    errors: ['INVALID_PARAMETER', 'VAULT_NOT_FOUND'],
  },
  unsubscribeVault: {
    operationId: 'unsubscribeVault',
    method: 'DELETE',
    path: '/api/v2/subscription/vault',
    auth: 'user',
    tag: 'Subscription',
    summary: "Unsubscribe the caller's vault: switch it off (data kept) or, with `force=true`, delete it",
    description:
      'Without `force` the vault keeps its data and every vault call answers 404 (internal_code 1) until `PUT /api/v2/subscription/vault` restores it. With `force=true` its documents, scripts and files are deleted and the vault record removed (a later call creates a new, empty vault with the free plan); payment orders and receipts are kept. A backup or restore of the vault that runs is cancelled first (it ends `failed`): it never holds the deletion longer than it takes to stop.',
    query: payment.unsubscribeQuery,
    success: { status: 204, description: 'Unsubscribed.' },
    errors: ['INVALID_PARAMETER', 'VAULT_NOT_FOUND'],
  },
});
