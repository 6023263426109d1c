/** `POST /api/v2/vault/import` with the vault's sign-in, as the import tests send it. */
import type { Vault } from '@cella/sdk';

/** Posts a CAR to the vault's import; answers the status and the parsed JSON body (if any). */
export async function postImport(vault: Vault, body: Uint8Array, query = '') {
  const token = await vault.session.token();
  const response = await fetch(`${vault.url}/api/v2/vault/import${query}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/vnd.ipld.car' },
    body: Buffer.from(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}
