/** Bytes arriving in pieces of any size, taken out in the exact sizes a format needs. */
export class ByteQueue {
  private parts: Uint8Array[] = [];
  length = 0;

  push(bytes: Uint8Array): void {
    if (bytes.length === 0) return;
    this.parts.push(bytes);
    this.length += bytes.length;
  }

  /** The first `n` bytes (n ≤ length), removed; a view of the first piece when it holds them all (no copy). */
  take(n: number): Uint8Array {
    const first = this.parts[0];
    if (first && first.length >= n) {
      if (first.length === n) this.parts.shift();
      else this.parts[0] = first.subarray(n);
      this.length -= n;
      return first.subarray(0, n);
    }
    const out = new Uint8Array(n);
    let at = 0;
    while (at < n) {
      const head = this.parts[0]!;
      const need = n - at;
      if (head.length <= need) {
        out.set(head, at);
        at += head.length;
        this.parts.shift();
      } else {
        out.set(head.subarray(0, need), at);
        this.parts[0] = head.subarray(need);
        at += need;
      }
    }
    this.length -= n;
    return out;
  }
}

/** A ReadableStream of `source`'s pieces, read at the consumer's pace (ReadableStream.from is not everywhere yet). */
export function streamOf(source: AsyncIterable<Uint8Array>): ReadableStream<Uint8Array> {
  const iterator = source[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await iterator.next();
        if (done) controller.close();
        else controller.enqueue(value);
      } catch (error) {
        controller.error(error);
      }
    },
    async cancel(reason) {
      await iterator.return?.(reason);
    },
  });
}

/** The pieces of a stream, as an async iterable (also where `for await` over a stream is missing). */
export async function* piecesOf(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        finished = true;
        return;
      }
      yield value;
    }
  } finally {
    // Stopped early (an error downstream, a cancel): stop the source too.
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}

/**
 * Up to `depth` asynchronous steps in flight (WebCrypto works on other threads meanwhile), their
 * results handed on in the order they were started. A step that fails fails where it is handed on.
 */
export class InOrder<T> {
  private readonly pending: Promise<T>[] = [];
  constructor(private readonly depth: number) {}

  /** Starts `step`; yields the oldest results while `depth` are in flight. */
  async *push(step: Promise<T>): AsyncGenerator<T> {
    step.catch(() => undefined); // awaited in order below; not an unhandled rejection meanwhile
    this.pending.push(step);
    while (this.pending.length >= this.depth) yield await this.pending.shift()!;
  }

  /** Yields every result still in flight. */
  async *drain(): AsyncGenerator<T> {
    while (this.pending.length > 0) yield await this.pending.shift()!;
  }
}
