/**
 * IDChainRequests: the signed operations that publish, update or deactivate a DID on the
 * identity chain. The proof signs SHA-256(specification ‖ operation ‖ previousTxid (update
 * only) ‖ ticket (transfer only) ‖ payload) with an authentication key of the document
 * (or, for deactivate, an authentication or authorization key of the current document).
 */
import { canonicalJson } from '../canonical.js';
import { parseDid, parseDidUrl, qualifyDidUrl, truncate } from '../did-url.js';
import {
  decodeSignature,
  findKey,
  isAuthenticationKey,
  isAuthorizationKey,
  normalizeDocument,
  publicKeyBytes,
  verifyDocument,
} from '../document.js';
import { base64urlToBytes, bytesToBase64url, concatBytes, utf8Decode, utf8Encode } from '../encoding.js';
import { DidError, describe, malformed } from '../errors.js';
import { parseShape } from '../shape.js';
import type { Signer } from '../signer.js';
import { assertSigner, signWith } from '../signer.js';
import type { DIDDocument } from '../types.js';
import { ELASTOS_KEY_TYPE } from '../types.js';
import { verifySignature } from '../verify.js';
import type { IdChainRequest } from './rpc-schemas.js';
import { DID_SPECIFICATION, idChainRequestSchema } from './rpc-schemas.js';

export type DidOperation = 'create' | 'update' | 'deactivate';

function signingInput(request: Pick<IdChainRequest, 'header' | 'payload'>): Uint8Array {
  const { header } = request;
  return concatBytes(
    utf8Encode(header.specification),
    utf8Encode(header.operation),
    utf8Encode(header.operation === 'update' ? (header.previousTxid ?? '') : ''),
    utf8Encode(header.operation === 'transfer' ? (header.ticket ?? '') : ''),
    utf8Encode(request.payload),
  );
}

export type CreateIdChainRequestOptions =
  | { operation: 'create'; document: DIDDocument }
  | { operation: 'update'; document: DIDDocument; previousTxid: string }
  | { operation: 'deactivate'; did?: string };

/**
 * Build and sign an IDChainRequest. For create/update the signer must hold an authentication
 * key of the document; `previousTxid` (update) is the txid of the DID's latest transaction
 * (ResolveResult.metadata.txid). Deactivation is signed by the DID's own key.
 */
export async function createIdChainRequest(
  signer: Signer,
  options: CreateIdChainRequestOptions,
): Promise<IdChainRequest> {
  assertSigner(signer);
  if (options === null || typeof options !== 'object') throw malformed('IDChainRequest options are required');
  const header: IdChainRequest['header'] = { specification: DID_SPECIFICATION, operation: options.operation };
  let payload: string;
  let did: string;
  if (options.operation === 'create' || options.operation === 'update') {
    const doc = await verifyDocument(options.document, { allowExpired: true });
    did = doc.id;
    if (!isAuthenticationKey(doc, signer.keyId))
      throw new DidError('INVALID_KEY', `${truncate(signer.keyId)} is not an authentication key of ${did}`);
    if (options.operation === 'update') {
      if (typeof options.previousTxid !== 'string' || options.previousTxid.length === 0)
        throw malformed('update needs previousTxid');
      header.previousTxid = options.previousTxid;
    }
    payload = bytesToBase64url(utf8Encode(canonicalJson(doc)));
  } else if (options.operation === 'deactivate') {
    did = parseDid(options.did ?? signer.did).did;
    if (did !== parseDid(signer.did).did) {
      throw new DidError(
        'UNSUPPORTED',
        'deactivating another DID through an authorization key is not supported',
      );
    }
    payload = did;
  } else {
    throw new DidError(
      'UNSUPPORTED',
      `unsupported DID operation: ${String((options as { operation: unknown }).operation)}`,
    );
  }
  const unsigned = { header, payload };
  const signature = await signWith(signer, signingInput(unsigned));
  return {
    header,
    payload,
    proof: {
      type: ELASTOS_KEY_TYPE,
      verificationMethod: qualifyDidUrl(signer.keyId, did),
      signature: bytesToBase64url(signature),
    },
  };
}

