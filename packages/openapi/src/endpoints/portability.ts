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
      "The caller's own vault, every space: a CARv1 (`application/vnd.ipld.car`) whose root is a DAG-CBOR manifest signed by this node's DID and naming the caller's DID — every collection's documents in pages of BSON, the indexes created through the API, the file tree and every file's UnixFS blocks (a file's CID is the one IPFS serves it by). The format is described byte by byte in docs/portability.md. The size (`Content-Length`), the root (`X-Cella-Export-Root`, also the `ETag`) and the content (`X-Cella-Export-Content`: the CID of the manifest's vault block, equal for two exports of the same content, on any node) are known before the first byte, so `HEAD` answers them alone; the body streams at the client's pace in constant memory. 404 (internal_code 1) when there is no vault; 503 while the node already runs as many exports as it allows (`CELLA_TRANSFERS_MAX_CONCURRENT`). `since` makes it incremental: the manifest is whole, but the CAR carries only the pages and file contents its base (an earlier export, named in the manifest's `base` and the `X-Cella-Export-Base` header) did not hold; the node keeps what its last 4 exports of a vault held, and answers 410 for an export or cursor it no longer knows.",
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
  importVault: {
    operationId: 'importVault',
    method: 'POST',
    path: '/api/v2/vault/import',
    auth: 'user',
    tag: 'Portability',
    summary: 'Import a vault export (all or nothing)',
    description:
      "Into the caller's own vault: the body is a vault export (`application/vnd.ipld.car`, as `GET /api/v2/vault/export` answers it, from this node or another), streamed. The node keeps it in a temporary file while checking all of it (every block's hash, the layout, the signature of the exporting node, every count and size: docs/portability.md), then writes it into a fresh database and switches the vault to it in one write: the vault holds either all of the export or what it held before, whatever fails or stops (a refused file, a client that goes away, the node killed). Documents keep their `_id`s, files their CIDs, scripts are as they were, the indexes created through the API are built again. Without `mode` the vault must be empty (409 otherwise); `?mode=replace` replaces its whole content. `?mode=update` (a move's next step) takes an incremental export whose base is the export the vault last imported, or a full export of the same node, into a vault that is empty or not written since its last import (409 `VAULT_CHANGED` otherwise). The caller's vault must exist (404; subscribe first). Refused: a file that is not a complete, valid export (400, the message says what is wrong and where), the export of another user's vault (403), an incremental export without `mode=update` (400), one past the vault's quota (507 naming the bytes it needs, before any byte is kept: send `Content-Length`; the manifest's totals are checked as soon as they arrive), a body past the node's cap (413, `CELLA_IMPORT_MAX_BYTES`), a frozen vault (403, internal_code 1), a vault that moved to another node (403, internal_code 2). 503 while the node runs as many imports as it allows (`CELLA_TRANSFERS_MAX_CONCURRENT`) or one of this vault. The change feed gets one `vault.imported` event (numbered after every earlier one): read everything again.",
    query: portability.importQuery,
    binaryBody: {
      contentType: 'application/vnd.ipld.car',
      description: 'A CARv1 vault export (docs/portability.md), streamed.',
    },
    success: { status: 201, description: 'Imported.', body: portability.importResult },
    errors: [
      'BAD_REQUEST',
      'INVALID_PARAMETER',
      'FORBIDDEN',
      'VAULT_FROZEN',
      'VAULT_MOVED',
      'VAULT_NOT_FOUND',
      'VAULT_NOT_EMPTY',
      'VAULT_CHANGED',
      'PAYLOAD_TOO_LARGE',
      'INSUFFICIENT_STORAGE',
      'STORAGE_FULL',
      'UNAVAILABLE',
    ],
  },
  vaultImportState: {
    operationId: 'vaultImportState',
    method: 'GET',
    path: '/api/v2/vault/import',
    auth: 'user',
    tag: 'Portability',
    summary: "What the caller's vault content was imported from (a move's first question)",
    description:
      "The export the vault's content came from (its last import: the export's id and node, the `seq` of its `vault.imported` event), the change feed's head, whether the vault was written since (`unchanged`) and whether it is empty. A mover (the SDK's `vault.moveTo`, `cella-node vault move`) asks the target first: an unchanged vault takes an incremental export since `export` with `?mode=update`; an empty one a full export. 404 when there is no vault.",
    success: { status: 200, description: "The vault's import state.", body: portability.importState },
    errors: ['VAULT_NOT_FOUND'],
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
