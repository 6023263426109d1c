/**
 * A counter and a histogram for the hot paths (every request, every engine operation), kept as
 * plain numbers per label set and put into Prometheus' form only when scraped.
 *
 * prom-client's own Counter and Histogram validate and hash the label set on every `inc` and
 * `observe` (~1 µs each, measured: bench/metrics.ts and a CPU profile of a node under load); here a
 * caller looks its series up by a key it built once, and an observation is a few additions. Both
 * classes answer `get()` in the shape prom-client's registry formats (`{name, help, type, values}`,
 * with `metricName` for a histogram's `_bucket`, `_sum` and `_count` lines), which is how they join
 * its registry; the exposition text is prom-client's.
 */
import type { Metric } from 'prom-client';

type Labels = Record<string, string>;

interface MetricValue {
  labels: Labels;
  value: number;
  metricName?: string;
}

interface MetricSnapshot {
  name: string;
  help: string;
  type: 'counter' | 'histogram';
  values: MetricValue[];
  aggregator: 'sum';
}

abstract class HotMetric {
  constructor(
    readonly name: string,
    readonly help: string,
  ) {}
  abstract get(): Promise<MetricSnapshot>;
  /** How prom-client's registry takes it (it calls `get()` and reads `name`, nothing else). */
  asMetric(): Metric {
    return this as unknown as Metric;
  }
}

export class HotCounter extends HotMetric {
  readonly type = 'counter';
  private readonly series = new Map<string, { labels: Labels; value: number }>();

  /** Adds `by` to the series `key`; `labels` is called once, when the series is first seen. */
  inc(key: string, labels: () => Labels, by = 1): void {
    const found = this.series.get(key);
    if (found) found.value += by;
    else this.series.set(key, { labels: labels(), value: by });
  }

  async get(): Promise<MetricSnapshot> {
    return {
      name: this.name,
      help: this.help,
      type: 'counter',
      values: [...this.series.values()].map(({ labels, value }) => ({ labels, value })),
      aggregator: 'sum',
    };
  }
}

interface HistogramSeries {
  labels: Labels;
  /** Observations per bucket (not cumulative); the last one is +Inf. */
  buckets: number[];
  sum: number;
  count: number;
}

export class HotHistogram extends HotMetric {
  readonly type = 'histogram';
  private readonly series = new Map<string, HistogramSeries>();

  constructor(
    name: string,
    help: string,
    private readonly bounds: readonly number[],
  ) {
    super(name, help);
  }

  observe(key: string, labels: () => Labels, value: number): void {
    let found = this.series.get(key);
    if (!found) {
      found = {
        labels: labels(),
        buckets: new Array<number>(this.bounds.length + 1).fill(0),
        sum: 0,
        count: 0,
      };
      this.series.set(key, found);
    }
    let bucket = 0;
    while (bucket < this.bounds.length && value > this.bounds[bucket]!) bucket++;
    found.buckets[bucket]!++;
    found.sum += value;
    found.count++;
  }

  async get(): Promise<MetricSnapshot> {
    const values: MetricValue[] = [];
    for (const { labels, buckets, sum, count } of this.series.values()) {
      let cumulative = 0;
      buckets.forEach((n, i) => {
        cumulative += n;
        const le = i < this.bounds.length ? String(this.bounds[i]) : '+Inf';
        values.push({ labels: { le, ...labels }, value: cumulative, metricName: `${this.name}_bucket` });
      });
      values.push({ labels, value: sum, metricName: `${this.name}_sum` });
      values.push({ labels, value: count, metricName: `${this.name}_count` });
    }
    return { name: this.name, help: this.help, type: 'histogram', values, aggregator: 'sum' };
  }
}
