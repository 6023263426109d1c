/** Signed-in SDK users for HTTP tests. */
import { connect, createDevIdentity, type Vault } from '@cella/sdk';

export async function signedInUser(url: string, method: 'elastos' | 'key' = 'key'): Promise<Vault> {
  return connect({ url, signer: createDevIdentity(method).signer });
}

/** A raw authenticated fetch for shapes the SDK does not produce (bad input on purpose). */
export async function rawCall(
  vault: Vault,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const token = await vault.session.token();
  const response = await fetch(`${vault.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await response.text();
  let parsed: any;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = text;
  }
  return { status: response.status, body: parsed };
}
