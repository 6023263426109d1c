/**
 * Newline-delimited JSON from a streamed HTTP body, one parsed value per line, in constant memory
 * (only the line at hand is held). kubo's RPC API and IPFS Cluster's REST API both stream lists
 * this way.
 */
export async function* ndjsonValues(body: AsyncIterable<unknown>): AsyncGenerator<unknown> {
  const decoder = new TextDecoder();
  let pending = '';
  for await (const chunk of body) {
    pending += decoder.decode(chunk as Uint8Array, { stream: true });
    let nl: number;
    while ((nl = pending.indexOf('\n')) >= 0) {
      const line = pending.slice(0, nl).trim();
      pending = pending.slice(nl + 1);
      if (line !== '') yield JSON.parse(line);
    }
  }
  const last = (pending + decoder.decode()).trim();
  if (last !== '') yield JSON.parse(last);
}
