/** Benchmark helpers: HTTP load from the same process (autocannon) and figure printing. */
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

/**
 * Rounds of health then every measure, back to back: each ratio compares windows seconds apart, so
 * the machine's load drifting between measures moves it less. Returns each round's req/s.
 */
export async function rounds<Name extends string>(
  healthUrl: string,
  measures: Record<Name, Measure>,
  count: number,
  seconds: number,
): Promise<Array<Record<Name | 'health', number>>> {
  const out: Array<Record<Name | 'health', number>> = [];
  for (let round = 0; round < count; round++) {
    const health = await load({ url: healthUrl, durationSeconds: seconds });
    const rates = { health: health.requestsPerSecond } as Record<Name | 'health', number>;
    for (const name of Object.keys(measures) as Name[]) {
      const r = await load({ ...measures[name], durationSeconds: seconds });
      if (r.errors + r.non2xx > 0) console.log(`WARNING: ${name}: ${r.errors} errors, ${r.non2xx} non-2xx`);
      rates[name] = r.requestsPerSecond;
    }
    out.push(rates);
  }
  return out;
}

export const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

/** The median over rounds of a measure's rate divided by the health rate of the same round. */
export function ratio<Name extends string>(all: Array<Record<Name | 'health', number>>, name: Name): number {
  return median(all.map((r) => r[name] / r.health));
}
