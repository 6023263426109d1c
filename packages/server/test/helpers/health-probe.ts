/**
 * The fairness probe of the hang tests: `GET /api/v2/health` asked back to back until a piece of
 * heavy work settles. A test bounds the slowest answer generously (a hang probe, not a timing
 * measure — the benchmarks measure). It asks thousands of times from one address: the node under
 * test runs without the anonymous rate limit (`CELLA_RATE_LIMIT_ANONYMOUS=0`), or it answers 429.
 */
import { expect } from 'vitest';

/** Each health answer's latency (ms) while `work` ran, and what `work` gave. */
export async function probeHealthWhile<T>(
  url: string,
  work: Promise<T>,
): Promise<{ latencies: number[]; result: T }> {
  let running = true;
  const watched = work.finally(() => (running = false));
  watched.catch(() => undefined); // awaited below; a failing probe must not leave it unhandled
  const latencies: number[] = [];
  while (running) {
    const started = performance.now();
    const answer = await fetch(`${url}/api/v2/health`, { signal: AbortSignal.timeout(60_000) });
    expect(answer.status).toBe(200);
    await answer.arrayBuffer();
    latencies.push(performance.now() - started);
  }
  return { latencies, result: await watched };
}
