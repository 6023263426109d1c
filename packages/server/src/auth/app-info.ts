/**
 * What an application DID says about itself, for the app statistics: its document's `#appinfo`
 * credential (subject `name`, `iconUrl`, `endpoints.redirectUrl`) and the issuer of its
 * `#developer` credential, as the reference reads them. The document is resolved through the
 * node's resolver (identity chain and cache); anything missing or unresolvable is '' — the
 * statistics never fail for it (as the reference).
 */
import type { DidResolver, VerifiableCredential } from '@cella/did';

export interface AppInfo {
  name: string;
  iconUrl: string;
  redirectUrl: string;
  developerDid: string;
}

const NONE: AppInfo = { name: '', iconUrl: '', redirectUrl: '', developerDid: '' };

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

function byFragment(credentials: VerifiableCredential[], fragment: string): VerifiableCredential | undefined {
  return credentials.find((c) => c.id.endsWith(`#${fragment}`));
}

export async function appInfoOf(resolver: DidResolver, appDid: string): Promise<AppInfo> {
  let credentials: VerifiableCredential[];
  try {
    const result = await resolver.resolve(appDid);
    if (result.status !== 'valid' || !result.document) return NONE;
    credentials = result.document.verifiableCredential ?? [];
  } catch {
    return NONE;
  }
  const subject = (byFragment(credentials, 'appinfo')?.credentialSubject ?? {}) as Record<string, unknown>;
  const endpoints = (subject.endpoints ?? {}) as Record<string, unknown>;
  return {
    name: text(subject.name),
    iconUrl: text(subject.iconUrl),
    redirectUrl: text(endpoints.redirectUrl),
    developerDid: text(byFragment(credentials, 'developer')?.issuer),
  };
}
