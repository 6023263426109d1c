/** The Hive dialect's provider routes: the node owner's view (Hive SDK `Provider`). */
import { defineEndpoints } from '../../endpoint.js';
import * as hive from '../../schemas/hive/provider.js';

const USER = 'did:elastos:iXyZ8qUMM3kXyDPmEJmpSBE5q2rtHc8rzN';
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
    example: {
      request: 'GET /api/v2/provider/vaults',
      response: {
        vaults: [
          {
            pricing_using: 'Basic',
            max_storage: 524288000,
            file_use_storage: 4096,
            db_use_storage: 812,
            user_did: USER,
            access_count: 17,
            access_amount: 20933,
            access_last_time: 1767225600,
          },
        ],
      },
    },
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
    example: {
      request: 'GET /api/v2/provider/backups',
      response: {
        backups: [{ pricing_using: 'Basic', max_storage: 524288000, use_storage: 0, user_did: USER }],
      },
    },
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
    example: {
      request: 'GET /api/v2/provider/filled_orders',
      response: {
        orders: [
          {
            order_id: 7,
            receipt_id: '9f86d081884c7d659a2feaa0',
            user_did: USER,
            paid_did: USER,
            subscription: 'vault',
            pricing_name: 'Standard',
            pricing_plan: 'Standard',
            ela_amount: 2.5,
            payment_amount: 2.5,
            ela_address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
            receiving_address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
            create_time: 1767229200,
            receipt_proof: 'eyJhbGciOiJFUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJIaXZlIFJlY2VpcHQifQ.c2ln',
          },
        ],
      },
    },
  },
});
