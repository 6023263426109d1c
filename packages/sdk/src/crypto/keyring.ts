/**
 * One connection's keys, derived once and kept in memory only: the signer's secret (one signature
 * pair per connection, whatever the number of collections and files), the application's secret,
 * each collection generation's keys, the files key, and the official format's cipher key.
 */
import type { Signer } from '@cella/did';
import { CellaCryptoError } from '@cella/sdk';
import { collectionKeys, type CollectionKeys } from './cella-documents.js';
import { appSecret, collectionSecret, filesKey, hiveCipherKey, signerSecret } from './key-material.js';

export interface KeyringSettings {
  /** The signed-in DID's signer (the key material). */
  signer: Signer | undefined;
  /** The application the keys are for (the app DID in the official scheme). */
  appId: string;
}

export class Keyring {
  private app: Promise<Uint8Array> | undefined;
  private hive: Promise<Uint8Array> | undefined;
  private readonly collections = new Map<string, Promise<CollectionKeys>>();

  constructor(private readonly settings: KeyringSettings) {}

  get signer(): Signer {
    const { signer } = this.settings;
    if (!signer)
      throw new CellaCryptoError(
        'NO_KEY_MATERIAL',
        'encryption needs the signer this vault was connected with',
      );
    return signer;
  }

  get appId(): string {
    return this.settings.appId;
  }

  appSecret(): Promise<Uint8Array> {
    return (this.app ??= signerSecret(this.signer).then((prk) => appSecret(prk, this.appId)));
  }

  async filesKey(): Promise<Uint8Array> {
    return filesKey(await this.appSecret());
  }

  async collectionSecret(name: string, generation: number): Promise<Uint8Array> {
    return collectionSecret(await this.appSecret(), name, generation);
  }

  collectionKeys(name: string, generation: number): Promise<CollectionKeys> {
    const key = `${generation}\0${name}`;
    let keys = this.collections.get(key);
    if (!keys) {
      keys = this.collectionSecret(name, generation).then((secret) => collectionKeys(secret, generation));
      this.collections.set(key, keys);
    }
    return keys;
  }

  hiveKey(): Promise<Uint8Array> {
    return (this.hive ??= hiveCipherKey(this.signer, this.appId));
  }
}
