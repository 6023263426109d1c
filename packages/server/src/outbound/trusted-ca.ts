/**
 * The certificate authorities an operator adds for the node's outbound HTTPS (CELLA_OUTBOUND_CA):
 * a backup node on a private network may carry a certificate of the operator's own CA. Read once
 * at start; a file that is missing or holds no certificate stops the node.
 */
import { readFileSync } from 'node:fs';
import { createSecureContext } from 'node:tls';

export class TrustedCaError extends Error {
  override name = 'TrustedCaError';
}

export function readTrustedCa(file: string): string {
  let pem: string;
  try {
    pem = readFileSync(file, 'utf8');
  } catch (error) {
    throw new TrustedCaError(`cannot read CELLA_OUTBOUND_CA ${file}: ${(error as Error).message}`);
  }
  if (!pem.includes('-----BEGIN CERTIFICATE-----'))
    throw new TrustedCaError(`CELLA_OUTBOUND_CA ${file} holds no PEM certificate`);
  try {
    createSecureContext({ ca: pem });
  } catch (error) {
    throw new TrustedCaError(
      `CELLA_OUTBOUND_CA ${file} is not a valid certificate: ${(error as Error).message}`,
    );
  }
  return pem;
}
