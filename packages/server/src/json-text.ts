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
  let text = '';
  for (const part of jsonTextParts(value)) text += part;
  return text;
}

/**
 * The same text as `stringifyWithJsonText`, in parts (JsonText parts as they are), so a large
 * answer is written out without first joining it into one string.
 */
export function* jsonTextParts(value: unknown): Generator<string> {
  if (value instanceof JsonText) {
    yield value.text;
    return;
  }
  if (Array.isArray(value)) {
    yield '[';
    for (let i = 0; i < value.length; i++) {
      if (i > 0) yield ',';
      const item: unknown = value[i];
      if (item === undefined) yield 'null';
      else yield* jsonTextParts(item);
    }
    yield ']';
    return;
  }
  if (
    value !== null &&
    typeof value === 'object' &&
    typeof (value as { toJSON?: unknown }).toJSON !== 'function'
  ) {
    yield '{';
    let first = true;
    for (const [key, member] of Object.entries(value)) {
      if (member === undefined || typeof member === 'function') continue;
      yield `${first ? '' : ','}${JSON.stringify(key)}:`;
      first = false;
      yield* jsonTextParts(member);
    }
    yield '}';
    return;
  }
  yield JSON.stringify(value) ?? 'null';
}

/** A JSON answer with JsonText parts, written part by part (see `jsonTextParts`). */
export class JsonParts {
  constructor(readonly value: unknown) {}
}

/** Wraps a value holding JsonText parts as a handler result, typed as the value it stands for. */
export function jsonParts<T>(value: T): T {
  return new JsonParts(value) as unknown as T;
}
