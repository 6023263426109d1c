/**
 * Passes an upload's bytes through while counting them, and fails the stream the moment the
 * count passes `limit` — so an upload over quota stops at the first byte too many rather than
 * after the whole body was stored. Pieces are passed on as they are (no copy).
 */
export async function* metered(
  source: AsyncIterable<Uint8Array>,
  limit: number,
  onExceeded: (bytesSoFar: number) => Error,
): AsyncGenerator<Uint8Array> {
  let total = 0;
  for await (const piece of source) {
    total += piece.byteLength;
    if (total > limit) throw onExceeded(total);
    yield piece;
  }
}
