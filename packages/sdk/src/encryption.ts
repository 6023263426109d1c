/**
 * The main entry's side of end-to-end encryption: the option types apps pass, the key material of
 * a connection, and the loader of `@cella/sdk/crypto` — imported by the package's own name and only
 * on first use, so an app's bundler puts the crypto in a chunk of its own that loads only if the
 * app encrypts. Nothing here imports the crypto code (the handles are in database-api.ts and
 * files-api.ts).
 */
import type { DIDDocument, Signer } from '@cella/did';

/** The key material of a connection: its signer, and the application the keys are for. */
export interface EncryptionSettings {
  signer: Signer | undefined;
  appId: string;
}

/** A signed-in connection, as the crypto code reaches it (a Vault). */
export interface EncryptionHost {
  readonly did: string;
  readonly encryption: EncryptionSettings;
}

export const loadCrypto = () => import('@cella/sdk/crypto');

export interface CreateEncryptedOptions {
  /** `true`: the Cella scheme; `'hive'`: the official Hive SDK's (for data official-SDK apps share). */
  encrypt: true | 'hive';
  /** Cella scheme: fields the node may filter by equality (it then sees which documents share a value). */
  searchable?: string[];
  /** An existing collection is not an error (its keys and searchable fields stay as they are). */
  ifNotExists?: boolean;
}

export interface EncryptedFindOptions {
  skip?: number;
  limit?: number;
  sort?: Record<string, 1 | -1>;
  projection?: Record<string, 0 | 1>;
}

/** Who to share with: a `did:key` (it names its key), the friend's DID document, or `{ did, publicKey }`. */
export type Recipient = string | DIDDocument | { did: string; publicKey: Uint8Array };

export interface ShareOptions {
  /** The script friends run (default `cella-collection-<name>`, or `cella-file-<hash of the path>`). */
  script?: string;
}

export interface OpenSharedOptions {
  /** The owner's DID. */
  owner: string;
  /** The script the owner named when sharing (what `share` answered). */
  script: string;
}
