/**
 * In-memory DID ledger of the identity-chain stand-in: accepts signed IDChainRequests with the
 * chain's rules (create only once, update must name the latest txid, nothing after
 * deactivation) and answers `did_resolveDID` results in the chain's exact shape.
 */
import { randomBytes } from 'node:crypto';
import { formatDidDate } from '../dates.js';
import { parseDid } from '../did-url.js';
import { DidError } from '../errors.js';
import { verifyIdChainRequest } from '../resolver/id-chain-request.js';
import type { DidBiography, DidTransaction, IdChainRequest } from '../resolver/rpc-schemas.js';
import type { DIDDocument } from '../types.js';

interface Entry {
  /** Oldest first. */
  transactions: DidTransaction[];
  document: DIDDocument;
  deactivated: boolean;
}

export class DidLedger {
  readonly #entries = new Map<string, Entry>();
  #height = 0;

  get blockHeight(): number {
    return this.#height;
  }

  reset(): void {
    this.#entries.clear();
  }

  /** Validate and record a request; returns the new txid. Throws DidError when the chain would refuse it. */
  async publish(request: unknown): Promise<{ txid: string; did: string }> {
    const payloadDid = peekDid(request);
    const current = payloadDid ? this.#entries.get(payloadDid) : undefined;
    const verified = await verifyIdChainRequest(request, current?.document);
    const entry = this.#entries.get(verified.did);
    if (entry?.deactivated) throw new DidError('DEACTIVATED', `${verified.did} is deactivated`);
    switch (verified.operation) {
      case 'create':
        if (entry) throw new DidError('MALFORMED', `${verified.did} already exists; publish an update`);
        break;
      case 'update': {
        if (!entry) throw new DidError('NOT_FOUND', `${verified.did} does not exist; publish a create`);
        const latest = entry.transactions[entry.transactions.length - 1]!;
        if (verified.previousTxid !== latest.txid) {
          throw new DidError(
            'MALFORMED',
            `update of ${verified.did} must name the latest txid ${latest.txid}`,
          );
        }
        break;
      }
      case 'deactivate':
        if (!entry) throw new DidError('NOT_FOUND', `${verified.did} does not exist`);
        break;
      default:
        throw new DidError('UNSUPPORTED', `unsupported operation ${verified.operation}`);
    }
    const tx: DidTransaction = {
      txid: randomBytes(32).toString('hex'),
      timestamp: formatDidDate(new Date()),
      operation: verified.request,
    };
    this.#height += 1;
    if (verified.operation === 'deactivate') {
      entry!.transactions.push(tx);
      entry!.deactivated = true;
    } else if (entry) {
      entry.transactions.push(tx);
      entry.document = verified.document!;
    } else {
      this.#entries.set(verified.did, {
        transactions: [tx],
        document: verified.document!,
        deactivated: false,
      });
    }
    return { txid: tx.txid, did: verified.did };
  }

  /** The `did_resolveDID` result: latest transaction, or [deactivate, last document], or the whole history with `all`. */
  resolve(did: string, all = false): DidBiography {
    const entry = this.#entries.get(did);
    if (!entry) return { did, status: 3 };
    const newestFirst = [...entry.transactions].reverse();
    if (entry.deactivated) {
      const transaction = all ? newestFirst : newestFirst.slice(0, 2);
      return { did, status: 2, transaction };
    }
    return { did, status: 0, transaction: all ? newestFirst : newestFirst.slice(0, 1) };
  }
}

/** The DID a request is about, read before verification so a deactivate can be checked against the current document. */
function peekDid(request: unknown): string | undefined {
  const r = request as Partial<IdChainRequest> | null;
  if (!r || typeof r !== 'object' || typeof r.payload !== 'string') return undefined;
  if (r.header?.operation === 'deactivate') {
    try {
      return parseDid(r.payload).did;
    } catch {
      return undefined;
    }
  }
  return undefined;
}