export interface VerifiedIdChainRequest {
  operation: 'create' | 'update' | 'transfer' | 'deactivate';
  did: string;
  /** The published document (create / update / transfer). */
  document?: DIDDocument;
  previousTxid?: string;
  request: IdChainRequest;
}

/** Decode the payload of a create/update/transfer request into a normalized document (no proof check). */
export function decodeRequestDocument(payload: string): DIDDocument {
  let json: unknown;
  try {
    json = JSON.parse(utf8Decode(base64urlToBytes(payload)));
  } catch (err) {
    throw malformed(`IDChainRequest payload is not base64url JSON: ${describe(err)}`, err);
  }
  return normalizeDocument(json);
}

/**
 * Check an IDChainRequest: header, payload, and the proof signature. For deactivate, pass the
 * DID's current document (`signerDocument`): the key must be one of its authentication or
 * authorization keys. Transfers (customized DIDs only) are rejected as UNSUPPORTED.
 */
export async function verifyIdChainRequest(
  input: unknown,
  signerDocument?: DIDDocument,
): Promise<VerifiedIdChainRequest> {
  const request: IdChainRequest = parseShape(idChainRequestSchema, input, 'IDChainRequest');
  const { header, proof } = request;
  if (header.specification !== DID_SPECIFICATION)
    throw malformed(`unsupported specification: ${truncate(header.specification)}`);
  const operation = header.operation;
  if (operation === 'transfer')
    throw new DidError('UNSUPPORTED', 'transfer operations (customized DIDs) are not supported');
  if (operation !== 'create' && operation !== 'update' && operation !== 'deactivate') {
    throw malformed(`unknown DID operation: ${truncate(operation)}`);
  }
  if (operation === 'update' && !header.previousTxid) throw malformed('update request without previousTxid');
  if ((proof.type ?? ELASTOS_KEY_TYPE) !== ELASTOS_KEY_TYPE)
    throw new DidError('UNSUPPORTED', `unsupported proof type: ${truncate(proof.type ?? '')}`);

  let did: string;
  let document: DIDDocument | undefined;
  let keyDoc: DIDDocument;
  if (operation === 'deactivate') {
    did = parseDid(request.payload).did;
    if (!signerDocument) throw malformed('verifying a deactivate request needs the current document');
    if (signerDocument.id !== did)
      throw malformed(`deactivate request for ${did} checked against the document of ${signerDocument.id}`);
    keyDoc = signerDocument;
  } else {
    document = decodeRequestDocument(request.payload);
    try {
      document = await verifyDocument(document, { allowExpired: true });
    } catch (err) {
      throw new DidError('BAD_SIGNATURE', `published document is not genuine: ${describe(err)}`, {
        cause: err,
      });
    }
    did = document.id;
    keyDoc = document;
  }
  const keyId = qualifyDidUrl(proof.verificationMethod, did);
  if (parseDidUrl(keyId).did !== did && !isAuthorizationKey(keyDoc, keyId)) {
    throw new DidError('INVALID_KEY', `request key ${truncate(keyId)} does not belong to ${did}`);
  }
  const allowed =
    isAuthenticationKey(keyDoc, keyId) || (operation === 'deactivate' && isAuthorizationKey(keyDoc, keyId));
  const key = findKey(keyDoc, keyId);
  if (!allowed || !key)
    throw new DidError('INVALID_KEY', `request key ${truncate(keyId)} may not sign a ${operation} of ${did}`);
  const ok = await verifySignature(
    publicKeyBytes(key),
    signingInput(request),
    decodeSignature(proof.signature),
  );
  if (!ok) throw new DidError('BAD_SIGNATURE', `${operation} request for ${did} does not verify`);
  return {
    operation,
    did,
    ...(document ? { document } : {}),
    ...(header.previousTxid !== undefined ? { previousTxid: header.previousTxid } : {}),
    request,
  };
}
