// Secrets never reach the terminal or logs: RPC users/passwords are replaced before printing.
const SECRET_KEYS = new Set(['User', 'Pass']);

export const REDACTED = '<redacted>';

export function redactSecrets<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v: unknown) => redactSecrets(v)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        SECRET_KEYS.has(k) && typeof v === 'string' ? REDACTED : redactSecrets(v),
      ]),
    ) as T;
  }
  return value;
}

export function isSecretPath(path: string): boolean {
  const last = path.split('.').pop() ?? '';
  return SECRET_KEYS.has(last);
}
