/**
 * The rate-limit buckets a node's endpoints name (MODE_RATE_LIMITS and the entries' own), built
 * from the configuration. The general budgets (per user, per address without a token, sign-in,
 * per calling node) are token buckets in the process's memory, or counters in the store that all
 * processes share (`rateLimitStore`); the anonymous script runs are always counted in the store,
 * exactly (one claim per run), as they need a store anyway.
 */
import type { Database } from '@cella/document-store';
import type { Config } from '../config.js';
import type { RateLimiter } from '../context.js';
import type { Logger } from '../logger.js';
import { SharedWindows } from './shared-windows.js';
import { TokenBuckets } from './token-buckets.js';

/** Whether the general budgets are shared through the store. */
export function sharedRateLimits(config: Pick<Config, 'rateLimitStore' | 'mongodbUri'>): boolean {
  return config.rateLimitStore === 'store' || (config.rateLimitStore === 'auto' && !!config.mongodbUri);
}

export function rateLimitBuckets(
  config: Config,
  nodeDb: Database,
  log: Logger,
  /** The anonymous script runs' clock (tests move it); the general budgets use real time. */
  clock: () => number,
): Record<string, RateLimiter> {
  const shared = sharedRateLimits(config);
  const general = (bucket: string, perMinute: number, what: string): RateLimiter =>
    shared
      ? new SharedWindows(nodeDb, { bucket, perMinute, what, log })
      : new TokenBuckets({ perMinute, what });
  return {
    user: general('user', config.rateLimitUserPerMinute, 'requests of this user'),
    anonymous: general(
      'anonymous',
      config.rateLimitAnonymousPerMinute,
      'requests without a token from this address',
    ),
    node: general('node', config.rateLimitNodePerMinute, 'requests of this node'),
    'sign-in': general('sign-in', config.rateLimitSignInPerMinute, 'sign-in requests from this address'),
    'anonymous-script-runs': new SharedWindows(nodeDb, {
      bucket: 'anonymous-script-runs',
      perMinute: config.anonymousRunsPerMinute,
      what: 'anonymous script runs from this address',
      chunk: 1,
      clock,
      log,
    }),
  };
}
