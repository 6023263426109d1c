/**
 * A JSON answer that is already serialized: `sendResult` writes its text as it is. For answers built
 * from texts an engine hands out (found documents, see `Collection.findExtJson`), so the node does not
 * parse them and serialize them again.
 */
export class JsonText {
  constructor(readonly text: string) {}
}

/**
 * Wraps serialized JSON as a handler result. Typed as the value the text stands for, so the handler
 * keeps its contract's output type; only `sendResult` ever looks inside.
 */
export function jsonText<T>(text: string): T {
  return new JsonText(text) as unknown as T;
}

/**
 * JSON.stringify for a value that may hold JsonText parts (a script run's results: found documents
 * stay the engine's texts). Plain JSON data only, as handlers return: objects, arrays, primitives
 * and values with toJSON; `undefined` members are left out and array holes become null, as in
 * JSON.stringify.
 */
export function stringifyWithJsonText(value: unknown): string {
  if (value instanceof JsonText) return value.text;
  if (Array.isArray(value))
    return `[${value.map((item) => (item === undefined ? 'null' : stringifyWithJsonText(item))).join(',')}]`;
  if (
    value !== null &&
    typeof value === 'object' &&
    typeof (value as { toJSON?: unknown }).toJSON !== 'function'
  ) {
    const members: string[] = [];
    for (const [key, member] of Object.entries(value)) {
      if (member === undefined || typeof member === 'function') continue;
      members.push(`${JSON.stringify(key)}:${stringifyWithJsonText(member)}`);
    }
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
