/**
 * A list answer written as its items are read (found documents, file listings, collections,
 * scripts, orders, receipts): `{...head, "<field>": [item, …]}`, the items arriving in batches of
 * JSON texts from a cursor. The HTTP layer writes it with back-pressure and caps it: once the next
 * item would take the answer past `CELLA_MAX_ANSWER_BYTES`, the list ends there and the answer
 * carries `"next_skip"` — the `skip` that continues it (docs/api-decisions.md, "Answer size").
 * The first item always goes out, so a client paging with `next_skip` always advances.
 */
import { parseExtJson, type Document } from '@cella/document-store';

export class StreamedList {
  constructor(
    /** The list's member name in the answer (`items`, `value`, `collections`, …). */
    readonly field: string,
    /** Batches of the items, each item already JSON text. */
    readonly items: AsyncIterable<string[]>,
    /** Where this page starts in the whole list (the request's `skip`). */
    readonly skip: number,
    /** Members written before the list. */
    readonly head: Record<string, unknown> = {},
  ) {}
}

/**
 * A list answer as a handler result. Typed as the value it stands for, so the handler keeps its
 * contract's output type; only the router looks inside.
 */
export function streamedList<T>(
  field: string,
  items: AsyncIterable<string[]>,
  skip: number,
  head: Record<string, unknown> = {},
): T {
  return new StreamedList(field, items, skip, head) as unknown as T;
}

/** Batches of values as batches of their JSON texts (`toJson` shapes each value first). */
export async function* jsonBatches<T>(
  batches: AsyncIterable<T[]> | Iterable<T[]>,
  toJson: (value: T) => unknown = (value) => value,
): AsyncGenerator<string[]> {
  for await (const batch of batches) yield batch.map((value) => JSON.stringify(toJson(value)));
}

/** An array in batches (for lists a service already holds, e.g. collection names). */
export function* inBatches<T>(values: readonly T[], size = 500): Generator<T[]> {
  for (let i = 0; i < values.length; i += size) yield values.slice(i, i + size);
}

/** Batches of documents from a cursor's Extended JSON texts, as `find` would give them. */
export async function* parsedBatches(texts: AsyncIterable<string[]>): AsyncGenerator<Document[]> {
  for await (const batch of texts) yield batch.map((text) => parseExtJson(text) as Document);
}
