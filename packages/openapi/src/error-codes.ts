/**
 * The closed set of error codes every Cella endpoint can answer with. No dependencies, so the SDK
 * (browser included) can bundle it.
 *
 * (HTTP status, internal_code) pairs follow the reference Hive Node (hive-node.md §3), because the
 * Elastos Hive SDKs map exactly those pairs to exception classes. Server, OpenAPI document and SDK all
 * read this table, so a code can't exist in one and not the others.
 */

export const errorCatalogue = {
  BAD_REQUEST: {
    status: 400,
    description: 'The request cannot be served as sent (e.g. a script condition the caller does not meet).',
  },
  INVALID_PARAMETER: {
    status: 400,
    internalCode: 1,
    description: 'A path, query or body field is missing, malformed or out of range.',
  },
  BACKUP_IN_PROGRESS: {
    status: 400,
    internalCode: 2,
    description: 'A backup or restore of this vault is running.',
  },
  QUERY_TIMEOUT: {
    status: 400,
    internalCode: 50,
    description:
      "A database query ran past its time limit and was stopped (MongoDB's MaxTimeMSExpired, error 50): the request's `maxTimeMS`, else the node's default (`CELLA_QUERY_TIMEOUT`). Narrow the filter, use an index, or allow more time.",
  },
  UNAUTHORIZED: {
    status: 401,
    description: 'Missing, malformed, expired or foreign access token, or a failed sign-in.',
  },
  VAULT_FROZEN: {
    status: 403,
    internalCode: 1,
    description: 'The vault is frozen (read-only) and the request writes.',
  },
  VAULT_MOVED: {
    status: 403,
    internalCode: 2,
    description:
      "The vault moved to another node and the request writes: the message and the body's `moved_to` name the node it lives on now. Reads still answer, and the owner may delete it.",
  },
  FORBIDDEN: { status: 403, description: 'The caller may not do this.' },
  VAULT_NOT_FOUND: { status: 404, internalCode: 1, description: 'No vault for this user on this node.' },
  BACKUP_NOT_FOUND: { status: 404, internalCode: 2, description: 'No backup for this user on this node.' },
  SCRIPT_NOT_FOUND: { status: 404, internalCode: 3, description: 'No script of that name.' },
  COLLECTION_NOT_FOUND: { status: 404, internalCode: 4, description: 'No collection of that name.' },
  PLAN_NOT_FOUND: { status: 404, internalCode: 5, description: 'No pricing plan of that name.' },
  FILE_NOT_FOUND: { status: 404, internalCode: 6, description: 'No file or folder at that path.' },
  ORDER_NOT_FOUND: { status: 404, internalCode: 7, description: 'No order with that id for this user.' },
  RECEIPT_NOT_FOUND: { status: 404, internalCode: 8, description: 'No receipt with that id for this user.' },
  APPLICATION_NOT_FOUND: {
    status: 404,
    internalCode: 9,
    description: 'No application has used this vault (the Hive dialect lists none as 404).',
  },
  INDEX_NOT_FOUND: { status: 404, internalCode: 10, description: 'No index of that name on the collection.' },
  NOT_FOUND: { status: 404, description: 'The resource does not exist.' },
  ROUTE_NOT_FOUND: { status: 404, internalCode: 3000, description: 'No endpoint at this method and path.' },
  METHOD_NOT_ALLOWED: {
    status: 405,
    internalCode: 3000,
    description: 'The path exists but not with this method.',
  },
  PAYLOAD_TOO_LARGE: {
    status: 413,
    internalCode: 3000,
    description: 'The request body exceeds the limit of this endpoint.',
  },
  REQUEST_TIMEOUT: {
    status: 408,
    internalCode: 3000,
    description:
      'The request was not sent in time: its headers within the header timeout, or its body too slowly (a pause past the idle timeout, or below the minimum rate).',
  },
  URI_TOO_LONG: {
    status: 414,
    internalCode: 3000,
    description: 'The request line is longer than the node accepts.',
  },
  HEADERS_TOO_LARGE: {
    status: 431,
    internalCode: 3000,
    description: 'The request line and headers together are larger than the node accepts.',
  },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    internalCode: 3000,
    description: 'The request body has a content type this endpoint does not take.',
  },
  RANGE_NOT_SATISFIABLE: { status: 416, description: 'The requested byte range lies outside the file.' },
  CURSOR_EXPIRED: {
    status: 410,
    description:
      'The event cursor is older than the events the node keeps: resynchronise (read the data again), then stream from the oldest cursor the answer names or from now.',
  },
  VAULT_CHANGED: {
    status: 409,
    description:
      'The vault is not in the state the request builds on. Marking it moved: it changed after the export the request names (the other node does not hold that change): export again (incrementally, `since` that export), import it, then retry. Importing with `mode=update`: the vault was written since its last import, or the export does not follow that import (an incremental export of another base, a full export of another node).',
  },
  RATE_LIMITED: { status: 429, description: 'Too many requests; retry later.' },
  TOO_MANY_STREAMS: {
    status: 429,
    internalCode: 1,
    description: 'The caller holds as many open event streams as the node allows: close one first.',
  },
  VAULT_NOT_EMPTY: {
    status: 409,
    internalCode: 1,
    description:
      'The vault already holds collections, documents or files: an import into it must say `?mode=replace` to replace them.',
  },
  ALREADY_EXISTS: {
    status: 455,
    description:
      'The collection, file, vault, backup or index already exists, or a document with the same `_id` or unique-index key.',
  },
  INTERNAL: {
    status: 500,
    description: 'An unexpected server error; details are in the server log under the request id.',
  },
  NOT_IMPLEMENTED: {
    status: 501,
    description: 'The endpoint is part of the contract but not served by this node yet.',
  },
  FEATURE_NOT_OFFERED: {
    status: 501,
    internalCode: 1,
    description:
      'This node does not offer the feature (e.g. it takes no payments): asking again will not help; use a node that does.',
  },
  UNAVAILABLE: { status: 503, description: 'A dependency (chain RPC, IPFS, database) is unreachable.' },
  OVERLOADED: {
    status: 503,
    internalCode: 3000,
    description: 'Too many open connections, from this address or in all; retry later (`Retry-After`).',
  },
  INSUFFICIENT_STORAGE: { status: 507, description: 'The write would exceed the vault storage quota.' },
  STORAGE_FULL: {
    status: 507,
    internalCode: 1,
    description:
      "The node's own storage is full (its disk, not the vault's quota): writes are refused until its operator frees space; reads and deletes still work. Retry later or use another node.",
  },
} as const satisfies Record<string, { status: number; internalCode?: number; description: string }>;

export type ErrorCode = keyof typeof errorCatalogue;
export const errorCodes = Object.keys(errorCatalogue) as ErrorCode[];

export interface ErrorBody {
  error: { message: string; internal_code?: number };
}

/** Builds the wire body of an error. */
export function errorBodyFor(code: ErrorCode, message: string): ErrorBody {
  const entry = errorCatalogue[code];
  return 'internalCode' in entry
    ? { error: { message, internal_code: entry.internalCode } }
    : { error: { message } };
}

/** Finds the most specific code for a (status, internal_code) pair, as an SDK receiving an error does. */
export function errorCodeFor(status: number, internalCode?: number): ErrorCode | undefined {
  let generic: ErrorCode | undefined;
  for (const code of errorCodes) {
    const entry: { status: number; internalCode?: number } = errorCatalogue[code];
    if (entry.status !== status) continue;
    if (entry.internalCode === internalCode) return code;
    if (entry.internalCode === undefined && generic === undefined) generic = code;
  }
  return generic;
}
