// The sidechain's WebSocket `eth_subscribe("newHeads")` stream (spec §6) as an async iterator.
// Uses `ws` directly rather than ethers' provider events so each notification's full header
// (number, hash, parent, timestamp, miner…) reaches the caller, validated.
import WebSocket from 'ws';
import { z } from 'zod';
import { ChainRpcError, redactUrl } from './errors.js';
import { DEFAULT_RPC_TIMEOUT_MS } from './http-post.js';

const Quantity = z.string().regex(/^0x[0-9a-fA-F]+$/);
const Hash32 = z.string().regex(/^0x[0-9a-fA-F]{64}$/);

/** Header fields of a newHeads notification (geth 1.9: no baseFeePerGas; anvil adds more). */
export const NewHeadHeader = z.looseObject({
  number: Quantity,
  hash: Hash32,
  parentHash: Hash32,
  timestamp: Quantity,
  miner: z.string(),
  gasUsed: Quantity,
  gasLimit: Quantity,
  stateRoot: Hash32.optional(),
  transactionsRoot: Hash32.optional(),
});

export interface NewHead {
  number: bigint;
  hash: string;
  parentHash: string;
  /** Seconds since the epoch. */
  timestamp: bigint;
  miner: string;
  gasUsed: bigint;
  gasLimit: bigint;
  /** The header as received. */
  raw: z.infer<typeof NewHeadHeader>;
}

const Notification = z.looseObject({
  method: z.literal('eth_subscription'),
  params: z.looseObject({ subscription: z.string(), result: z.unknown() }),
});
const Reply = z.looseObject({
  id: z.number(),
  result: z.string().optional(),
  error: z.looseObject({ code: z.number(), message: z.string() }).optional(),
});

export interface SubscribeNewHeadsOptions {
  service?: string;
  /** Time allowed to connect and get the subscription id. */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Called once the node has confirmed the subscription (heads mined after this are delivered). */
  onSubscribed?: (subscriptionId: string) => void;
}

/**
 * Yields each new head until the caller stops iterating (which unsubscribes and closes) or the
 * connection fails (which throws a ChainRpcError).
 */
export async function* subscribeNewHeads(
  wsUrl: string,
  options: SubscribeNewHeadsOptions = {},
): AsyncGenerator<NewHead> {
  const service = options.service ?? 'sidechain WebSocket';
  const endpoint = redactUrl(wsUrl);
  const timeoutMs = options.timeoutMs ?? DEFAULT_RPC_TIMEOUT_MS;
  const ws = new WebSocket(wsUrl, { handshakeTimeout: timeoutMs });
  const queue: NewHead[] = [];
  let failure: ChainRpcError | undefined;
  let done = false;
  let wake: (() => void) | undefined;
  let subscription: string | undefined;
  const notify = () => {
    const w = wake;
    wake = undefined;
    w?.();
  };
  const fail = (err: ChainRpcError) => {
    failure ??= err;
    notify();
  };
  const details = { service, endpoint, method: 'eth_subscribe' };

  const timer = setTimeout(() => {
    if (subscription === undefined) {
      fail(
        new ChainRpcError(
          'TIMEOUT',
          `${service} at ${endpoint} did not confirm the newHeads subscription within ${timeoutMs} ms`,
          details,
        ),
      );
    }
  }, timeoutMs);
  const onAbort = () => {
    done = true;
    notify();
  };
  options.signal?.addEventListener('abort', onAbort, { once: true });

  ws.on('open', () =>
    ws.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_subscribe', params: ['newHeads'] })),
  );
  ws.on('message', (data: WebSocket.RawData) => {
    let json: unknown;
    try {
      json = JSON.parse(
        Buffer.isBuffer(data)
          ? data.toString('utf8')
          : Buffer.concat(Array.isArray(data) ? data : [Buffer.from(data)]).toString('utf8'),
      );
    } catch {
      return fail(new ChainRpcError('BAD_RESPONSE', `${service} sent a message that is not JSON`, details));
    }
    const reply = Reply.safeParse(json);
    if (reply.success && reply.data.id === 1) {
      if (reply.data.error) {
        const { code, message } = reply.data.error;
        return fail(
          new ChainRpcError('RPC_ERROR', `${service} eth_subscribe failed: error ${code} "${message}"`, {
            ...details,
            rpcCode: code,
            rpcMessage: message,
          }),
        );
      }
      subscription = reply.data.result;
      if (subscription !== undefined) options.onSubscribed?.(subscription);
      return;
    }
    const note = Notification.safeParse(json);
    if (!note.success || note.data.params.subscription !== subscription) return;
    const header = NewHeadHeader.safeParse(note.data.params.result);
    if (!header.success) {
      return fail(
        new ChainRpcError(
          'BAD_RESPONSE',
          `${service} sent a newHeads header without the expected fields`,
          details,
        ),
      );
    }
    const h = header.data;
    queue.push({
      number: BigInt(h.number),
      hash: h.hash,
      parentHash: h.parentHash,
      timestamp: BigInt(h.timestamp),
      miner: h.miner,
      gasUsed: BigInt(h.gasUsed),
      gasLimit: BigInt(h.gasLimit),
      raw: h,
    });
    notify();
  });
  ws.on('error', (err: Error & { code?: string }) => {
    fail(
      new ChainRpcError(
        'UNREACHABLE',
        `${service} at ${endpoint} is unreachable (${err.code ?? err.message})`,
        { ...details, cause: err },
      ),
    );
  });
  ws.on('close', () => {
    if (!done)
      fail(new ChainRpcError('UNREACHABLE', `${service} at ${endpoint} closed the connection`, details));
  });

  try {
    for (;;) {
      while (queue.length) {
        const head = queue.shift();
        if (head) yield head;
      }
      if (done) return;
      if (failure) throw failure;
      await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    done = true;
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
    if (ws.readyState === WebSocket.OPEN) {
      if (subscription)
        ws.send(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'eth_unsubscribe', params: [subscription] }));
      ws.close();
    } else {
      ws.terminate();
    }
  }
}
