/**
 * Resolution without a chain, for DIDs that certify themselves:
 * - did:key: the document follows from the DID;
 * - did:elastos documents the user presented (the node keeps the document posted at sign-in):
 *   accepted when genuine and their id derives from their default key.
 *
 * Neither can be checked for deactivation (did:key has none; a presented did:elastos document
 * may have been deactivated on chain since), so `onWarning` is called once per such DID.
 */
import { KEY_METHOD, didKeyDocument } from '../did-key.js';
import { ELASTOS_METHOD } from '../did-elastos.js';
import { parseDid } from '../did-url.js';
import { verifyDocument } from '../document.js';
import type { DidResolver, ResolveResult } from './types.js';

/** Where presented documents are kept: a Map works, so does the node's DocumentStore adapter. */
export interface PresentedDocuments {
  get(did: string): unknown;
}

export interface SelfCertifyingWarning {
  did: string;
  reason: 'did-key' | 'presented-document';
  message: string;
}

export interface SelfCertifyingResolverOptions {
  documents?: PresentedDocuments;
  onWarning?: (warning: SelfCertifyingWarning) => void;
  /** Bound on the "already warned" set. Default 10 000 DIDs. */
  maxWarnedDids?: number;
}

export class SelfCertifyingResolver implements DidResolver {
  readonly #documents: PresentedDocuments | undefined;
  readonly #onWarning: (warning: SelfCertifyingWarning) => void;
  readonly #warned = new Set<string>();
  readonly #maxWarned: number;

  constructor(options: SelfCertifyingResolverOptions = {}) {
    this.#documents = options.documents;
    this.#onWarning = options.onWarning ?? (() => undefined);
    this.#maxWarned = options.maxWarnedDids ?? 10_000;
  }

  async resolve(did: string): Promise<ResolveResult> {
    const { did: subject, method } = parseDid(did);
    if (method === KEY_METHOD) {
      const document = didKeyDocument(subject);
      this.#warn(
        subject,
        'did-key',
        `${subject} is a did:key: it cannot be deactivated or checked on a chain`,
      );
      return { status: 'valid', document, metadata: { source: 'self-certifying' } };
    }
    if (method !== ELASTOS_METHOD || !this.#documents) return { status: 'not_found' };
    const presented = await this.#documents.get(subject);
    if (presented === undefined || presented === null) return { status: 'not_found' };
    let document;
    try {
      // Genuine and self-derived; expiry is the consumer's check (resolveDocument).
      document = await verifyDocument(presented, { allowExpired: true });
    } catch {
      return { status: 'not_found' };
    }
    if (document.id !== subject) return { status: 'not_found' };
    this.#warn(
      subject,
      'presented-document',
      `${subject} was resolved from the document it presented; its deactivation on the identity chain is not checked`,
    );
    return { status: 'valid', document, metadata: { source: 'self-certifying' } };
  }

  #warn(did: string, reason: SelfCertifyingWarning['reason'], message: string): void {
    if (this.#warned.has(did)) return;
    if (this.#warned.size >= this.#maxWarned) this.#warned.clear();
    this.#warned.add(did);
    try {
      this.#onWarning({ did, reason, message });
    } catch {
      // A failing logger must not fail resolution.
    }
  }
}
