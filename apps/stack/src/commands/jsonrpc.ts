// `<component> jsonrpc <method> [args…]`, as node.sh's `node.sh <component> jsonrpc …`: the main
// chain and the arbiter with the credentials from their config.json, sidechains without auth.
import {
  ArbiterClient,
  EvmRpcClient,
  MAIN_METHOD_ALIASES,
  MAIN_METHOD_PARAMS,
  MainChainClient,
  UTXO_TYPES,
  arbiterPorts,
  isMethodNotFound,
  isOracle,
  mainChainPorts,
  sidechainNetwork,
  readMainWalletAddresses,
  sidechainPorts,
  type ComponentId,
  type StackState,
  type UtxoType,
} from '@cella/chain';
import { printJson, UsageError, type CliContext } from '../cli-context.js';

/** A command-line value: JSON when it parses as an object, array, string, boolean or null; else text. */
function parseValue(arg: string): unknown {
  if (/^[[{"]/.test(arg) || arg === 'true' || arg === 'false' || arg === 'null') {
    try {
      return JSON.parse(arg) as unknown;
    } catch {
      return arg;
    }
  }
  return arg;
}

function namedParams(args: string[]): Record<string, unknown> | undefined {
  if (!args.length || !args.every((a) => /^[A-Za-z_][\w.-]*=/.test(a))) return undefined;
  return Object.fromEntries(
    args.map((a) => [a.slice(0, a.indexOf('=')), parseValue(a.slice(a.indexOf('=') + 1))]),
  );
}

async function mainCall(client: MainChainClient, method: string, args: string[]): Promise<unknown> {
  let params: Record<string, unknown> | unknown[] | undefined = namedParams(args);
  if (!params && args.length) {
    const names = MAIN_METHOD_PARAMS[method];
    if (names && names.length >= args.length) {
      params = Object.fromEntries(args.map((a, i) => [names[i] as string, parseValue(a)]));
    } else {
      params = args.map(parseValue);
    }
  }
  const alias = MAIN_METHOD_ALIASES[method];
  if (!alias) return client.call(method, params);
  try {
    return await client.call(alias, params);
  } catch (err) {
    if (!isMethodNotFound(err)) throw err;
    return client.call(method, params);
  }
}

/**
 * `listunspent [ADDRESS…] [utxotype=…]`. The spec lists it without arguments, but ELA needs the
 * addresses ("need addresses in an array!"): without any, the main chain wallet's are used.
 */
async function listUnspent(
  ctx: CliContext,
  state: StackState,
  client: MainChainClient,
  args: string[],
): Promise<unknown> {
  const addresses: string[] = [];
  let utxotype: UtxoType | undefined;
  for (const arg of args) {
    const eq = arg.indexOf('=');
    const key = eq > 0 ? arg.slice(0, eq) : undefined;
    const value = arg.slice(eq + 1);
    if (key === 'utxotype') {
      if (!UTXO_TYPES.includes(value as UtxoType))
        throw new UsageError(`listunspent: utxotype must be ${UTXO_TYPES.join(', ')}, got "${value}"`);
      utxotype = value as UtxoType;
    } else if (key === 'addresses') {
      addresses.push(...value.split(',').filter(Boolean));
    } else if (key !== undefined) {
      throw new UsageError(`listunspent takes addresses and utxotype=mixed|vote|normal, not ${key}=`);
    } else {
      addresses.push(...arg.split(',').filter(Boolean));
    }
  }
  if (!addresses.length) {
    const wallet = state.layout.mainKeystore;
    const own = await readMainWalletAddresses(wallet);
    if (!own) {
      throw new UsageError(
        `listunspent needs addresses (the main chain answers "need addresses in an array!" without them): ` +
          `cella-stack main jsonrpc listunspent <address>… [utxotype=mixed|vote|normal]; ` +
          `without any it lists the main chain wallet's, but ${state.layout.display(wallet)} does not exist yet`,
      );
    }
    ctx.io.err(
      `listunspent: the main chain wallet's addresses (${state.layout.display(wallet)}): ${own.join(', ')}`,
    );
    addresses.push(...own);
  }
  return client.listUnspent(addresses, utxotype);
}

export async function runJsonRpc(ctx: CliContext, component: ComponentId, args: string[]): Promise<number> {
  const [method, ...rest] = args;
  if (!method) throw new UsageError(`usage: cella-stack ${component} jsonrpc <method> [args…]`);
  if (isOracle(component)) throw new UsageError(`${component}: oracles have no JSON-RPC interface`);
  const state = await ctx.load();
  let result: unknown;
  if (component === 'main') {
    const config = state.mainConfig.value;
    if (!config) {
      throw new UsageError(
        `main chain: ${state.layout.display(state.mainConfig.path)} ${state.mainConfig.exists ? `is invalid: ${state.mainConfig.error}` : 'not found (run cella-stack init main)'}`,
      );
    }
    const rpc = config.Configuration.RpcConfiguration;
    const client = new MainChainClient({
      url: ctx.endpoints.main ?? `http://127.0.0.1:${mainChainPorts(state).jsonRpc}`,
      user: rpc?.User,
      pass: rpc?.Pass,
      timeoutMs: ctx.timeoutMs,
    });
    result =
      method === 'listunspent'
        ? await listUnspent(ctx, state, client, rest)
        : await mainCall(client, method, rest);
  } else if (component === 'arbiter') {
    const config = state.arbiterConfig.value;
    if (!config) {
      throw new UsageError(
        `arbiter: ${state.layout.display(state.arbiterConfig.path)} ${state.arbiterConfig.exists ? `is invalid: ${state.arbiterConfig.error}` : 'not found (run cella-stack init arbiter)'}`,
      );
    }
    const rpc = config.Configuration.RpcConfiguration;
    const client = new ArbiterClient({
      url: ctx.endpoints.arbiter ?? `http://127.0.0.1:${arbiterPorts(state).jsonRpc}`,
      user: rpc.User,
      pass: rpc.Pass,
      timeoutMs: ctx.timeoutMs,
    });
    const named = namedParams(rest);
    if (rest.length && !named) throw new UsageError('the arbiter takes named parameters only: key=value …');
    result = named ? await client.call(method, named) : await client.callNoParams(method);
  } else {
    const ports = sidechainPorts(state, component);
    if (!ports) throw new UsageError('this stack has no third sidechain');
    const side = sidechainNetwork(component, state.chainType ?? 'mainnet', state.third);
    const client = new EvmRpcClient({
      url: ctx.endpoints[component] ?? `http://127.0.0.1:${ports.rpc}`,
      service: `${side.name} RPC`,
      chainId: side.chainId ?? 0,
      timeoutMs: ctx.timeoutMs,
    });
    let params = rest.map(parseValue);
    // Sugar for the identity chain: `id jsonrpc did_resolveDID did:elastos:i…`.
    if (method === 'did_resolveDID' && rest.length === 1 && typeof params[0] === 'string') {
      params = [{ did: params[0], all: false }];
    }
    try {
      result = await client.call(method, params);
    } finally {
      client.destroy();
    }
  }
  // Scalars print bare (a height, a hash), like node.sh's jq -r; everything else as JSON.
  if (
    !ctx.json &&
    (typeof result === 'string' || typeof result === 'number' || typeof result === 'boolean')
  ) {
    ctx.io.out(String(result));
  } else {
    printJson(ctx, result);
  }
  return 0;
}
