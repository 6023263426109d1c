/**
 * How documents sit in SQLite: one JSON text per document, with ObjectId as `{"$oid": "<hex>"}`
 * and Date as `{"$date": "<ISO-8601>"}`. Stored documents never hold `$`-prefixed keys (the
 * query guard refuses them), so these wrappers are unambiguous and decoding is exact.
 *
 * ISO strings (not milliseconds) for dates because their text order is their time order, so a
 * date range can be pushed down to an index on `json_extract`. ISO-8601 has 4-digit years only
 * for years 0–9999; dates outside that range are stored as `{"$date": <ms>}` and the pushdown
 * always includes them as candidates (see pushdown.ts).
 *
 * `_id` is also kept in its own column as a typed key ('o' + hex, 's' + string, 'n' + number),
 * so ObjectId('…'), the string '…' and the number 1 vs the string '1' never collide, and the
 * UNIQUE index on that column enforces MongoDB's duplicate-key rule.
 */
import { ObjectId } from 'mongodb';
import type { Document, DocumentId } from '../document-store.js';

export function idKey(id: DocumentId): string {
  if (typeof id === 'string') return `s${id}`;
  if (typeof id === 'number') return `n${Object.is(id, -0) ? '0' : String(id)}`;
  return `o${id.toHexString()}`;
}

/**
 * `plainJson`: the caller knows the document holds no Date and no ObjectId (prepareDocument
 * reports it), so the much faster replacer-less JSON.stringify gives the same text.
 */
export function encodeDocument(doc: Document, plainJson = false): string {
  return plainJson ? JSON.stringify(doc) : JSON.stringify(doc, replacer);
}

function replacer(this: Record<string, unknown>, key: string, value: unknown): unknown {
  const raw = this[key];
  if (raw instanceof Date) return { $date: dateWire(raw) };
  if (raw instanceof ObjectId) return { $oid: raw.toHexString() };
  return value;
}

function dateWire(date: Date): string | number {
  const year = date.getUTCFullYear();
  return year >= 0 && year <= 9999 ? date.toISOString() : date.getTime();
}

/** The exact text `json_extract` yields for a stored Date (used by the pushdown). */
export function dateText(date: Date): string {
  return JSON.stringify({ $date: dateWire(date) });
}

/** True when the date is stored as an ISO string (years 0–9999), i.e. range-comparable as text. */
export function dateIsTextOrdered(date: Date): boolean {
  return typeof dateWire(date) === 'string';
}

export function objectIdText(id: ObjectId): string {
  return `{"$oid":"${id.toHexString()}"}`;
}

export function decodeDocument(text: string): Document {
  // Most documents hold neither wrapper: skip the (slower) reviver for them.
  if (!text.includes('"$oid"') && !text.includes('"$date"')) return JSON.parse(text) as Document;
  return JSON.parse(text, reviver) as Document;
}

function reviver(_key: string, value: unknown): unknown {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const o = value as { $oid?: unknown; $date?: unknown };
    if (typeof o.$oid === 'string') return ObjectId.createFromHexString(o.$oid);
    if (typeof o.$date === 'string' || typeof o.$date === 'number') return new Date(o.$date);
  }
  return value;
}
