/**
 * Resolver over the Elastos identity chain's JSON-RPC (`did_resolveDID`), checking what the
 * official SDK checks: envelope version and id, status, transaction order, operation kinds, the
 * request signatures and genuineness of the published document, and for a deactivated DID the
 * deactivate transaction's signature against the last document.
 */
import { normalizeDidDate } from '../dates.js';
import { parseDid } from '../did-url.js';
import { bytesToHex, randomBytes } from '../encoding.js';
import { DidError, describe } from '../errors.js';
import { describeIssue } from '../shape.js';
import type { DIDDocument } from '../types.js';
import { verifyIdChainRequest } from './id-chain-request.js';
import type { DidBiography, DidTransaction } from './rpc-schemas.js';
import { didBiographySchema, jsonRpcResponseSchema } from './rpc-schemas.js';
import type { DidResolver, ResolveResult } from './types.js';

export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body: string; signal: AbortSignal },
) => Promise<{
  ok: boolean;
  status: number;
  text(): Promise<string>;
}>;

export interface EidRpcResolverOptions {
  /** Resolver endpoint(s), e.g. `https://api.elastos.io/eid`. Several are tried in order when one is unreachable. */
  url: string | readonly string[];
  /** Injected fetch (defaults to globalThis.fetch). */
  fetch?: FetchLike;
  /** Per-request timeout. Default 10 s. */
  timeoutMs?: number;
}

export class EidRpcResolver implements DidResolver {
  readonly #urls: readonly string[];
  readonly #fetch: FetchLike;
  readonly #timeoutMs: number;

  constructor(options: EidRpcResolverOptions) {
    const urls = typeof options?.url === 'string' ? [options.url] : [...(options?.url ?? [])];
    if (urls.length === 0) throw new DidError('MALFORMED', 'EidRpcResolver needs at least one url');
    for (const u of urls) {
      try {
        new URL(u);
      } catch (err) {
        throw new DidError('MALFORMED', `invalid resolver url: ${String(u)}`, { cause: err });
      }
    }
    this.#urls = urls;
    const f = options.fetch ?? globalThis.fetch;
    if (!f) throw new DidError('MALFORMED', 'no fetch implementation available');
    this.#fetch = f;
    this.#timeoutMs = options.timeoutMs ?? 10_000;
  }

  async resolve(did: string): Promise<ResolveResult> {
    const parsed = parseDid(did);
    // The identity chain only knows did:elastos; other methods are someone else's job in a chain.
    if (parsed.method !== 'elastos') return { status: 'not_found' };
    const biography = await this.resolveBiography(parsed.did);
    return interpretBiography(parsed.did, biography);
  }

  /** The validated raw `did_resolveDID` result (`all: true` returns the whole history, newest first). */
  async resolveBiography(did: string, options: { all?: boolean } = {}): Promise<DidBiography> {
    const params: { did: string; all?: boolean } = { did: parseDid(did).did };
    if (options.all) params.all = true;
    const result = await this.call('did_resolveDID', params);
    if (result !== null && typeof result === 'object' && (result as { status?: unknown }).status === 1) {
      throw new DidError(
        'BAD_RESOLVER_REPLY',
        'resolver answered status 1 (expired), which the Elastos SDK rejects',
      );
    }
    const parsed = didBiographySchema.safeParse(result);
    if (!parsed.success) {
      throw new DidError('BAD_RESOLVER_REPLY', `bad did_resolveDID result: ${describeIssue(parsed.error)}`, {
        cause: parsed.error,
      });
    }
    return parsed.data;
  }

  /** One JSON-RPC call with failover across the configured endpoints. */
  async call(method: string, params: Record<string, unknown>): Promise<unknown> {
    let lastError: unknown;
    for (const url of this.#urls) {
      try {
        return await this.#callOne(url, method, params);
      } catch (err) {
        if (err instanceof DidError && err.code === 'RESOLVER_UNAVAILABLE') {
          lastError = err;
          continue;
        }
        throw err;
      }
    }
    throw lastError instanceof DidError
      ? lastError
      : new DidError('RESOLVER_UNAVAILABLE', 'no resolver endpoint answered');
  }

