/**
 * Test support: a self-signed certificate for loopback (127.0.0.1, ::1, localhost), made with the
 * openssl CLI into a temporary directory (key mode 600), with what clients need to trust it: the
 * PEM text (a `ca` for Node) and the SHA-256 of its public key (Chromium's
 * `--ignore-certificate-errors-spki-list`).
 */
import { execFileSync } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Agent } from 'undici';

export interface TestCertificate {
  dir: string;
  certFile: string;
  keyFile: string;
  /** The certificate, PEM. */
  cert: string;
  /** base64 SHA-256 of the certificate's SubjectPublicKeyInfo. */
  spkiSha256: string;
}

export function createTestCertificate(dir = mkdtempSync(path.join(tmpdir(), 'cella-tls-'))): TestCertificate {
  const certFile = path.join(dir, 'cert.pem');
  const keyFile = path.join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=IP:127.0.0.1,IP:::1,DNS:localhost',
    ],
    { stdio: 'ignore' },
  );
  chmodSync(keyFile, 0o600);
  const cert = readFileSync(certFile, 'utf8');
  const spki = new X509Certificate(cert).publicKey.export({ type: 'spki', format: 'der' });
  return { dir, certFile, keyFile, cert, spkiSha256: createHash('sha256').update(spki).digest('base64') };
}

/** A fetch for Node clients (the SDK's `fetch` option) that trusts `certificate` (as its only root). */
export function trustingFetch(certificate: TestCertificate): typeof globalThis.fetch {
  const dispatcher = new Agent({ connect: { ca: certificate.cert }, allowH2: true });
  return (input, init) => fetch(input, { ...init, dispatcher } as RequestInit);
}
