/**
 * Resolve a DID to a document that is safe to use for verification: found, not deactivated,
 * genuine, not expired, and really the document of the DID that was asked for.
 */
import { parseDid } from './did-url.js';
import { DidError, describe } from './errors.js';
import { verifyDocument } from './document.js';
import type { DidResolver, ResolveResult } from './resolver/types.js';
import type { DIDDocument } from './types.js';

export interface ResolveDocumentOptions {
  now?: Date | number;
}

export async function resolveDocument(
  resolver: DidResolver,
  did: string,
  options: ResolveDocumentOptions = {},
): Promise<DIDDocument> {
  const subject = parseDid(did).did;
  if (resolver === null || typeof resolver !== 'object' || typeof resolver.resolve !== 'function') {
    throw new DidError('MALFORMED', 'resolver must be { resolve(did) }');
  }
  let result: ResolveResult;
  try {
    result = await resolver.resolve(subject);
  } catch (err) {
    if (err instanceof DidError) throw err;
    throw new DidError('RESOLVER_UNAVAILABLE', `resolving ${subject} failed: ${describe(err)}`, {
      cause: err,
    });
  }
  if (result?.status === 'not_found') throw new DidError('NOT_FOUND', `DID not found: ${subject}`);
  if (result?.status === 'deactivated') throw new DidError('DEACTIVATED', `DID is deactivated: ${subject}`);
  if (result?.status !== 'valid' || result.document === undefined) {
    throw new DidError('BAD_RESOLVER_REPLY', `resolver returned no document for ${subject}`);
  }
  let doc: DIDDocument;
  try {
    doc = await verifyDocument(result.document, options.now === undefined ? {} : { now: options.now });
  } catch (err) {
    // An expired document is a verdict on the DID; anything else means the resolver handed us junk.
    if (err instanceof DidError && err.code === 'EXPIRED') throw err;
    throw new DidError(
      'BAD_RESOLVER_REPLY',
      `resolved document of ${subject} is not genuine: ${describe(err)}`,
      { cause: err },
    );
  }
  if (doc.id !== subject)
    throw new DidError('BAD_RESOLVER_REPLY', `resolver returned the document of ${doc.id} for ${subject}`);
  return doc;
}
