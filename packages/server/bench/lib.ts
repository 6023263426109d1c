/** Benchmark helpers: HTTP load from the same process (autocannon) and figure printing. */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  headers?: Record<string, string>;
  body?: string;
  connections?: number;
  durationSeconds?: number;
  /** Rewrites each request before it is sent (e.g. a random cursor): autocannon's setupRequest. */
  setupRequest?: (request: autocannon.Request) => autocannon.Request;
}

export interface LoadResult {
  requestsPerSecond: number;
  /** Requests completed in the run. */
  total: number;
  errors: number;
  non2xx: number;
  p99Ms: number;
}

export async function load(options: LoadOptions): Promise<LoadResult> {
  const result = await autocannon({
    url: options.url,
    method: options.method ?? 'GET',
    headers: options.headers ?? {},
    ...(options.body !== undefined ? { body: options.body } : {}),
    connections: options.connections ?? 10,
    duration: options.durationSeconds ?? Number(process.env.CELLA_BENCH_SECONDS ?? 5),
    ...(options.setupRequest ? { requests: [{ setupRequest: options.setupRequest }] } : {}),
  });
  return {
    requestsPerSecond: result.requests.average,
    total: result.requests.total,
    errors: result.errors,
    non2xx: result.non2xx,
    p99Ms: result.latency.p99,
  };
}

export function printTable(title: string, rows: Array<Record<string, string | number>>): void {
  console.log(`\n## ${title}\n`);
  const keys = Object.keys(rows[0] ?? {});
  console.log(`| ${keys.join(' | ')} |`);
  console.log(`|${keys.map(() => '---').join('|')}|`);
  for (const row of rows) console.log(`| ${keys.map((k) => String(row[k])).join(' | ')} |`);
}

export const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
export const pct = (part: number, whole: number) => `${fmt((100 * part) / whole, 1)}%`;

/** A load measure for `rounds`: what `load` takes, less the duration. */
export type Measure = Omit<LoadOptions, 'durationSeconds'>;

/** One measure in one round: its rate, and the node's CPU per request when its pid was given. */
export interface Sample {
  rps: number;
  /** CPU time (user + system) the node spent per request, in µs; NaN without a pid. */
  cpuUs: number;
  /**
   * The same, of the node's main thread alone (HTTP, auth, the request path): what bounds req/s
   * when the read pool's workers have cores of their own.
   */
  threadUs: number;
}

/**
 * Rounds of health then every measure, back to back: each ratio compares windows seconds apart, so
 * the machine's load drifting between measures moves it less. With the node's pid, each phase also
 * records the node's CPU time per request: its ratio to health's is what the req/s ratio is on a
 * machine where the node has a core to itself, whatever else runs (`ratioByCpu`).
 */
export async function rounds<Name extends string>(
  healthUrl: string,
  measures: Record<Name, Measure>,
  count: number,
  seconds: number,
  pid?: number,
): Promise<Array<Record<Name | 'health', Sample>>> {
  const out: Array<Record<Name | 'health', Sample>> = [];
  const sample = async (options: LoadOptions): Promise<Sample> => {
    const before = pid ? cpuMs(pid) : 0;
    const threadBefore = pid ? cpuMs(pid, true) : 0;
    const r = await load({ ...options, durationSeconds: seconds });
    if (r.errors + r.non2xx > 0)
      console.log(`WARNING: ${options.url}: ${r.errors} errors, ${r.non2xx} non-2xx`);
    const per = (ms: number) => (pid && r.total > 0 ? (ms * 1000) / r.total : Number.NaN);
    const cpuUs = per(pid ? cpuMs(pid) - before : 0);
    const threadUs = per(pid ? cpuMs(pid, true) - threadBefore : 0);
    return { rps: r.requestsPerSecond, cpuUs, threadUs };
  };
  for (let round = 0; round < count; round++) {
    const rates = { health: await sample({ url: healthUrl }) } as Record<Name | 'health', Sample>;
    for (const name of Object.keys(measures) as Name[]) rates[name] = await sample(measures[name]);
    out.push(rates);
  }
  return out;
}

/**
 * CPU time (user + system) a process has used so far, in ms (Linux /proc; clock ticks of 10 ms);
 * `mainThread`: of its main thread alone.
 */
export function cpuMs(pid: number, mainThread = false): number {
  const file = mainThread ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`;
  const fields = readFileSync(file, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

/** The p-th percentile (nearest rank) of `values`. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;
}

/** The median over rounds of a measure's rate divided by the health rate of the same round. */
export function ratio<Name extends string>(all: Array<Record<Name | 'health', Sample>>, name: Name): number {
  return median(all.map((r) => r[name].rps / r.health.rps));
}

/** The median over rounds of health's CPU per request divided by the measure's (see `rounds`). */
export function ratioByCpu<Name extends string>(
  all: Array<Record<Name | 'health', Sample>>,
  name: Name,
): number {
  return median(all.map((r) => r.health.cpuUs / r[name].cpuUs));
}
