/**
 * Identity-chain stand-in — a TEST DOUBLE. It stands in for the Elastos identity (EID)
 * sidechain's DID JSON-RPC (`did_resolveDID`), which cannot run here. It reproduces the wire
 * format the official SDK and EID node use (see src/resolver/rpc-schemas.ts and
 * docs/did.md): JSON-RPC replies with "jsonrpc":"2.0", the request id echoed, DID
 * biographies with status 0/2/3 and transactions newest first, base64url document payloads.
 * DIDs are published by POSTing IDChainRequests to /idtx (the official SDK's
 * SimulatedIDChainAdapter protocol, so did-js-sdk can publish to it) or through `publish()`.
 * Node-only; listens on 127.0.0.1 and an OS-chosen port by default.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DidError } from '../errors.js';
import { createIdChainRequest } from '../resolver/id-chain-request.js';
import type { IdChainRequest } from '../resolver/rpc-schemas.js';
import type { Signer } from '../signer.js';
import type { DIDDocument } from '../types.js';
import { DidLedger } from './ledger.js';
import { createRequestHandler } from './server.js';

export { DidLedger } from './ledger.js';
export { handleRpc } from './server.js';

export interface IdChainStandInOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 0 (the OS picks a free port). */
  port?: number;
}

export interface IdChainStandIn {
  /** Base URL, e.g. `http://127.0.0.1:40123`. JSON-RPC is served on any path; /idtx and /reset are the publishing routes. */
  url: string;
  port: number;
  /** Validate and record a signed IDChainRequest (any operation). */
  publish(request: IdChainRequest): Promise<{ txid: string }>;
  /** Sign and publish a document with its DID's key: create the first time, update afterwards. */
  publishDocument(signer: Signer, document: DIDDocument): Promise<{ txid: string }>;
  /** Sign and publish the deactivation of the signer's DID. */
  deactivate(signer: Signer): Promise<{ txid: string }>;
  /** Forget every DID (same as POST /reset). */
  reset(): void;
  ledger: DidLedger;
  close(): Promise<void>;
}

export async function startIdChainStandIn(options: IdChainStandInOptions = {}): Promise<IdChainStandIn> {
  const ledger = new DidLedger();
  const server = createServer(createRequestHandler(ledger));
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port, address } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;

  return {
    url: `http://${host}:${port}`,
    port,
    ledger,
    async publish(request) {
      const { txid } = await ledger.publish(request);
      return { txid };
    },
    async publishDocument(signer, document) {
      const current = ledger.resolve(document.id, false);
      if (current.status === 2) throw new DidError('DEACTIVATED', `${document.id} is deactivated`);
      const request =
        current.status === 0
          ? await createIdChainRequest(signer, {
              operation: 'update',
              document,
              previousTxid: current.transaction[0]!.txid,
            })
          : await createIdChainRequest(signer, { operation: 'create', document });
      const { txid } = await ledger.publish(request);
      return { txid };
    },
    async deactivate(signer) {
      const request = await createIdChainRequest(signer, { operation: 'deactivate' });
      const { txid } = await ledger.publish(request);
      return { txid };
    },
    reset() {
      ledger.reset();
    },
    close() {
      return new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}
