/**
 * One error class for everything in @cella/did, with a closed set of codes so callers
 * (the node's auth endpoints, the SDK) can map failures without parsing messages.
 */
export const DID_ERROR_CODES = [
  /** Input is not well formed: bad JSON, bad encoding, missing or mistyped field, bad DID syntax. */
  'MALFORMED',
  /** Well formed but not supported here (customized/multi-controller DIDs, an alg other than ES256, an unknown DID method). */
  'UNSUPPORTED',
  /** A signature does not verify. */
  'BAD_SIGNATURE',
  /** The key is not acceptable for this use: not the default/authentication key, not derived from the DID, unknown key id. */
  'INVALID_KEY',
  /** A document, credential or token is past its expiry. */
  'EXPIRED',
  /** A token is not valid yet (nbf in the future beyond the allowed clock skew). */
  'NOT_YET_VALID',
  /** The DID could not be found by the resolver. */
  'NOT_FOUND',
  /** The DID was deactivated on the identity chain. */
  'DEACTIVATED',
  /** A JWT's `aud` does not match the expected audience. */
  'WRONG_AUDIENCE',
  /** A JWT's `iss` does not match the expected issuer. */
  'WRONG_ISSUER',
  /** A JWT's `sub` does not match the expected subject. */
  'WRONG_SUBJECT',
  /** A presentation's realm does not match the expected realm. */
  'WRONG_REALM',
  /** A presentation's nonce does not match the expected nonce. */
  'WRONG_NONCE',
  /** A credential's subject (or a JWT issuer) is not the presentation holder. */
  'WRONG_HOLDER',
  /** The resolver could not be reached or answered with an error (network, timeout, HTTP or JSON-RPC error). Retryable. */
  'RESOLVER_UNAVAILABLE',
  /** The resolver answered, but the reply is not acceptable (bad shape, bad transaction signature, wrong DID). */
  'BAD_RESOLVER_REPLY',
] as const;

export type DidErrorCode = (typeof DID_ERROR_CODES)[number];

export class DidError extends Error {
  override readonly name = 'DidError';
  readonly code: DidErrorCode;

  constructor(code: DidErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }

  /** True when retrying later may succeed (resolver outages), false for verdicts on the input. */
  get retryable(): boolean {
    return this.code === 'RESOLVER_UNAVAILABLE';
  }
}

export function isDidError(value: unknown, code?: DidErrorCode): value is DidError {
  return value instanceof DidError && (code === undefined || value.code === code);
}

/** Shorthand for the most common failure. */
export function malformed(message: string, cause?: unknown): DidError {
  return new DidError('MALFORMED', message, cause === undefined ? undefined : { cause });
}

/**
 * Run `fn` and turn anything that is not already a DidError into one with `code`.
 * Used at every public entry point so garbage input never escapes as a TypeError.
 */
export function guard<T>(code: DidErrorCode, message: string, fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof DidError) throw err;
    throw new DidError(code, `${message}: ${describe(err)}`, { cause: err });
  }
}

export async function guardAsync<T>(code: DidErrorCode, message: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof DidError) throw err;
    throw new DidError(code, `${message}: ${describe(err)}`, { cause: err });
  }
}

export function describe(err: unknown): string {
  if (err instanceof Error) return err.message;
  return String(err);
}
