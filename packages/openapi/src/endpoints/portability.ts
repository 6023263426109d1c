/** The caller's whole vault as one portable file (docs/portability.md). */
import { defineEndpoints } from '../endpoint.js';
import * as events from '../schemas/events.js';
import * as portability from '../schemas/portability.js';

export const portabilityEndpoints = defineEndpoints({
  exportVault: {
    operationId: 'exportVault',
    method: 'GET',
    path: '/api/v2/vault/export',
    auth: 'user',
    tag: 'Portability',
    summary: 'Export the whole vault as one signed CAR file',
    query: portability.exportVaultQuery,
    description:
      "The caller's own vault, every space: a CARv1 (`application/vnd.ipld.car`) whose root is a DAG-CBOR manifest signed by this node's DID and naming the caller's DID — every collection's documents in pages of BSON, the indexes created through the API, the file tree and every file's UnixFS blocks (a file's CID is the one IPFS serves it by). The format is described byte by byte in docs/portability.md. The size (`Content-Length`) and the root (`X-Cella-Export-Root`, also the `ETag`) are known before the first byte, so `HEAD` answers them alone; the body streams at the client's pace in constant memory. 404 (internal_code 1) when there is no vault; 503 while the node already runs as many exports as it allows (`CELLA_TRANSFERS_MAX_CONCURRENT`). `since` makes it incremental: the manifest is whole, but the CAR carries only the pages and file contents its base (an earlier export, named in the manifest's `base` and the `X-Cella-Export-Base` header) did not hold; the node keeps what its last 4 exports of a vault held, and answers 410 for an export or cursor it no longer knows.",
    success: {
      status: 200,
      description: 'The export, streamed.',
      binary: {
        contentType: 'application/vnd.ipld.car',
        description: 'A CARv1 vault export (docs/portability.md).',
      },
    },
    errors: ['INVALID_PARAMETER', 'VAULT_NOT_FOUND', 'CURSOR_EXPIRED', 'UNAVAILABLE'],
    errorBodies: { 410: events.cursorExpired },
  },
  markVaultMoved: {
    operationId: 'markVaultMoved',
    method: 'PUT',
    path: '/api/v2/vault/moved',
    auth: 'user',
    tag: 'Portability',
    summary: "Mark the caller's vault as moved to another node (after the move was verified)",
    description:
      'The last step of a move (docs/portability.md, "Move"): once another node imported an export of this vault and the mover compared both sides, the vault here becomes read-only for good: every write (documents, files, scripts, other users\' script runs that write) answers 403 `VAULT_MOVED` (internal_code 2) naming the new node\'s URL; reads and exports still answer; the owner may delete the vault (`DELETE /api/v2/subscription/vault?force=true`). `export` must be an export of this vault this node made and still knows (410 otherwise), and the vault must not have changed since it (409 `VAULT_CHANGED`: export again since it). Marking a moved vault again with another URL or export updates them.',
    body: portability.markVaultMovedBody,
    success: { status: 200, description: 'The vault, moved.', body: portability.vaultMoved },
    errors: ['INVALID_PARAMETER', 'VAULT_NOT_FOUND', 'CURSOR_EXPIRED', 'VAULT_CHANGED'],
    errorBodies: { 410: events.cursorExpired },
  },
});
