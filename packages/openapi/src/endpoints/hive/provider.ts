/** The Hive dialect's provider routes: the node owner's view (Hive SDK `Provider`). */
import { defineEndpoints } from '../../endpoint.js';
import * as hive from '../../schemas/hive/provider.js';

const ownerOnly =
  "Only the node's owner (the issuer of its ownership credential, `CELLA_NODE_CREDENTIAL`) may call it; anyone else gets 403.";

export const hiveProviderEndpoints = defineEndpoints({
  hiveProviderVaults: {
    operationId: 'hiveProviderVaults',
    method: 'GET',
    path: '/api/v2/provider/vaults',
    auth: 'user',
    tag: 'Hive: Provider',
    summary: 'Every vault of this node (Hive SDK `Provider.getVaults`)',
    description: `${ownerOnly} None is 404 (internal_code 1).`,
    success: { status: 200, description: 'The vaults.', body: hive.providerVaults },
    errors: ['FORBIDDEN', 'VAULT_NOT_FOUND'],
  },
  hiveProviderBackups: {
    operationId: 'hiveProviderBackups',
    method: 'GET',
    path: '/api/v2/provider/backups',
    auth: 'user',
    tag: 'Hive: Provider',
    summary: 'Every backup service of this node (Hive SDK `Provider.getBackups`)',
    description: `${ownerOnly} None is 404 (internal_code 2).`,
    success: { status: 200, description: 'The backup services.', body: hive.providerBackups },
    errors: ['FORBIDDEN', 'BACKUP_NOT_FOUND'],
  },
  hiveProviderFilledOrders: {
    operationId: 'hiveProviderFilledOrders',
    method: 'GET',
    path: '/api/v2/provider/filled_orders',
    auth: 'user',
    tag: 'Hive: Provider',
    summary: 'Every settled order of this node (Hive SDK `Provider.getFilledOrders`)',
    description: `${ownerOnly} Receipts with the fields the SDK reads. None is 404 (internal_code 8).`,
    success: { status: 200, description: 'The settled orders.', body: hive.filledOrders },
    errors: ['FORBIDDEN', 'RECEIPT_NOT_FOUND'],
  },
});
