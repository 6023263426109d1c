// What every command gets: resolved global options and where to write.
import os from 'node:os';
import path from 'node:path';
import type { ComponentId } from '@cella/chain';
import {
  LayoutKind,
  loadStack,
  parseComponent,
  parseThirdSidechain,
  type StackState,
  type ThirdSidechainChoice,
} from '@cella/chain';

export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  env: NodeJS.ProcessEnv;
  /** Aborted on SIGINT/SIGTERM (long-running commands stop cleanly). */
  signal?: AbortSignal;
}

export interface GlobalOptions {
  home?: string;
  layout?: string;
  third?: string;
  json?: boolean;
  timeout?: string;
  rpc?: string[];
  ws?: string[];
}

export interface CliContext {
  io: CliIo;
  home: string;
  layoutKind?: LayoutKind;
  third?: ThirdSidechainChoice;
  json: boolean;
  timeoutMs?: number;
  /** --rpc component=url */
  endpoints: Partial<Record<ComponentId, string>>;
  /** --ws component=url */
  wsEndpoints: Partial<Record<ComponentId, string>>;
  load(): Promise<StackState>;
}

function endpointMap(values: string[] | undefined, flag: string): Partial<Record<ComponentId, string>> {
  const out: Partial<Record<ComponentId, string>> = {};
  for (const v of values ?? []) {
    const eq = v.indexOf('=');
    if (eq <= 0) throw new UsageError(`${flag} expects component=url, got "${v}"`);
    const url = v.slice(eq + 1);
    try {
      new URL(url);
    } catch {
      throw new UsageError(`${flag} ${v}: "${url}" is not a URL`);
    }
    out[parseComponentOrUsage(v.slice(0, eq))] = url;
  }
  return out;
}

export function parseComponentOrUsage(value: string): ComponentId {
  try {
    return parseComponent(value);
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
}

export function createContext(io: CliIo, g: GlobalOptions): CliContext {
  const home = path.resolve(g.home ?? io.env.CELLA_STACK_HOME ?? os.homedir());
  let layoutKind: LayoutKind | undefined;
  if (g.layout !== undefined) {
    const parsed = LayoutKind.safeParse(g.layout);
    if (!parsed.success) throw new UsageError(`--layout must be spec or node.sh, got "${g.layout}"`);
    layoutKind = parsed.data;
  }
  let third: ThirdSidechainChoice | undefined;
  if (g.third !== undefined) {
    try {
      third = parseThirdSidechain(g.third);
    } catch {
      throw new UsageError(`--third must be PG, ECO, PGP or none, got "${g.third}"`);
    }
  }
  let timeoutMs: number | undefined;
  if (g.timeout !== undefined) {
    timeoutMs = Number(g.timeout);
    if (!Number.isInteger(timeoutMs) || timeoutMs <= 0)
      throw new UsageError(`--timeout must be a positive number of milliseconds`);
  }
  const ctx: CliContext = {
    io,
    home,
    layoutKind,
    third,
    json: g.json ?? false,
    timeoutMs,
    endpoints: endpointMap(g.rpc, '--rpc'),
    wsEndpoints: endpointMap(g.ws, '--ws'),
    load: () => loadStack(home, { layoutKind, third }),
  };
  return ctx;
}

export function printJson(ctx: CliContext, value: unknown): void {
  ctx.io.out(JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v), 2));
}
