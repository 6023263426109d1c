/**
 * The portable vault (docs/portability.md): `vault.importVault(car)` streams a vault export into
 * the signed-in vault, all or nothing.
 */
import type { components } from './generated/openapi.js';
import type { Http } from './http.js';
import type { ProgressListener, UploadData } from './transfer.js';
import { sendUpload } from './upload.js';

export type VaultImportResult = components['schemas']['VaultImportResult'];

export interface ImportVaultOptions {
  /**
   * `empty` (the default): the vault must hold nothing yet (else a `CellaApiError` with code
   * `VAULT_NOT_EMPTY`, 409); `replace`: its whole content is replaced by the export's; `update`:
   * the vault is empty or as its last import left it, and the export follows that import (an
   * incremental export since it, or a full export of the same node: else `VAULT_CHANGED`, 409).
   */
  mode?: 'empty' | 'replace' | 'update';
  /** The length of a stream input, when known: sent as `Content-Length` (Node). */
  size?: number;
  /** Aborting rejects with the signal's reason; the vault keeps what it held. */
  signal?: AbortSignal;
  /** Bytes sent so far, and the total when known. */
  onProgress?: ProgressListener;
}

export async function importVault(
  http: Http,
  car: UploadData,
  options: ImportVaultOptions = {},
): Promise<VaultImportResult> {
  const { mode, ...send } = options;
  const path = `/api/v2/vault/import${mode ? `?mode=${mode}` : ''}`;
  const response = await sendUpload(http, path, car, {
    ...send,
    method: 'POST',
    contentType: 'application/vnd.ipld.car',
  });
  return http.parse<VaultImportResult>(response, path);
}
