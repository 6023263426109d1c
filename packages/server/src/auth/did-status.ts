/**
 * A DID deactivated on the identity chain loses its access within `CELLA_DID_STATUS_TTL`, not when
 * its tokens expire (7 days by default) or its cached document does (a day).
 *
 * - Sign-in resolves with `maxAgeMs` = the TTL (sign-in.ts): a cached document older than that is
 *   fetched again, so a deactivated DID cannot sign in past it.
 * - Every request with a user token notes its DID here (a map lookup, nothing else on the request's
 *   path). In the background the DIDs of these active sessions are re-resolved, each once per TTL,
 *   at most `checksPerSecond` (20) per process: first the DIDs this process has not checked yet
 *   (a token from before a restart, or signed in through another process), then the oldest
 *   checks. Through the node's resolution cache (shared by every process) a check another process
 *   made within the TTL is reused, not repeated.
 * - A DID found deactivated is remembered: its tokens get 401 "… was deactivated on the identity
 *   chain" from then on (deactivation is final on the chain).
 *
 * So the bound is the TTL plus the time the background takes to come round: about a second for a
 * DID first seen by a process, and active DIDs / 20 seconds when more DIDs are active than 20 × the
 * TTL can check. When the chain does not answer, nothing is refused for it: the DID is tried again
 * within 30 s. Without an identity chain (self-certifying DIDs, did:key) nothing can be deactivated
 * and nothing is checked.
 */
import { parseDid, type DidResolver } from '@cella/did';
import type { Closable } from '../closable.js';
import { unauthorized } from '../errors.js';
import type { Logger } from '../logger.js';

export interface DidStatusOptions {
  resolver: DidResolver;
  /** `CELLA_DID_STATUS_TTL` in milliseconds. */
  ttlMs: number;
  /** False without an identity chain: nothing is checked. */
  enabled: boolean;
  log: Logger;
  /** Re-resolutions per second, at most (per process). Default 20. */
  checksPerSecond?: number;
  /** DIDs followed at most (active sessions; deactivated ones remembered). Default 100,000. */
  maxTracked?: number;
  /** Epoch ms (tests). */
  now?: () => number;
}

interface Tracked {
  /** When its status was last known fresh (epoch ms). */
  checkedAt: number;
  /** When a request last carried it. */
  seenAt: number;
}

/** A failed check is tried again this soon, whatever the TTL. */
const RETRY_MS = 30_000;

export class DidStatusWatch implements Closable {
  private readonly ttlMs: number;
  private readonly checksPerSecond: number;
  private readonly maxTracked: number;
  private readonly now: () => number;
  /** Seen by this process, never checked here. */
  private readonly unchecked = new Set<string>();
  /** Checked, in the order of their last check (oldest first). */
  private readonly tracked = new Map<string, Tracked>();
  /** Whose last check failed (the chain did not answer): when to try again. */
  private readonly retrying = new Map<string, number>();
  /** Found deactivated (final on the chain). */
  private readonly deactivated = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | undefined;
  private failing = false;

  constructor(private readonly options: DidStatusOptions) {
    this.ttlMs = options.ttlMs;
    this.checksPerSecond = options.checksPerSecond ?? 20;
    this.maxTracked = options.maxTracked ?? 100_000;
    this.now = options.now ?? Date.now;
  }

  /** Starts the background re-checks (once a second, a round of at most `checksPerSecond`). */
  start(): void {
    if (!this.options.enabled || this.timer) return;
    this.timer = setInterval(() => void this.round(), 1000);
    this.timer.unref();
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.ticking;
  }

  /**
   * On every request with a user token: 401 for a DID found deactivated; otherwise the DID is
   * noted as active, to be re-checked in the background.
   */
  assertActive(did: string): void {
    if (!this.options.enabled) return;
    if (this.deactivated.has(did)) {
      throw unauthorized(
        `the DID ${did} was deactivated on the identity chain: its access tokens are no longer accepted`,
      );
    }
    const tracked = this.tracked.get(did);
    if (tracked) tracked.seenAt = this.now();
    else if (this.isNew(did) && this.size() < this.maxTracked && canBeDeactivated(did))
      this.unchecked.add(did);
  }

  /** A sign-in resolved the DID within the TTL and found it valid. */
  signedIn(did: string): void {
    if (!this.options.enabled || !canBeDeactivated(did)) return;
    const known = !this.isNew(did);
    this.unchecked.delete(did);
    this.retrying.delete(did);
    if (known || this.size() < this.maxTracked) this.record(did, this.now());
  }

  /**
   * One round: DIDs whose failed check is due again, those not checked yet, then those whose last
   * check is older than the TTL — at most `checksPerSecond` resolutions in all.
   */
  round(): Promise<void> {
    this.ticking ??= this.runRound().finally(() => (this.ticking = undefined));
    return this.ticking;
  }

  private async runRound(): Promise<void> {
    let budget = this.checksPerSecond;
    for (const [did, at] of this.retrying) {
      if (at > this.now()) continue;
      if (budget-- <= 0) return;
      this.retrying.delete(did);
      await this.check(did);
    }
    for (const did of this.unchecked) {
      if (budget-- <= 0) return;
      this.unchecked.delete(did);
      await this.check(did);
    }
    const now = this.now();
    for (const [did, tracked] of this.tracked) {
      if (tracked.checkedAt > now - this.ttlMs) return; // the rest were checked later
      if (tracked.seenAt < now - 2 * this.ttlMs) {
        this.tracked.delete(did); // no request carried it for two TTLs: no active session
        continue;
      }
      if (budget-- <= 0) return;
      await this.check(did);
    }
  }

  private async check(did: string): Promise<void> {
    const seenAt = this.tracked.get(did)?.seenAt ?? this.now();
    try {
      const result = await this.options.resolver.resolve(did, { maxAgeMs: this.ttlMs });
      if (result.status === 'deactivated') {
        this.tracked.delete(did);
        this.deactivated.add(did);
        this.options.log.info({ did }, 'a DID was deactivated on the identity chain: its tokens are refused');
        return;
      }
      this.record(did, this.now(), seenAt);
      if (this.failing) {
        this.failing = false;
        this.options.log.info('DID status checks: the identity chain answers again');
      }
    } catch (error) {
      // The chain did not answer: refuse nothing for it, ask again soon. Logged once per outage
      // (every active DID fails alike).
      if (!this.failing) {
        this.failing = true;
        this.options.log.warn(
          { err: error, did },
          'DID status checks: the identity chain does not answer; retrying',
        );
      }
      this.tracked.delete(did);
      this.retrying.set(did, this.now() + Math.min(RETRY_MS, this.ttlMs));
    }
  }

  /** (Re)inserts at the end: the map stays in the order of the checks. */
  private record(did: string, checkedAt: number, seenAt = this.now()): void {
    this.tracked.delete(did);
    this.tracked.set(did, { checkedAt, seenAt });
  }

  private isNew(did: string): boolean {
    return !this.unchecked.has(did) && !this.tracked.has(did) && !this.retrying.has(did);
  }

  private size(): number {
    return this.unchecked.size + this.tracked.size + this.retrying.size + this.deactivated.size;
  }
}

/** Only DIDs published on the identity chain can be deactivated (did:key cannot). */
function canBeDeactivated(did: string): boolean {
  try {
    return parseDid(did).method === 'elastos';
  } catch {
    return false;
  }
}
