/**
 * `vault.subscription`: the vault itself — create it, read its plan, quota and usage, freeze it,
 * unsubscribe it.
 */
import type { components } from './generated/openapi.js';
import type { Http } from './http.js';

export type VaultInfo = components['schemas']['VaultInfo'];

export class SubscriptionApi {
  constructor(private readonly http: Http) {}

  /**
   * Creates the vault with the node's free plan, restores one unsubscribed without `force` (with
   * its data), or returns the existing one.
   */
  subscribe(): Promise<VaultInfo> {
    return this.http.call((headers) => this.http.api.PUT('/api/v2/subscription/vault', { headers }));
  }

  /**
   * Plan, quota, usage (documents + files, in bytes), dates and state. `state` is `read_only`
   * when usage is over the quota (after a plan expired): growing writes fail with 507 until
   * enough is deleted. 404 (`VAULT_NOT_FOUND`) until the vault exists.
   */
  info(): Promise<VaultInfo> {
    return this.http.call((headers) => this.http.api.GET('/api/v2/subscription/vault', { headers }));
  }

  /** Freezes the vault: reads work, every write is refused (403) until `activate()`. */
  freeze(): Promise<VaultInfo> {
    return this.setState('deactivation');
  }

  activate(): Promise<VaultInfo> {
    return this.setState('activation');
  }

  /**
   * Unsubscribes the vault. Without `force` it is only switched off: its data stays and every vault
   * call fails with 404 until `subscribe()` restores it. With `force: true` its documents, scripts
   * and files are deleted for good (payment orders and receipts are kept); refused with 400
   * (`BACKUP_IN_PROGRESS`) while a backup or restore runs.
   */
  async unsubscribe(options: { force?: boolean } = {}): Promise<void> {
    await this.http.call((headers) =>
      this.http.api.DELETE('/api/v2/subscription/vault', {
        headers,
        params: { query: options.force ? { force: true } : {} },
      }),
    );
  }

  private setState(op: 'activation' | 'deactivation'): Promise<VaultInfo> {
    return this.http.call((headers) =>
      this.http.api.POST('/api/v2/subscription/vault', { headers, params: { query: { op } } }),
    );
  }
}
