/**
 * A realistic message for every error code, as the node words it, for the error examples of the
 * OpenAPI document (an entry may word its own: `examples.errors`). Kept apart from the catalogue,
 * which the SDK bundles.
 */
import type { ErrorCode } from './error-codes.js';

export const errorExampleMessages: Record<ErrorCode, string> = {
  BAD_REQUEST: "the caller can't match the condition of this script",
  INVALID_PARAMETER: 'invalid request: query limit: Too big: expected number to be <=10000',
  REQUEST_TIMEOUT: 'the request headers did not arrive in time',
  URI_TOO_LONG: 'the request line is longer than this node accepts (256 KiB with the headers)',
  HEADERS_TOO_LARGE: 'the request line and headers together are larger than this node accepts (256 KiB)',
  OVERLOADED: 'too many open connections from this address (at most 100); retry later',
  BACKUP_IN_PROGRESS: 'a backup of your vault is running on this node',
  QUERY_TIMEOUT:
    'the query ran past its time limit of 5000 ms (MaxTimeMSExpired): narrow the filter, use an index, or allow more time with maxTimeMS',
  UNAUTHORIZED: 'this endpoint needs an access token: sign in first',
  VAULT_FROZEN: 'the vault is frozen: it is read-only',
  VAULT_MOVED:
    'this vault moved to https://new-node.example on 2026-11-29T11:58:00.000Z: it is read-only here; write to it there',
  VAULT_CHANGED:
    'the vault changed after export bafyreiepgsauoycacbrdnspivlpd7svqrvaqqvmg4tdqy4fwyacbvcot2a (cursor 1042, now 1044): export again since it, import that, then mark the vault moved',
  FORBIDDEN: 'this transaction belongs to another caller',
  VAULT_NOT_FOUND: 'there is no vault for this user on this node',
  BACKUP_NOT_FOUND: 'there is no complete backup of your vault on this node',
  SCRIPT_NOT_FOUND: 'no script named "get_messages"',
  COLLECTION_NOT_FOUND: 'no collection named "notes"',
  PLAN_NOT_FOUND: 'no vault plan named "Gold" on this node',
  FILE_NOT_FOUND: 'no file or folder at "photos/2026/cat.jpg"',
  ORDER_NOT_FOUND: 'the payment memo is not the proof of an order of yours on this node',
  RECEIPT_NOT_FOUND: 'no receipt with that id for this user',
  APPLICATION_NOT_FOUND: 'no application has used this vault',
  INDEX_NOT_FOUND: 'no index named "tags_1_due_-1" on "notes"',
  NOT_FOUND: 'bafkreic6iyydesfrvyd5nc2jcyh6le3x2saqw72gmiddg3z2k4dqtimjou is not part of this vault',
  ROUTE_NOT_FOUND: 'no endpoint at GET /api/v2/vault/dbs',
  METHOD_NOT_ALLOWED: 'PATCH is not allowed here; use GET, PUT, POST, DELETE',
  PAYLOAD_TOO_LARGE: 'the request body is larger than this endpoint accepts',
  UNSUPPORTED_MEDIA_TYPE: 'unsupported content type',
  RANGE_NOT_SATISFIABLE: 'the range "bytes=500000-" lies outside the file (482113 bytes)',
  RATE_LIMITED: 'too many anonymous script runs from this address; retry in 37 s',
  CURSOR_EXPIRED:
    'the cursor 512 is older than the events this vault still keeps (the oldest cursor accepted is 1040): read the data again, then stream from there',
  TOO_MANY_STREAMS: 'this caller holds 10 open event streams, the most the node allows: close one first',
  VAULT_NOT_EMPTY:
    'the vault is not empty (it holds 3 collections and 12 files): import with ?mode=replace to replace its content',
  ALREADY_EXISTS: 'the collection "notes" already exists',
  INTERNAL: 'internal error (request id 6f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b)',
  NOT_IMPLEMENTED:
    'GET /api/v2/payment/receipts/{id} is part of the API contract but not served by this node yet',
  UNAVAILABLE:
    'the challenge response was refused: the identity chain did not answer (timeout after 10000 ms)',
  FEATURE_NOT_OFFERED: 'this node takes no payments (no payment contract and receiving address configured)',
  INSUFFICIENT_STORAGE:
    'the vault storage quota is exceeded: 524163072 of 524288000 bytes used, this write needs 482113 more',
  STORAGE_FULL:
    "the node's storage is full (31457280 bytes free, it keeps 134217728): writes are refused until its operator frees space; deletes still work",
};
