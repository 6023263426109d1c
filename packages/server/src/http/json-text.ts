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
