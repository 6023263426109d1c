/** Benchmark helpers: HTTP load from the same process (autocannon) and figure printing. */
import autocannon from 'autocannon';

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  headers?: Record<string, string>;
  body?: string;
  connections?: number;
  durationSeconds?: number;
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
