/** The bounds of requests made on a user's behalf (outbound-agent.ts), without loading undici. */
export interface OutboundLimits {
  /** Milliseconds to open a connection (TCP and TLS). Default 10 s. */
  connectTimeoutMs: number;
  /** Certificate authorities (PEM) trusted beside Node's public roots; none by default. */
  extraCa?: string;
  /** Milliseconds from the end of the request to the answer's headers. Default 5 min. */
  headersTimeoutMs: number;
  /** Milliseconds the answer's body may stay silent. Default 2 min. */
  bodyTimeoutMs: number;
}

export const DEFAULT_OUTBOUND_LIMITS: Readonly<OutboundLimits> = Object.freeze({
  connectTimeoutMs: 10_000,
  headersTimeoutMs: 300_000,
  bodyTimeoutMs: 120_000,
});
