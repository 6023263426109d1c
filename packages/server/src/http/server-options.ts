/**
 * How the node's HTTP server listens: plain HTTP/1.1, or — with a certificate and key — HTTPS with
 * HTTP/2 negotiated by ALPN and HTTP/1.1 as fallback (browsers stream request bodies, i.e. uploads
 * with real progress, only over HTTP/2). Also which reverse proxies are trusted for the client IP.
 * Read once at start, before anything is created: a missing or exposed key stops the node.
 */
import { readFileSync, statSync } from 'node:fs';
import { createSecureContext } from 'node:tls';
import type { Config } from '../config.js';
import { ConfigError } from '../config.js';

export interface ServerOptions {
  /** Present when the node speaks HTTPS (and HTTP/2). */
  https?: { key: Buffer; cert: Buffer; allowHTTP1: true };
  http2?: true;
  trustProxy: boolean | string | ((address: string, hop: number) => boolean);
}

/** A number of hops as the function fastify takes (its types do not list numbers). */
function trustProxy(setting: Config['trustProxy']): ServerOptions['trustProxy'] {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}

function readPem(file: string, what: string): Buffer {
  try {
    return readFileSync(file);
  } catch (error) {
    throw new ConfigError(`cannot read the TLS ${what} ${file}: ${(error as Error).message}`);
  }
}

/**
 * The key must not be readable by other users (the node refuses it, as ssh does); group access
 * (e.g. Debian's ssl-cert group) is allowed with a warning.
 */
function checkKeyMode(file: string, warn: (message: string) => void): void {
  let mode: number;
  try {
    mode = statSync(file).mode;
  } catch (error) {
    throw new ConfigError(`cannot read the TLS key ${file}: ${(error as Error).message}`);
  }
  if (mode & 0o007)
    throw new ConfigError(
      `the TLS key ${file} is readable by other users (mode ${(mode & 0o777).toString(8)}): chmod 600 it`,
    );
  if (mode & 0o070) warn(`the TLS key ${file} is readable by its group (mode ${(mode & 0o777).toString(8)})`);
}

export function serverOptions(
  config: Pick<Config, 'tlsCert' | 'tlsKey' | 'trustProxy'>,
  warn: (message: string) => void = () => undefined,
): ServerOptions {
  if (config.tlsCert === undefined || config.tlsKey === undefined)
    return { trustProxy: trustProxy(config.trustProxy) };
  checkKeyMode(config.tlsKey, warn);
  const key = readPem(config.tlsKey, 'key');
  const cert = readPem(config.tlsCert, 'certificate');
  try {
    createSecureContext({ key, cert });
  } catch (error) {
    throw new ConfigError(
      `the TLS certificate ${config.tlsCert} and key ${config.tlsKey} do not make a pair: ${(error as Error).message}`,
    );
  }
  return { http2: true, https: { key, cert, allowHTTP1: true }, trustProxy: trustProxy(config.trustProxy) };
}
