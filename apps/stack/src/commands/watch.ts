import { isSidechain, sidechainNetwork, sidechainPorts, subscribeNewHeads } from '@cella/chain';
import { parseComponentOrUsage, UsageError, type CliContext } from '../cli-context.js';

/** Prints each new head of a sidechain (eth_subscribe newHeads over WebSocket). */
export async function runWatch(ctx: CliContext, args: string[], f: { count?: string }): Promise<number> {
  if (args.length !== 1) throw new UsageError('usage: cella-stack watch <sidechain> [--count N]');
  const s = parseComponentOrUsage(args[0] ?? '');
  if (!isSidechain(s)) throw new UsageError(`watch: ${args[0]} is not a sidechain (sc, id or third)`);
  let count: number | undefined;
  if (f.count !== undefined) {
    count = Number(f.count);
    if (!Number.isInteger(count) || count <= 0) throw new UsageError('--count must be a positive integer');
  }
  const state = await ctx.load();
  const ports = sidechainPorts(state, s);
  if (!ports) throw new UsageError('this stack has no third sidechain');
  const side = sidechainNetwork(s, state.chainType ?? 'mainnet', state.third);
  const url = ctx.wsEndpoints[s] ?? `ws://127.0.0.1:${ports.ws}`;
  let seen = 0;
  const stream = subscribeNewHeads(url, {
    service: `${side.name} WebSocket`,
    timeoutMs: ctx.timeoutMs,
    signal: ctx.io.signal,
    onSubscribed: () => ctx.io.err(`watching new heads of ${side.name} at ${url} (Ctrl-C to stop)`),
  });
  for await (const head of stream) {
    if (ctx.json) {
      ctx.io.out(
        JSON.stringify({
          number: Number(head.number),
          hash: head.hash,
          parentHash: head.parentHash,
          timestamp: Number(head.timestamp),
          miner: head.miner,
          gasUsed: head.gasUsed.toString(),
        }),
      );
    } else {
      const time = new Date(Number(head.timestamp) * 1000).toISOString();
      ctx.io.out(`block ${head.number}  ${head.hash}  ${time}  gasUsed ${head.gasUsed}`);
    }
    if (count !== undefined && ++seen >= count) break;
  }
  return 0;
}
