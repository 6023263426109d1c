/** Reads Prometheus' text format (what `/metrics` answers) and docs/operations.md's metric table. */
import { readFileSync } from 'node:fs';

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Scrape {
  /** Family name → type, from the `# TYPE` lines. */
  types: Map<string, string>;
  samples: Sample[];
  /** The sum of the samples of `name` whose labels include `labels`. */
  value(name: string, labels?: Record<string, string>): number;
  /** Whether any sample of `name` has these labels. */
  has(name: string, labels?: Record<string, string>): boolean;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

export function parseExposition(text: string): Scrape {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line.startsWith('# TYPE ')) {
      const [, , name, type] = line.split(' ');
      types.set(name!, type!);
      continue;
    }
    if (line === '' || line.startsWith('#')) continue;
    const match = SAMPLE.exec(line);
    if (!match) throw new Error(`not an exposition line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(LABEL)) labels[key!] = value!;
    const raw = match[3]!;
    samples.push({
      name: match[1]!,
      labels,
      value: raw === '+Inf' ? Infinity : raw === '-Inf' ? -Infinity : Number(raw),
    });
  }
  const matching = (name: string, labels: Record<string, string> = {}) =>
    samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  return {
    types,
    samples,
    value: (name, labels) => matching(name, labels).reduce((sum, s) => sum + s.value, 0),
    has: (name, labels) => matching(name, labels).length > 0,
  };
}

export async function scrape(url: string, token?: string): Promise<Scrape> {
  const response = await fetch(`${url}/metrics`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (response.status !== 200) throw new Error(`/metrics answered ${response.status}`);
  return parseExposition(await response.text());
}

export interface DocumentedMetric {
  name: string;
  type: string;
  labels: string[];
}

/** The rows of docs/operations.md's metric tables: | `name` | type | `label`, … (or –) | meaning |. */
export function documentedMetrics(): DocumentedMetric[] {
  const doc = readFileSync(new URL('../../../../docs/operations.md', import.meta.url), 'utf8');
  const rows: DocumentedMetric[] = [];
  for (const line of doc.split('\n')) {
    const match = /^\|\s*`([a-z0-9_:]+)`\s*\|\s*(counter|gauge|histogram|summary)\s*\|([^|]*)\|/.exec(line);
    if (!match) continue;
    rows.push({
      name: match[1]!,
      type: match[2]!,
      labels: [...match[3]!.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]!),
    });
  }
  return rows;
}

/** A family's own samples (a histogram's `_bucket`, `_sum`, `_count`; a counter's name as written). */
export function samplesOf(scrape: Scrape, family: string): Sample[] {
  return scrape.samples.filter(
    (s) =>
      s.name === family ||
      (scrape.types.get(family) === 'histogram' &&
        /_(bucket|sum|count)$/.test(s.name) &&
        s.name.replace(/_(bucket|sum|count)$/, '') === family),
  );
}
