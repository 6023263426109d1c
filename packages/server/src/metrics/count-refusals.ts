/**
 * Counts the refusals of the rate-limit buckets (`AppContext.rateLimits`): the wiring wraps the
 * whole table once, so a bucket added to it is counted under its name without further code.
 * A refusal raised elsewhere (a cap inside a service) is reported with `metrics.rateLimitRefused`.
 */
import type { RateLimiter } from '../context.js';
import { CellaError } from '../errors.js';
import type { MetricsHooks } from './node-metrics.js';

export function countRefusals(
  limiters: Record<string, RateLimiter>,
  metrics: MetricsHooks,
): Record<string, RateLimiter> {
  return Object.fromEntries(
    Object.entries(limiters).map(([bucket, limiter]) => [
      bucket,
      {
        // In-memory buckets refuse at once (a throw), store-backed ones by a rejected promise.
        take: (key: string) => {
          const counted = (error: unknown): never => {
            if (error instanceof CellaError && error.code === 'RATE_LIMITED')
              metrics.rateLimitRefused(bucket);
            throw error;
          };
          try {
            return limiter.take(key)?.catch(counted);
          } catch (error) {
            return counted(error);
          }
        },
      },
    ]),
  );
}
