/**
 * The outbound agent (outbound-agent.ts), created on first use: undici (about 85 ms of CPU and
 * 18 MiB at rest) loads with the first request the node makes on a user's behalf — a backup or a
 * restore — rather than with every start.
 */
import type { Dispatcher } from 'undici';
import type { OutboundPolicy } from './address-policy.js';
import { DEFAULT_OUTBOUND_LIMITS, type OutboundLimits } from './limits.js';

/** What the node's services hold: the agent, on demand. */
export interface OutboundClient {
  dispatcher(): Promise<Dispatcher>;
  /**
   * An agent for the node's own listening address only (a backup to this very node): no address
   * policy, since no user chooses where it connects, and no certificate check, since the DID
   * sign-in proves the node it reaches is this one.
   */
  selfDispatcher(): Promise<Dispatcher>;
}

export class LazyOutbound implements OutboundClient {
  private agent: Promise<Dispatcher> | null = null;
  private selfAgent: Promise<Dispatcher> | null = null;

  constructor(
    private readonly policy: OutboundPolicy,
    private readonly limits: OutboundLimits = DEFAULT_OUTBOUND_LIMITS,
  ) {}

  dispatcher(): Promise<Dispatcher> {
    this.agent ??= import('./outbound-agent.js').then((m) => m.createOutboundAgent(this.policy, this.limits));
    return this.agent;
  }

  selfDispatcher(): Promise<Dispatcher> {
    this.selfAgent ??= import('undici').then(
      ({ Agent }) => new Agent({ connect: { rejectUnauthorized: false }, connections: 16 }),
    );
    return this.selfAgent;
  }

  /** Closes the agents made. */
  async close(): Promise<void> {
    if (this.agent) await (await this.agent).close();
    if (this.selfAgent) await (await this.selfAgent).close();
  }
}
