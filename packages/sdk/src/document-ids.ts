/**
 * `_id` as apps use it. The node stores ObjectIds and answers them in Extended JSON
 * (`{"$oid": "<24 hex>"}`), while `insert` answers the plain hex string; a filter `{_id: "<hex>"}`
 * would compare a string with an ObjectId and match nothing. The SDK makes the string the one form:
 * - documents it returns carry `_id` as a string (an ObjectId's 24 hex digits; other ids as stored);
 * - in a filter, an `_id` given as 24 hex digits matches the ObjectId with those digits or a string
 *   `_id` equal to them (`$eq`, `$ne`, `$in`, `$nin` and plain values, also inside `$and`, `$or`,
 *   `$nor`). `{ $oid }` values are sent as they are.
 * Other ObjectId or Date values inside documents stay in Extended JSON.
 */

const HEX24 = /^[0-9a-fA-F]{24}$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `{ $oid: hex }` → hex; anything else as it is. */
function idFromWire(id: unknown): unknown {
  if (isRecord(id) && typeof id.$oid === 'string' && Object.keys(id).length === 1) return id.$oid;
  return id;
}

/** A document from the node with its `_id` as the SDK shows it. */
export function documentFromWire<T>(document: unknown): T {
  if (!isRecord(document) || !('_id' in document)) return document as T;
  const id = idFromWire(document._id);
  return (id === document._id ? document : { ...document, _id: id }) as T;
}

/** The values an `_id` given as `value` may be stored as. */
function idForms(value: unknown): unknown[] {
  return typeof value === 'string' && HEX24.test(value) ? [{ $oid: value }, value] : [value];
}

function idCondition(condition: unknown): unknown {
  if (typeof condition === 'string') return HEX24.test(condition) ? { $in: idForms(condition) } : condition;
  if (!isRecord(condition) || !Object.keys(condition).some((key) => key.startsWith('$'))) return condition;
  const out: Record<string, unknown> = {};
  const addTo = (list: '$in' | '$nin', values: unknown[]) =>
    (out[list] = [...((out[list] as unknown[] | undefined) ?? []), ...values]);
  for (const [operator, operand] of Object.entries(condition)) {
    const hex = typeof operand === 'string' && HEX24.test(operand);
    if ((operator === '$in' || operator === '$nin') && Array.isArray(operand))
      addTo(operator, operand.flatMap(idForms));
    // Not equal to any form: the forms join `$nin` (a conjunction, as `$ne` is).
    else if (operator === '$ne' && hex) addTo('$nin', idForms(operand));
    // Equal to one of the forms: `$in`, unless the condition has its own `$in` to satisfy too.
    else if (operator === '$eq' && hex && !('$in' in condition)) addTo('$in', idForms(operand));
    else out[operator] = operand;
  }
  return out;
}

/** A filter with its `_id` conditions widened as described above (a new object; the input is kept). */
export function filterToWire(filter: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filter)) {
    if (key === '_id') out[key] = idCondition(value);
    else if ((key === '$and' || key === '$or' || key === '$nor') && Array.isArray(value))
      out[key] = value.map((part) => (isRecord(part) ? filterToWire(part) : part));
    else out[key] = value;
  }
  return out;
}
