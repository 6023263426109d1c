/** Counts a finished sign-in for the metrics: `ok`, or the code of the error that refused it. */
import type { MetricsHooks } from '../../metrics/node-metrics.js';
import { CellaError } from '../../errors.js';

export async function countSignIn<T>(
  metrics: MetricsHooks,
  kind: 'user' | 'node',
  work: Promise<T>,
): Promise<T> {
  try {
    const result = await work;
    metrics.signIn(kind, 'ok');
    return result;
  } catch (error) {
    metrics.signIn(kind, error instanceof CellaError ? error.code : 'INTERNAL');
    throw error;
  }
}
