/**
 * How documents sit in SQLite: one JSON text per document, with ObjectId as `{"$oid": "<hex>"}`
 * and Date as `{"$date": "<ISO-8601>"}`. Stored documents never hold `$`-prefixed keys (the
 * query guard refuses them), so these wrappers are unambiguous and decoding is exact.
 *
 * ISO strings (not milliseconds) for dates because their text order is their time order, so a
 * date's index key (bson-key.ts) orders and ranges like the date. ISO-8601 has 4-digit years only
 * for years 0–9999; dates outside that range are stored as `{"$date": <ms>}`: their key is NULL
 * (a special row, read apart and checked by mingo).
 *
 * `_id` is also kept in its own column as a typed key ('o' + hex, 's' + string, 'n' + number),
 * so ObjectId('…'), the string '…' and the number 1 vs the string '1' never collide, and the
 * UNIQUE index on that column enforces MongoDB's duplicate-key rule.
 */
import { ObjectId } from 'bson';
import type { Document, DocumentId } from '../document-store.js';
import type { JsonWrappers } from '../query-guard.js';
import { stringifyExtJson } from '../ext-json.js';

export function idKey(id: DocumentId): string {
  if (typeof id === 'string') return `s${id}`;
  if (typeof id === 'number') return `n${Object.is(id, -0) ? '0' : String(id)}`;
  return `o${id.toHexString()}`;
}

/**
 * `wrappers`: what the caller knows the document holds (prepareDocument reports it). 'none' (no
 * Date, no ObjectId): the much faster replacer-less JSON.stringify gives the same text. 'id' (an
 * ObjectId `_id` first, nothing else to wrap: most stored documents): the same, with the `_id`'s
 * text (an ObjectId's `toJSON` is its hex) wrapped afterwards — a replacer, called for every value,
 * made encoding most of an import's per-document cost.
 */
export function encodeDocument(doc: Document, wrappers: JsonWrappers = 'any'): string {
  if (wrappers === 'none') return JSON.stringify(doc);
  if (wrappers === 'id' && doc._id instanceof ObjectId) {
    const hex = doc._id.toHexString();
    const text = JSON.stringify(doc);
    const head = `{"_id":"${hex}"`;
    if (text.startsWith(head)) return `{"_id":{"$oid":"${hex}"}${text.slice(head.length)}`;
  }
  return JSON.stringify(doc, replacer);
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

/** True when the date is stored as an ISO string (years 0–9999), i.e. range-comparable as text. */
export function dateIsTextOrdered(date: Date): boolean {
  return typeof dateWire(date) === 'string';
}

/**
 * The relaxed Extended JSON text of a stored document (`stringifyExtJson` of its decoded form),
 * from its stored text: the two are the same text, since both are JSON.stringify of the same
 * values in the same key order with ObjectId as `{"$oid": "<lowercase hex>"}`, except for Dates
 * (stored as ISO strings for years 0–9999, written as ISO only for 1970–9999). So a find answers
 * with the stored text as it is, without decoding and re-encoding it, unless it holds a Date.
 * `doc`: the decoded document when the caller has it already.
 */
export function storedToExtJson(text: string, doc: Document | null = null): string {
  if (!text.includes('"$date"')) return text;
  return stringifyExtJson(doc ?? decodeDocument(text));
}

export function decodeDocument(text: string): Document {
  const doc = JSON.parse(text) as Document;
  // Most documents hold neither wrapper: skip the walk for them. (A walk after parsing costs less
  // than half of what a JSON.parse reviver does, which is called for every value.)
  if (text.includes('"$oid"') || text.includes('"$date"')) reviveIn(doc);
  return doc;
}

/** Replaces the wrappers inside a parsed object or array by ObjectId and Date, in place. */
function reviveIn(container: Record<string, unknown> | unknown[]): void {
  if (Array.isArray(container)) {
    for (let i = 0; i < container.length; i++) {
      const item = container[i];
      if (item !== null && typeof item === 'object') container[i] = revive(item as Record<string, unknown>);
    }
    return;
  }
  for (const key of Object.keys(container)) {
    const item = container[key];
    if (item === null || typeof item !== 'object') continue;
    const revived = revive(item as Record<string, unknown>);
    if (revived === item) continue;
    // An own "__proto__" key (JSON.parse creates one) must stay a property, not set the prototype.
    if (key === '__proto__')
      Object.defineProperty(container, key, {
        value: revived,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    else container[key] = revived;
  }
}

function revive(value: Record<string, unknown> | unknown[]): unknown {
  if (!Array.isArray(value)) {
    if (typeof value.$oid === 'string') return ObjectId.createFromHexString(value.$oid);
    if (typeof value.$date === 'string' || typeof value.$date === 'number') return new Date(value.$date);
  }
  reviveIn(value);
  return value;
}
