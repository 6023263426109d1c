/**
 * What the encryption code needs from a signed-in connection: the plain calls it encrypts around,
 * and the key material. A Vault is one (client.ts); the crypto entry is loaded only when an app
 * encrypts, and reaches the connection through this shape alone.
 */
import type { CollectionApi, DatabaseApi, FilesApi, Http, ScriptsApi } from '@cella/sdk';
import { Keyring, type KeyringSettings } from './keyring.js';

export interface CryptoHost {
  readonly http: Http;
  readonly db: DatabaseApi;
  readonly files: FilesApi;
  readonly scripts: ScriptsApi;
  /** The signed-in DID. */
  readonly did: string;
  readonly encryption: KeyringSettings;
}

const keyrings = new WeakMap<object, Keyring>();

export function keyringOf(host: CryptoHost): Keyring {
  let keyring = keyrings.get(host.encryption);
  if (!keyring) {
    keyring = new Keyring(host.encryption);
    keyrings.set(host.encryption, keyring);
  }
  return keyring;
}

type Doc = Record<string, unknown>;

/** A plain find's documents, whatever shape the collection API answers them in (a list or a cursor). */
export async function findAll(collection: CollectionApi, filter: Doc, options: Doc = {}): Promise<Doc[]> {
  const found = (collection.find as (f: Doc, o: Doc) => unknown)(filter, options) as
    Promise<Doc[]> | { toArray(): Promise<Doc[]> };
  return 'toArray' in found ? found.toArray() : found;
}
