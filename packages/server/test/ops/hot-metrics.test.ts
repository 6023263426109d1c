/**
 * The hot-path counter and histogram (src/metrics/hot-metrics.ts) write exactly what prom-client's
 * own Counter and Histogram write for the same observations, label values needing escapes included.
 */
import { Counter, Histogram, Registry } from 'prom-client';
import { expect, test } from 'vitest';
import { HotCounter, HotHistogram } from '../../src/metrics/hot-metrics.js';

const bounds = [0.001, 0.01, 0.1, 1];
const observations: Array<[string, string, number]> = [
  ['insertDocuments', 'POST', 0.0004],
  ['insertDocuments', 'POST', 0.02],
  ['uploadFile', 'PUT', 3],
  ['/api/v2/odd "path"\\with\nescapes', 'GET', 0.001],
  ['insertDocuments', 'POST', 0.1],
];

test('the same exposition text as prom-client', async () => {
  const theirs = new Registry();
  const counter = new Counter({
    name: 'c_total',
    help: 'c',
    labelNames: ['route', 'method'],
    registers: [theirs],
  });
  const histogram = new Histogram({
    name: 'h_seconds',
    help: 'h',
    labelNames: ['route', 'method'],
    buckets: bounds,
    registers: [theirs],
  });
  const ours = new Registry();
  const hotCounter = new HotCounter('c_total', 'c');
  const hotHistogram = new HotHistogram('h_seconds', 'h', bounds);
  ours.registerMetric(hotCounter.asMetric());
  ours.registerMetric(hotHistogram.asMetric());
  for (const [route, method, seconds] of observations) {
    counter.inc({ route, method });
    histogram.observe({ route, method }, seconds);
    hotCounter.inc(`${method} ${route}`, () => ({ route, method }));
    hotHistogram.observe(`${method} ${route}`, () => ({ route, method }), seconds);
  }
  expect(await ours.metrics()).toBe(await theirs.metrics());
  expect(await ours.metrics()).toContain(
    'h_seconds_bucket{le="0.1",route="insertDocuments",method="POST"} 3',
  );
});
