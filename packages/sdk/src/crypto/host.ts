/**
 * What the encryption code needs from a signed-in connection: the plain calls it encrypts around,
 * and the key material. A Vault is one (client.ts); the crypto entry is loaded only when an app
 * encrypts, and reaches the connection through this shape alone.
 */
import type { CollectionApi, DatabaseApi, EncryptionHost, FilesApi, Http, ScriptsApi } from '@cella/sdk';
import { Keyring } from './keyring.js';

export interface CryptoHost extends EncryptionHost {
  readonly http: Http;
  readonly db: DatabaseApi;
  readonly files: FilesApi;
  readonly scripts: ScriptsApi;
}

/** The connection the main entry hands over (a Vault), with the calls the crypto code makes. */
export function cryptoHost(host: EncryptionHost): CryptoHost {
  const h = host as Partial<CryptoHost>;
  if (!h.http || !h.db || !h.files || !h.scripts)
    throw new TypeError('encryption needs a Vault (from connect)');
  return host as CryptoHost;
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
