/**
 * Counter updates as one SQL statement: `updateOne({_id, $expr?, field: {$ne: text}...},
 * {$inc: {...}})` on integer fields, the shape of the quota charge every write makes
 * (VaultService.charge: `{_id: did, state: {$ne: 'removed'}, $expr: {$lte: [{$add: ['$dbUsed',
 * '$filesUsed', delta]}, '$quota']}}`, `{$inc: {dbUsed: delta}}`). The generic path reads the document, decodes it, evaluates the
 * filter, applies the update, re-encodes it, measures its BSON size and writes it back in an
 * explicit transaction; this runs `UPDATE … SET doc = json_set(…) WHERE id = ? AND …` on its own.
 *
 * The statement changes a row only where its answer is certainly the generic path's answer:
 * - every field it reads or increments is a top-level JSON integer (`json_type = 'integer'`) and
 *   every value and literal is within ±2^48, so SQLite's integer arithmetic and JS's float
 *   arithmetic (mingo's `$add`, left to right) give the same sums for up to 16 terms;
 * - each incremented value stays on its side of the int32 range, so the document's BSON size
 *   (4-byte int32 vs 8-byte int64/double) and with it the collection's byte count do not change;
 * - json_set rewrites only the incremented numbers: key order and every other value's text stay.
 * When it changes no row (no such document, the condition is false, or a precondition does not
 * hold), the caller runs the generic path, which decides exactly; that path is also the only one
 * for any other shape. `test/sqlite-counter-update.test.ts` compares both.
 */
import type { Filter, Update } from '../document-store.js';
import { parseNumericComparison, PLAIN_FIELD, type NumericTerm } from '../numeric-comparison.js';
import { idKey } from './codec.js';

const BOUND = 2 ** 48;
const MAX_TERMS = 16;
const INT32 = 'BETWEEN -2147483648 AND 2147483647';

/** better-sqlite3 binds JS numbers as REAL: integer + REAL would store `181.0`, a double. */
const INTEGER_PARAM = 'CAST(? AS INTEGER)';

const COMPARE = { $lt: '<', $lte: '<=', $gt: '>', $gte: '>=' } as const;

export interface CounterStatement {
  /** The UPDATE for the collection's table (the text depends only on the shape: cacheable). */
  sql(table: string): string;
  params: unknown[];
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;

const isBoundedInteger = (v: unknown): v is number =>
  typeof v === 'number' && Number.isSafeInteger(v) && Math.abs(v) <= BOUND;

const extract = (field: string) => `json_extract(doc, '$.${field}')`;

/** The SQL of a comparison operand, collecting the fields it reads; null outside the bounds. */
function operand(
  term: NumericTerm,
  fields: Set<string>,
  params: unknown[],
  terms: { n: number },
): string | null {
  if (++terms.n > MAX_TERMS) return null;
  if ('number' in term) {
    if (!isBoundedInteger(term.number)) return null;
    params.push(term.number);
    return INTEGER_PARAM;
  }
  if ('field' in term) {
    fields.add(term.field);
    return extract(term.field);
  }
  const parts: string[] = [];
  for (const part of term.add) {
    const sql = operand(part, fields, params, terms);
    if (sql === null) return null;
    parts.push(sql);
  }
  return `(${parts.join(' + ')})`;
}

/** The statement for a counter update, or null when the update is not of that shape. */
export function counterStatement(filter: Filter, update: Update): CounterStatement | null {
  const filterKeys = Object.keys(filter);
  const id = filter._id;
  if (
    !filterKeys.includes('_id') ||
    !(typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)))
  )
    return null;
  // Besides `_id` and `$expr`: `field: {$ne: '<text>'}` (the charge's "not unsubscribed").
  const textNotEqual: Array<[string, string]> = [];
  for (const key of filterKeys) {
    if (key === '_id' || key === '$expr') continue;
    const condition = filter[key];
    if (
      !PLAIN_FIELD.test(key) ||
      !isRecord(condition) ||
      Object.keys(condition).length !== 1 ||
      typeof condition.$ne !== 'string'
    )
      return null;
    textNotEqual.push([key, condition.$ne]);
  }
  if (!isRecord(update)) return null; // an update pipeline
  const updateKeys = Object.keys(update);
  const inc = update.$inc;
  if (updateKeys.length !== 1 || updateKeys[0] !== '$inc' || !isRecord(inc)) return null;
  const increments = Object.entries(inc);
  if (increments.length === 0 || increments.every(([, delta]) => delta === 0)) return null;
  for (const [field, delta] of increments)
    if (field === '_id' || !PLAIN_FIELD.test(field) || !isBoundedInteger(delta)) return null;

  const setParams: unknown[] = [];
  const set = increments.map(([field, delta]) => {
    setParams.push(delta);
    return `'$.${field}', ${extract(field)} + ${INTEGER_PARAM}`;
  });

  const fields = new Set(increments.map(([field]) => field));
  const conditions: string[] = [];
  const conditionParams: unknown[] = [];
  for (const [field, delta] of increments) {
    conditionParams.push(delta);
    conditions.push(`((${extract(field)} ${INT32}) = (${extract(field)} + ${INTEGER_PARAM} ${INT32}))`);
  }
  for (const [field, value] of textNotEqual) {
    // Only where the field holds text: a missing field, an array or another type is the generic
    // path's to decide (MongoDB's $ne looks into arrays).
    conditions.push(`json_type(doc, '$.${field}') = 'text' AND ${extract(field)} != ?`);
    conditionParams.push(value);
  }
  if (filter.$expr !== undefined) {
    const comparison = parseNumericComparison(filter.$expr);
    if (!comparison) return null;
    const terms = { n: 0 };
    const left = operand(comparison.left, fields, conditionParams, terms);
    const right = left === null ? null : operand(comparison.right, fields, conditionParams, terms);
    if (left === null || right === null) return null;
    conditions.push(`${left} ${COMPARE[comparison.op]} ${right}`);
  }
  const typed = [...fields].flatMap((field) => [
    `json_type(doc, '$.${field}') = 'integer'`,
    `abs(${extract(field)}) <= ${BOUND}`,
  ]);
  const where = ['id = ?', ...typed, ...conditions].join(' AND ');
  return {
    sql: (table) => `UPDATE "${table}" SET doc = json_set(doc, ${set.join(', ')}) WHERE ${where}`,
    params: [...setParams, idKey(id), ...conditionParams],
  };
}
