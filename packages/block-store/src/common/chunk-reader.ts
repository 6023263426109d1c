/**
 * A byte reader over a stream of chunks, as @ipld/car's decoder reads a CAR (`upTo`, `exactly`,
 * `seek`, `pos`), that copies only when a read spans chunks. @ipld/car's own reader copies every
 * read that reaches past its current chunk into a new buffer of the rest of that chunk plus the
 * chunks it needed; here a read that one chunk holds is a view of it, so a block that arrives as a
 * chunk of its own (a stream the node frames itself, as a vault import's) is handed on without a
 * copy, and a read that spans chunks copies exactly its bytes. `parts` copies nothing: a block that
 * spans chunks is handed on as views of them (the block workers copy them into their slots).
 */

export interface BytesReader {
  upTo(length: number): Promise<Uint8Array>;
  exactly(length: number, seek?: boolean): Promise<Uint8Array>;
  seek(length: number): void;
  /** The next `length` bytes as consecutive views of the chunks that hold them (no copy), read past. */
  parts(length: number): Promise<Uint8Array[]>;
  readonly pos: number;
}

export function chunkReader(source: AsyncIterable<Uint8Array>): BytesReader {
  const iterator = source[Symbol.asyncIterator]();
  /** The unread bytes of the chunk being read. */
  let current: Uint8Array = new Uint8Array(0);
  /** Chunks read after it, from `first` on (an index, not `shift()`: a stream of tiny chunks stays linear). */
  let queued: Uint8Array[] = [];
  let first = 0;
  let queuedBytes = 0;
  /** Bytes a seek passed that have not arrived yet. */
  let skip = 0;
  let ended = false;
  let pos = 0;

  const available = () => current.length + queuedBytes;

  const fill = async (length: number): Promise<void> => {
    while (available() < length && !ended) {
      const next = await iterator.next();
      if (next.done) {
        ended = true;
        break;
      }
      let chunk = next.value;
      if (skip > 0) {
        const dropped = Math.min(skip, chunk.length);
        skip -= dropped;
        chunk = chunk.subarray(dropped);
      }
      if (chunk.length === 0) continue;
      queued.push(chunk);
      queuedBytes += chunk.length;
    }
  };

  const shift = (): Uint8Array => {
    const head = queued[first++]!;
    if (first === queued.length) {
      queued = [];
      first = 0;
    }
    return head;
  };

  /** Takes `length` bytes (at most) off the queued chunks into `into` at `at`. */
  const drain = (length: number, into?: Uint8Array, at = 0): void => {
    while (length > 0 && first < queued.length) {
      const head = queued[first]!;
      const take = Math.min(head.length, length);
      into?.set(head.subarray(0, take), at);
      at += take;
      length -= take;
      queuedBytes -= take;
      if (take === head.length) shift();
      else queued[first] = head.subarray(take);
    }
  };

  /** Makes the next `length` bytes (or all there are) one view in `current`. */
  const gather = (length: number): void => {
    if (current.length >= length || first === queued.length) return;
    if (current.length === 0 && queued[first]!.length >= length) {
      current = shift();
      queuedBytes -= current.length;
      return;
    }
    const out = new Uint8Array(Math.min(length, available()));
    out.set(current);
    drain(out.length - current.length, out, current.length);
    current = out;
  };

  return {
    async upTo(length) {
      await fill(length);
      gather(length);
      return current.subarray(0, Math.min(length, current.length));
    },
    async exactly(length, seek = false) {
      await fill(length);
      if (available() < length) throw new Error('Unexpected end of data');
      gather(length);
      const out = current.subarray(0, length);
      if (seek) {
        current = current.subarray(length);
        pos += length;
      }
      return out;
    },
    seek(length) {
      pos += length;
      const fromCurrent = Math.min(length, current.length);
      current = current.subarray(fromCurrent);
      length -= fromCurrent;
      const fromQueued = Math.min(length, queuedBytes);
      drain(fromQueued);
      skip += length - fromQueued;
    },
    async parts(length) {
      await fill(length);
      if (available() < length) throw new Error('Unexpected end of data');
      const out: Uint8Array[] = [];
      const fromCurrent = Math.min(length, current.length);
      if (fromCurrent > 0) out.push(current.subarray(0, fromCurrent));
      current = current.subarray(fromCurrent);
      let rest = length - fromCurrent;
      while (rest > 0) {
        const head = queued[first]!;
        const take = Math.min(head.length, rest);
        out.push(head.subarray(0, take));
        queuedBytes -= take;
        rest -= take;
        if (take === head.length) shift();
        else queued[first] = head.subarray(take);
      }
      pos += length;
      return out;
    },
    get pos() {
      return pos;
    },
  };
}
