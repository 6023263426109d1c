/**
 * HTTP + JSON-RPC front of the identity-chain stand-in. Routes:
 *   POST /idtx    body = IDChainRequest JSON (the official SDK's SimulatedIDChainAdapter protocol)
 *   POST /reset   forget every DID
 *   POST <any other path, e.g. / or /resolve>   JSON-RPC: did_resolveDID, did_resolveCredential,
 *                 did_listCredentials, eth_blockNumber
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseDid } from '../did-url.js';
import { DidError, describe } from '../errors.js';
import type { DidLedger } from './ledger.js';

const MAX_BODY_BYTES = 1024 * 1024;

type RpcId = string | number | null;
interface RpcReply {
  jsonrpc: '2.0';
  id: RpcId;
  result?: unknown;
  error?: { code: number; message: string };
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = chunk as Buffer;
    size += buf.length;
    if (size > MAX_BODY_BYTES) throw new HttpError(413, 'request body too large');
    chunks.push(buf);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function rpcError(id: RpcId, code: number, message: string): RpcReply {
  return { jsonrpc: '2.0', id, error: { code, message } };
}

function firstParam(params: unknown): Record<string, unknown> | undefined {
  const p = Array.isArray(params) ? (params[0] as unknown) : params;
  return p !== null && typeof p === 'object' && !Array.isArray(p)
    ? (p as Record<string, unknown>)
    : undefined;
}

/** Answer one JSON-RPC request object the way the EID node does. */
export function handleRpc(ledger: DidLedger, request: unknown): RpcReply {
  if (request === null || typeof request !== 'object' || Array.isArray(request))
    return rpcError(null, -32600, 'invalid request');
  const { id: rawId, method, params } = request as { id?: unknown; method?: unknown; params?: unknown };
  const id: RpcId = typeof rawId === 'string' || typeof rawId === 'number' ? rawId : null;
  if (typeof method !== 'string') return rpcError(id, -32600, 'invalid request');
  switch (method) {
    case 'did_resolveDID': {
      const p = firstParam(params);
      const didParam = p?.['did'];
      if (typeof didParam !== 'string' || didParam.length === 0) return rpcError(id, -32602, 'did is null');
      // Like the EID node: a bare id string gets the did:elastos: prefix.
      const withPrefix = didParam.startsWith('did:') ? didParam : `did:elastos:${didParam}`;
      let did: string;
      try {
        did = parseDid(withPrefix).did;
      } catch {
        return rpcError(id, -32602, 'invalid did');
      }
      return { jsonrpc: '2.0', id, result: ledger.resolve(did, p?.['all'] === true) };
    }
    case 'did_resolveCredential': {
      const p = firstParam(params);
      const credentialId = p?.['id'];
      if (typeof credentialId !== 'string' || credentialId.length === 0)
        return rpcError(id, -32602, 'id is null');
      // Credentials are never declared on this stand-in: "not found" is what the SDK expects for an undeclared VC.
      return { jsonrpc: '2.0', id, result: { id: credentialId, status: 3 } };
    }
    case 'did_listCredentials': {
      const p = firstParam(params);
      const did = p?.['did'];
      if (typeof did !== 'string' || did.length === 0) return rpcError(id, -32602, 'did is null');
      return { jsonrpc: '2.0', id, result: { did, credentials: [] } };
    }
    case 'eth_blockNumber':
      return { jsonrpc: '2.0', id, result: `0x${ledger.blockHeight.toString(16)}` };
    default:
      return rpcError(id, -32601, `the method ${method} does not exist/is not available`);
  }
}

export function createRequestHandler(ledger: DidLedger): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    void (async () => {
      try {
        const path = new URL(req.url ?? '/', 'http://stand-in').pathname;
        if (req.method === 'GET' && path === '/') {
          send(res, 200, { service: 'identity-chain stand-in', height: ledger.blockHeight });
          return;
        }
        if (req.method !== 'POST') throw new HttpError(405, 'use POST');
        const body = await readBody(req);
        if (path === '/reset') {
          ledger.reset();
          send(res, 200, {});
          return;
        }
        let json: unknown;
        try {
          json = body.length === 0 ? undefined : JSON.parse(body);
        } catch {
          if (path === '/idtx') throw new HttpError(400, 'body is not JSON');
          send(res, 200, rpcError(null, -32700, 'parse error'));
          return;
        }
        if (path === '/idtx') {
          try {
            const { txid } = await ledger.publish(json);
            send(res, 200, { txid });
          } catch (err) {
            const code = err instanceof DidError ? err.code : 'MALFORMED';
            send(res, 400, { error: { code, message: describe(err) } });
          }
          return;
        }
        send(res, 200, handleRpc(ledger, json));
      } catch (err) {
        const status = err instanceof HttpError ? err.status : 500;
        if (!res.headersSent) send(res, status, { error: { message: describe(err) } });
        else res.destroy();
      }
    })();
  };
}
