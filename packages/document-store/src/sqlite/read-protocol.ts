/**
 * What crosses between the node's thread and a read worker. Messages are structured clones, which
 * keep plain data, Dates and typed arrays but drop classes: filters and pipelines, which may hold
 * ObjectIds and regular expressions (LinearRegex), travel as Extended JSON texts; documents an
 * aggregation answers carry their ObjectIds tagged; errors travel as their name, code and message.
 */
import { ObjectId } from 'bson';
import { isObjectId, isPlainObject } from '../bson-values.js';
import { StoreError } from '../document-store.js';
import type { Document, Filter, StoreErrorCode } from '../document-store.js';
import { parseExtJson, stringifyExtJson } from '../ext-json.js';
import type { ReadRequest } from './reads.js';

/** Deeper than any filter the query guard lets through, wrappers included. */
const WIRE_DEPTH = 256;

/** A read request with its filter or pipeline as Extended JSON text. */
export type WireRequest =
  | (Omit<Extract<ReadRequest, { filter: Filter }>, 'filter'> & { filter: string })
  | (Omit<Extract<ReadRequest, { op: 'aggregate' }>, 'pipeline'> & { pipeline: string })
  | Extract<ReadRequest, { op: 'cursorTexts' | 'bsonBatch' }>;

/** From the node's thread to a worker. */
export type ToWorker =
  | {
      kind: 'read';
      id: number;
      path: string;
      /** What is left of the bound (the read may have waited for a worker). */
      budgetMs: number;
      /** The whole bound, for the message of a read that runs past it. */
      boundMs: number;
      request: WireRequest;
    }
  /** The file was dropped: close its connection (a new file of that name is another database). */
  | { kind: 'forget'; path: string };

export interface WireError {
  name: string;
  code?: StoreErrorCode;
  message: string;
}

/** From a worker to the node's thread. */
export type FromWorker = { id: number; answer: unknown } | { id: number; error: WireError };

export function encodeRequest(request: ReadRequest): WireRequest {
  if (request.op === 'aggregate')
    return { ...request, pipeline: stringifyExtJson(request.pipeline, { maxDepth: WIRE_DEPTH }) };
  if (request.op === 'cursorTexts' || request.op === 'bsonBatch') return request;
  return { ...request, filter: stringifyExtJson(request.filter, { maxDepth: WIRE_DEPTH }) };
}

export function decodeRequest(wire: WireRequest): ReadRequest {
  if (wire.op === 'aggregate')
    return { ...wire, pipeline: parseExtJson(wire.pipeline, { maxDepth: WIRE_DEPTH }) as Document[] };
  if (wire.op === 'cursorTexts' || wire.op === 'bsonBatch') return wire;
  return { ...wire, filter: parseExtJson(wire.filter, { maxDepth: WIRE_DEPTH }) as Filter } as ReadRequest;
}

export function encodeError(error: unknown): WireError {
  if (error instanceof StoreError) return { name: error.name, code: error.code, message: error.message };
  return { name: (error as Error)?.name ?? 'Error', message: String((error as Error)?.message ?? error) };
}

export function decodeError(wire: WireError): Error {
  if (wire.name === 'StoreError' && wire.code) return new StoreError(wire.code, wire.message);
  const error = new Error(`database read worker: ${wire.message}`);
  error.name = wire.name;
  return error;
}

/** A key no stored document has (keys never hold NUL): marks a tagged ObjectId. */
const OID = '\u0000oid';

/** Documents (an aggregation's answer) with their ObjectIds tagged, to cross as a structured clone. */
export function tagObjectIds(value: unknown): unknown {
  if (isObjectId(value)) return { [OID]: value.toHexString() };
  if (Array.isArray(value)) return value.map(tagObjectIds);
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value))
      Object.defineProperty(out, key, {
        value: tagObjectIds(item),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    return out;
  }
  return value;
}

export function untagObjectIds(value: unknown): unknown {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = untagObjectIds(value[i]);
    return value;
  }
  if (isPlainObject(value)) {
    const hex = value[OID];
    if (typeof hex === 'string' && Object.keys(value).length === 1) return ObjectId.createFromHexString(hex);
    for (const key of Object.keys(value)) {
      const item = untagObjectIds(value[key]);
      if (item !== value[key])
        Object.defineProperty(value, key, {
          value: item,
          enumerable: true,
          writable: true,
          configurable: true,
        });
    }
  }
  return value;
}
