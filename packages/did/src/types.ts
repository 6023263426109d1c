/**
 * Elastos DID data model, in normalized form (what gets signed). Field order in these
 * interfaces is the order the serializers write, which is the Elastos SDK's fixed order.
 */

/** The only key / proof type Elastos uses. */
export const ELASTOS_KEY_TYPE = 'ECDSAsecp256r1';
export const DEFAULT_PRESENTATION_TYPE = 'VerifiablePresentation';
export const DEFAULT_CREDENTIAL_TYPE = 'VerifiableCredential';

export interface PublicKeyEntry {
  /** Full DID URL, e.g. `did:elastos:i…#primary`. */
  id: string;
  type: string;
  controller: string;
  /** 33-byte compressed P-256 point, base58. */
  publicKeyBase58: string;
}

export interface ServiceEntry {
  id: string;
  type: string;
  serviceEndpoint: string;
  /** Extra properties are kept (sorted by key) and signed. */
  [property: string]: unknown;
}

export interface DocumentProof {
  type: string;
  created?: string;
  /** Full DID URL of the signing key (the document's default key). */
  creator: string;
  /** base64url raw r‖s. */
  signatureValue: string;
}

export interface DIDDocument {
  '@context'?: string[];
  id: string;
  publicKey?: PublicKeyEntry[];
  /** Full key ids, sorted. */
  authentication?: string[];
  /** Keys of other DIDs allowed to deactivate this DID. */
  authorization?: string[];
  verifiableCredential?: VerifiableCredential[];
  service?: ServiceEntry[];
  /** `YYYY-MM-DDTHH:MM:SSZ`. Absent only for synthesised did:key documents. */
  expires?: string;
  /** Absent only for synthesised did:key documents. */
  proof?: DocumentProof;
}

export interface CredentialSubject {
  id: string;
  [property: string]: unknown;
}

export interface CredentialProof {
  type: string;
  created?: string;
  verificationMethod: string;
  signature: string;
}

export interface VerifiableCredential {
  '@context'?: string[];
  id: string;
  /** Sorted. */
  type: string[];
  issuer: string;
  issuanceDate: string;
  expirationDate?: string;
  credentialSubject: CredentialSubject;
  proof: CredentialProof;
}

export interface PresentationProof {
  type: string;
  created?: string;
  verificationMethod: string;
  realm: string;
  nonce: string;
  signature: string;
}

export interface VerifiablePresentation {
  '@context'?: string[];
  id?: string;
  /** A string when there is one type, else a sorted array (as the SDK writes it). */
  type: string | string[];
  holder?: string;
  created?: string;
  verifiableCredential: VerifiableCredential[];
  proof: PresentationProof;
}
