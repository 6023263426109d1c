/**
 * A raw HTTP client for file tests: node:http, so the request target goes out exactly as written
 * (fetch would resolve `..` and re-encode the path), with optional streaming bodies and early aborts.
 */
import {
  request as plainRequest,
  type ClientRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type RequestOptions,
} from 'node:http';
import { request as tlsRequest } from 'node:https';
import type { Vault } from '@cella/sdk';
import { testCertificate } from '../helpers/temp-node.js';

/** node:http, or node:https (HTTP/1.1, trusting the test certificate) for a `CELLA_TEST_TLS=1` run. */
function httpRequest(options: RequestOptions, onResponse?: (res: IncomingMessage) => void): ClientRequest {
  return options.protocol === 'https:'
    ? tlsRequest({ ...options, ca: testCertificate() }, onResponse)
    : plainRequest(options, onResponse);
}

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  json(): any;
}

export interface RawRequest {
  method: string;
  /** The request target, sent verbatim. */
  target: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
}

export async function send(vault: Vault, req: RawRequest): Promise<RawResponse> {
  const token = await vault.session.token();
  const url = new URL(vault.url);
  return new Promise((resolve, reject) => {
    const r = httpRequest(
      {
        protocol: url.protocol,
        host: url.hostname,
        port: url.port,
        method: req.method,
        path: req.target,
        headers: { authorization: `Bearer ${token}`, ...(req.headers ?? {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body,
            json: () => JSON.parse(body.toString('utf8')),
          });
        });
        res.on('error', reject);
      },
    );
    r.on('error', reject);
    r.end(req.body);
  });
}

/**
 * Starts an upload of `declared` bytes, sends `sent` of them, then destroys the connection
 * (a client that drops mid-upload). Resolves once the socket is closed.
 */
export async function dropMidUpload(
  vault: Vault,
  target: string,
  declared: number,
  sent: number,
): Promise<void> {
  const token = await vault.session.token();
  const url = new URL(vault.url);
  await new Promise<void>((resolve) => {
    const r = httpRequest({
      protocol: url.protocol,
      host: url.hostname,
      port: url.port,
      method: 'PUT',
      path: target,
      headers: { authorization: `Bearer ${token}`, 'content-length': String(declared) },
    });
    r.on('error', () => resolve());
    r.on('close', () => resolve());
    const piece = Buffer.alloc(64 * 1024, 7);
    let written = 0;
    const pump = () => {
      while (written < sent) {
        const n = Math.min(piece.length, sent - written);
        written += n;
        if (!r.write(piece.subarray(0, n))) {
          r.once('drain', pump);
          return;
        }
      }
      // Give the server a moment to take the bytes in, then cut the connection.
      setTimeout(() => r.destroy(), 200);
    };
    pump();
  });
}

/**
 * Downloads `target` as a slow client: it stops reading for `stallMs` after the first bytes (the
 * node's writes then wait in the socket), then takes the rest in small reads with pauses.
 */
export async function slowDownload(
  vault: Vault,
  target: string,
  options: { headers?: Record<string, string>; stallMs?: number } = {},
): Promise<{ status: number; body: Buffer }> {
  const token = await vault.session.token();
  const url = new URL(vault.url);
  return new Promise((resolve, reject) => {
    const r = httpRequest(
      {
        protocol: url.protocol,
        host: url.hostname,
        port: url.port,
        path: target,
        headers: { authorization: `Bearer ${token}`, ...(options.headers ?? {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let stalled = false;
        const take = (): void => {
          for (let c: Buffer | null = res.read(16 * 1024); c !== null; c = res.read(16 * 1024)) {
            chunks.push(c);
            if (!stalled) {
              stalled = true;
              setTimeout(take, options.stallMs ?? 300);
              return;
            }
          }
          if (!res.readableEnded) setTimeout(take, 1);
        };
        res.once('readable', take);
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    r.on('error', reject);
    r.end();
  });
}
