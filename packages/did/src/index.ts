/**
 * @cella/did — P-256 identities in the Elastos formats (did:elastos, plus did:key): keys and
 * signers, DID documents, verifiable credentials and presentations, ES256 JWTs, resolvers.
 * Browser-safe: no node: imports here (the identity-chain stand-in is `@cella/did/stand-in`).
 */
export { DidError, DID_ERROR_CODES, isDidError } from './errors.js';
export type { DidErrorCode } from './errors.js';

export type {
  CredentialProof,
  CredentialSubject,
  DIDDocument,
  DocumentProof,
  PresentationProof,
  PublicKeyEntry,
  ServiceEntry,
  VerifiableCredential,
  VerifiablePresentation,
} from './types.js';
export { ELASTOS_KEY_TYPE } from './types.js';

// keys, encodings, signatures
export {
  generateKeyPair,
  getPublicKey,
  compressPublicKey,
  decompressPublicKey,
  isValidPublicKey,
} from './keys.js';
export type { KeyPair } from './keys.js';
export {
  bytesToHex,
  hexToBytes,
  bytesToBase58,
  base58ToBytes,
  bytesToBase64url,
  base64urlToBytes,
} from './encoding.js';
export { verifySignature } from './verify.js';
export { createKeySigner } from './signer.js';
export type { Signer, KeySignerOptions, DidMethodName } from './signer.js';

// DIDs
export { parseDid, isDid } from './did-url.js';
export type { ParsedDid } from './did-url.js';
export { elastosDidFromPublicKey, isElastosAddress } from './did-elastos.js';
export { didKeyFromPublicKey, publicKeyFromDidKey, didKeyDocument } from './did-key.js';

// documents
export {
  createDocument,
  signDocument,
  normalizeDocument,
  serializeDocument,
  verifyDocument,
  getDefaultKey,
  findKey,
  findService,
  isAuthenticationKey,
} from './document.js';
export type { CreateDocumentOptions, ServiceInput, VerifyDocumentOptions } from './document.js';
export { resolveDocument } from './resolve-document.js';

// credentials and presentations
export { normalizeCredential } from './credential-normalize.js';
export { issueCredential, verifyCredential } from './credential.js';
export type { IssueCredentialOptions, VerifiedCredential, VerifyCredentialOptions } from './credential.js';
export { createPresentation, normalizePresentation, verifyPresentation } from './presentation.js';
export type {
  CreatePresentationOptions,
  VerifiedPresentation,
  VerifyPresentationOptions,
} from './presentation.js';

// JWTs
export { signJwt, verifyJwt, decodeJwt, verifyPresentationJwt } from './jwt.js';
export type {
  DecodedJwt,
  JwtClaims,
  JwtHeader,
  VerifiedJwt,
  VerifiedPresentationJwt,
  VerifyJwtOptions,
  VerifyPresentationJwtOptions,
} from './jwt.js';

// resolution
export type {
  DidResolver,
  ResolveOptions,
  ResolveResult,
  ResolveStatus,
  ResolveMetadata,
} from './resolver/types.js';
export { EidRpcResolver } from './resolver/eid-rpc.js';
export type { EidRpcResolverOptions, FetchLike } from './resolver/eid-rpc.js';
export { CachingResolver } from './resolver/caching.js';
export type { CachingResolverOptions } from './resolver/caching.js';
export { MemoryCacheStore } from './resolver/cache-store.js';
export type { CacheEntry, CacheStore } from './resolver/cache-store.js';
export { SelfCertifyingResolver } from './resolver/self-certifying.js';
export type {
  PresentedDocuments,
  SelfCertifyingResolverOptions,
  SelfCertifyingWarning,
} from './resolver/self-certifying.js';
export { ChainedResolver } from './resolver/chained.js';

// identity chain wire format and publishing
export {
  DID_SPECIFICATION,
  didBiographySchema,
  didTransactionSchema,
  idChainRequestSchema,
  jsonRpcResponseSchema,
  resolveDidRequestSchema,
  resolveDidResponseSchema,
} from './resolver/rpc-schemas.js';
export type {
  DidBiography,
  DidTransaction,
  IdChainRequest,
  ResolveDidRequest,
} from './resolver/rpc-schemas.js';
export { createIdChainRequest, verifyIdChainRequest } from './resolver/id-chain-request.js';
export type { CreateIdChainRequestOptions, VerifiedIdChainRequest } from './resolver/id-chain-request.js';
export { publishIdChainRequest } from './resolver/publish.js';