  async #callOne(url: string, method: string, params: Record<string, unknown>): Promise<unknown> {
    // Messages name the endpoint by its origin: providers put API keys in the path or query.
    const where = new URL(url).origin;
    const id = bytesToHex(randomBytes(16));
    // Exactly what the official SDK sends: no "jsonrpc" member in the request.
    const body = JSON.stringify({ id, method, params: [params] });
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.#timeoutMs);
    let text: string;
    try {
      const res = await this.#fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body,
        signal: controller.signal,
      });
      if (!res.ok)
        throw new DidError('RESOLVER_UNAVAILABLE', `resolver ${where} answered HTTP ${res.status}`);
      text = await res.text();
    } catch (err) {
      if (err instanceof DidError) throw err;
      const what = controller.signal.aborted ? `timed out after ${this.#timeoutMs} ms` : describe(err);
      throw new DidError('RESOLVER_UNAVAILABLE', `resolver ${where} unreachable: ${what}`, { cause: err });
    } finally {
      clearTimeout(timer);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (err) {
      throw new DidError('BAD_RESOLVER_REPLY', `resolver ${where} did not answer JSON`, { cause: err });
    }
    const envelope = jsonRpcResponseSchema.safeParse(json);
    if (!envelope.success) {
      throw new DidError(
        'BAD_RESOLVER_REPLY',
        `resolver ${where} sent an invalid JSON-RPC response: ${describeIssue(envelope.error)}`,
        {
          cause: envelope.error,
        },
      );
    }
    if (envelope.data.id !== id)
      throw new DidError('BAD_RESOLVER_REPLY', `resolver ${where} answered a different request id`);
    if (envelope.data.error) {
      const { code, message } = envelope.data.error;
      throw new DidError('RESOLVER_UNAVAILABLE', `resolver ${where} error(${code}): ${message ?? ''}`);
    }
    return envelope.data.result;
  }
}

/**
 * Turn a validated biography into a ResolveResult, verifying the transactions the way the
 * official SDK's DIDBackend does.
 */
export async function interpretBiography(did: string, biography: DidBiography): Promise<ResolveResult> {
  if (biography.status === 3) return { status: 'not_found' };
  const txs = biography.transaction;
  let docTx: DidTransaction;
  let document: DIDDocument;
  try {
    if (biography.status === 2) {
      // Deactivated: [deactivate, last document]. The deactivation must be signed by a key of that document.
      const [deactivateTx, lastTx] = txs as [DidTransaction, DidTransaction];
      if (deactivateTx.operation.header.operation !== 'deactivate')
        throw new Error('status 2 without a deactivate transaction first');
      docTx = lastTx;
      document = await verifiedDocumentOf(docTx);
      const deactivation = await verifyIdChainRequest(deactivateTx.operation, document);
      if (deactivation.did !== did) throw new Error(`deactivate transaction is for ${deactivation.did}`);
    } else {
      docTx = txs[0]!;
      document = await verifiedDocumentOf(docTx);
    }
  } catch (err) {
    throw new DidError('BAD_RESOLVER_REPLY', `invalid identity chain data for ${did}: ${describe(err)}`, {
      cause: err,
    });
  }
  if (document.id !== did)
    throw new DidError('BAD_RESOLVER_REPLY', `resolver returned the document of ${document.id} for ${did}`);
  let published: string | undefined;
  try {
    published = normalizeDidDate(docTx.timestamp, 'timestamp');
  } catch {
    published = undefined;
  }
  return {
    status: biography.status === 2 ? 'deactivated' : 'valid',
    document,
    metadata: { txid: docTx.txid, ...(published ? { published } : {}), source: 'eid' },
  };
}

async function verifiedDocumentOf(tx: DidTransaction): Promise<DIDDocument> {
  const op = tx.operation.header.operation;
  if (op !== 'create' && op !== 'update' && op !== 'transfer')
    throw new Error(`unexpected ${op} transaction`);
  const verified = await verifyIdChainRequest(tx.operation);
  return verified.document!;
}
