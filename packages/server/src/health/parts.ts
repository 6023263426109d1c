/**
 * The parts a node's readiness checks, from its configuration: each probe is the cheapest call that
 * proves the part serves this node — a count on the node database, a local block lookup, the free
 * space of its disk above the reserve (`storage full` below it), the node's own DID on the identity chain, the chain id of the payment RPC (which must be the
 * configured one: a node pointed at the wrong chain is not ready).
 */
import type { BlockStore } from '@cella/block-store';
import { EidRpcResolver } from '@cella/did';
import type { Database, DocumentStore } from '@cella/document-store';
import { z } from 'zod';
import type { PaymentSettings } from '../payment/settings.js';
import { VAULTS_COLLECTION } from '../vault/vaults.js';
import { ProbeFailure, type ReadinessPart } from './readiness.js';

/** The CID of the empty raw block: a lookup every engine answers from its own storage. */
const PROBE_CID = 'bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku';

const chainIdReply = z.object({ result: z.string().regex(/^0x[0-9a-fA-F]+$/) });

async function evmChainId(rpcUrl: string, signal: AbortSignal): Promise<number> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
    signal,
  });
  if (!response.ok) throw new ProbeFailure(`answered HTTP ${response.status}`);
  const reply = chainIdReply.safeParse(await response.json().catch(() => null));
  if (!reply.success) throw new ProbeFailure('did not answer eth_chainId');
  return Number(BigInt(reply.data.result));
}

export interface PartsInput {
  documents: DocumentStore;
  nodeDb: Database;
  blocks: BlockStore;
  /** Identity chain JSON-RPC, when configured. */
  eidRpcUrl: string | undefined;
  nodeDid: string;
  /** Payment settings, when payments are on. */
  payment: PaymentSettings | null;
  /** The node's disk: why it is full (`storage full: …`), or undefined (storage/free-space.ts). */
  storage: { shortage(): Promise<string | undefined> };
  timeoutMs: number;
}

export function readinessParts(input: PartsInput): ReadinessPart[] {
  const parts: ReadinessPart[] = [
    {
      name: 'document_store',
      engine: input.documents.engine,
      probe: async () => void (await input.nodeDb.collection(VAULTS_COLLECTION).count({}, { limit: 1 })),
    },
    {
      name: 'block_store',
      engine: input.blocks.engine,
      probe: async () => void (await input.blocks.hasBlock(PROBE_CID)),
    },
    {
      name: 'storage',
      probe: async () => {
        const shortage = await input.storage.shortage();
        if (shortage !== undefined) throw new ProbeFailure(shortage);
      },
    },
  ];
  if (input.eidRpcUrl) {
    const chain = new EidRpcResolver({ url: input.eidRpcUrl, timeoutMs: input.timeoutMs });
    parts.push({
      name: 'identity_chain',
      probe: async () => void (await chain.call('did_resolveDID', { did: input.nodeDid })),
    });
  }
  const payment = input.payment;
  if (payment) {
    parts.push({
      name: 'payment_chain',
      probe: async (signal) => {
        const chainId = await evmChainId(payment.rpcUrl, signal);
        if (payment.chainId !== null && chainId !== payment.chainId)
          throw new ProbeFailure(`serves chain ${chainId}, not the configured ${payment.chainId}`);
      },
    });
  }
  return parts;
}
