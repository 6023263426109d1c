/**
 * The BlockStore engine for an IPFS Cluster peer: the kubo engine for content, the cluster's REST
 * API for pins.
 *
 * - Content (add, cat, size, blocks, CARs) goes to and comes from the peer's own IPFS daemon
 *   through the kubo engine, unchanged: same CIDs, same offline reads. The daemon at `ipfsApiUrl`
 *   must be the one the cluster peer drives (checked at start).
 * - A pin is made in two steps: the kubo engine pins locally first (offline: `INCOMPLETE` when a
 *   block is missing, and from then on safe from gc), then `POST /pins/{cid}` adds it to the
 *   cluster's pinset with the configured replication factor, this peer first in the allocations
 *   (it has the content) and its daemon's addresses as origins (the other allocated peers fetch
 *   from there). The call returns once `replication-min` peers report `pinned` (every peer for
 *   -1), or fails after `pinTimeoutMs`; the cluster keeps the pin and goes on replicating then.
 * - `unpin` removes the CID from the cluster's pinset and waits until no peer holds it.
 * - The pin set is the cluster's (`/allocations?filter=pin`); gc runs on every peer's daemon
 *   (`POST /ipfs/gc`), because pins and unpins act cluster-wide and one sweep serves all processes.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import type { AddOptions, AddResult, BlockStore, CatOptions } from '../block-store.js';
import { BlockStoreError } from '../errors.js';
import { parseCid } from '../common/parse-cid.js';
import { createKuboBlockStore, KUBO_ADD_PARAMS, type KuboBlockStore } from '../kubo/index.js';
import { multipartFile } from '../kubo/multipart.js';
import { KuboRpc } from '../kubo/rpc.js';
import {
  ClusterAdded,
  ClusterApi,
  ClusterApiError,
  ClusterGc,
  ClusterId,
  ClusterPin,
  GlobalPinStatus,
  type Query,
} from './cluster-api.js';

export interface ClusterBlockStoreOptions {
  /** The cluster peer's REST API, e.g. `http://127.0.0.1:9094` (`user:password@` for basic auth). */
  clusterUrl: string;
  /** The RPC API of that peer's IPFS daemon (kubo), e.g. `http://127.0.0.1:5001`. */
  ipfsApiUrl: string;
  /**
   * Peers that must hold each pin (-1 = every peer); absent: the cluster's replication_factor_min.
   * The cluster checks the pair (loadConfig does too): -1 for both or neither, min <= max.
   */
  replicationMin?: number;
  /** Peers that hold each pin at most (-1 = every peer); absent: the cluster's replication_factor_max. */
  replicationMax?: number;
  /** How long a pin or unpin may take to reach its status on the peers. Default 600 s. */
  pinTimeoutMs?: number;
}

export interface ClusterBlockStore extends BlockStore {
  readonly engine: 'cluster';
  /** The cluster peer's version (`/id`). */
  readonly version: string;
  /** The IPFS daemon's version. */
  readonly ipfsVersion: string;
  /** The cluster peer's ID. */
  readonly peerId: string;
}

const DEFAULT_PIN_TIMEOUT_MS = 600_000;
/**
 * The empty file: one raw block of 0 bytes. Bitswap never sends a 0-byte block (boxo's engine
 * answers HAVE instead, kubo 0.43), so the other peers' daemons cannot fetch it and their pins
 * would never finish. The cluster's own add writes it to every allocated peer instead.
 */
const EMPTY_FILE = 'bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku';
/** The part of the UnixFS profile an add of the empty file needs (see kubo-block-store.ts). */
const EMPTY_ADD_PARAMS = {
  'cid-version': KUBO_ADD_PARAMS['cid-version'],
  'raw-leaves': KUBO_ADD_PARAMS['raw-leaves'],
  hash: KUBO_ADD_PARAMS.hash,
  chunker: KUBO_ADD_PARAMS.chunker,
} as const;
/** Origins are a hint for the other peers' daemons; the cluster connects to at most 10. */
const MAX_ORIGINS = 10;
const KuboId = z.object({ ID: z.string() });

export async function createClusterBlockStore(options: ClusterBlockStoreOptions): Promise<ClusterBlockStore> {
  const kubo = await createKuboBlockStore({ apiUrl: options.ipfsApiUrl });
  const api = new ClusterApi(options.clusterUrl);
  try {
    let id: z.infer<typeof ClusterId>;
    try {
      id = await api.json('GET', '/id', ClusterId);
    } catch (err) {
      throw new BlockStoreError(
        'ENGINE',
        `IPFS Cluster REST API at ${api.base.href} is not reachable: ${(err as Error).message}`,
        { cause: err },
      );
    }
    if (id.error) throw new BlockStoreError('ENGINE', `IPFS Cluster peer ${id.id}: ${id.error}`);
    const daemon = await daemonPeerId(options.ipfsApiUrl);
    if (id.ipfs.id !== daemon) {
      const theirs = id.ipfs.id ?? `none (${id.ipfs.error ?? 'no IPFS daemon'})`;
      throw new BlockStoreError(
        'ENGINE',
        `the IPFS Cluster peer at ${api.base.href} drives the IPFS daemon ${theirs}, but the daemon at ` +
          `${options.ipfsApiUrl} is ${daemon}: give the node the cluster peer's own daemon, where its ` +
          'uploads are stored and pinned first',
      );
    }
    const origins = (id.ipfs.addresses ?? []).filter((a) => a.includes('/p2p/')).slice(0, MAX_ORIGINS);
    return new ClusterEngine(
      kubo,
      api,
      id.id,
      id.version,
      {
        'replication-min': options.replicationMin,
        'replication-max': options.replicationMax,
        'user-allocations': id.id,
        origins: origins.length > 0 ? origins.join(',') : undefined,
      },
      options.pinTimeoutMs ?? DEFAULT_PIN_TIMEOUT_MS,
    );
  } catch (err) {
    await Promise.all([kubo.close(), api.close()]);
    throw err;
  }
}

async function daemonPeerId(apiUrl: string): Promise<string> {
  const rpc = new KuboRpc(apiUrl);
  try {
    return (await rpc.json('id', KuboId)).ID;
  } finally {
    await rpc.close();
  }
}

/** A cluster error as a BlockStoreError; anything else (aborts, BlockStoreErrors) unchanged. */
function toEngineError(err: unknown): unknown {
  return err instanceof ClusterApiError ? new BlockStoreError('ENGINE', err.message, { cause: err }) : err;
}

function isNotInPinset(err: unknown): boolean {
  return err instanceof ClusterApiError && err.status === 404;
}

function peersOf(status: GlobalPinStatus) {
  return Object.entries(status.peer_map ?? {});
}

/** Enough peers report `pinned`: `replication-min` of them, or all reachable ones for -1. */
function pinnedEnough(pin: ClusterPin, status: GlobalPinStatus): boolean {
  const peers = peersOf(status).map(([, p]) => p.status);
  const pinned = peers.filter((s) => s === 'pinned').length;
  const want =
    pin.replication_factor_min > 0
      ? pin.replication_factor_min
      : Math.max(1, peers.filter((s) => s !== 'cluster_error').length);
  return pinned >= want;
}

/** No peer holds the CID or is about to (a peer that cannot be reached catches up when back). */
function unpinnedEverywhere(status: GlobalPinStatus): boolean {
  return peersOf(status).every(([, p]) => p.status === 'unpinned' || p.status === 'cluster_error');
}

function describe(status: GlobalPinStatus | undefined): string {
  if (status === undefined) return 'no status yet';
  const peers = peersOf(status).map(
    ([id, p]) => `${p.peername ?? id}: ${p.status}${p.error ? ` (${p.error})` : ''}`,
  );
  return peers.length > 0 ? peers.join(', ') : 'no peers answered';
}

class ClusterEngine implements ClusterBlockStore {
  readonly engine = 'cluster' as const;

  constructor(
    private readonly kubo: KuboBlockStore,
    private readonly api: ClusterApi,
    readonly peerId: string,
    readonly version: string,
    private readonly pinOptions: Query,
    private readonly pinTimeoutMs: number,
  ) {}

  get ipfsVersion(): string {
    return this.kubo.version;
  }

  async add(source: AsyncIterable<Uint8Array>, options: AddOptions = {}): Promise<AddResult> {
    // With pin: true kubo pins locally as part of the add (gc waits for it), then the cluster
    // takes the pin over.
    const result = await this.kubo.add(source, options);
    if (options.pin === true) await this.clusterPin(result.cid, options.signal);
    return result;
  }

  cat(cid: string, options?: CatOptions): AsyncIterable<Uint8Array> {
    return this.kubo.cat(cid, options);
  }

  size(cid: string): Promise<number | null> {
    return this.kubo.size(cid);
  }

  async pin(cid: string): Promise<void> {
    const root = parseCid(cid).toString();
    await this.kubo.pin(root);
    await this.clusterPin(root);
  }

  private async clusterPin(root: string, signal?: AbortSignal): Promise<void> {
    let pin: ClusterPin;
    try {
      pin =
        root === EMPTY_FILE
          ? await this.addEmptyFile(signal)
          : await this.api.json('POST', `/pins/${root}`, ClusterPin, this.pinOptions, { signal });
    } catch (err) {
      // The local pin is ours only while the cluster does not track the CID.
      await this.dropLocalPinIfUntracked(root).catch(() => undefined);
      throw toEngineError(err);
    }
    await this.waitFor(root, 'pinned', (status) => pinnedEnough(pin, status), signal);
  }

  /** Pins the empty file by adding it through the cluster (see EMPTY_FILE); returns the pin. */
  private async addEmptyFile(signal?: AbortSignal): Promise<ClusterPin> {
    const empty = async function* (): AsyncGenerator<Uint8Array> {
      // no bytes
    };
    const { contentType, body } = multipartFile(empty(), 'empty');
    const init = { signal, body, headers: { 'content-type': contentType } };
    let added: string | undefined;
    for await (const line of this.api.list(
      'POST',
      '/add',
      ClusterAdded,
      { ...EMPTY_ADD_PARAMS, ...this.pinOptions },
      init,
    )) {
      added = line.cid;
    }
    if (added !== EMPTY_FILE) {
      throw new BlockStoreError(
        'ENGINE',
        `IPFS Cluster add of the empty file gave ${added ?? 'no CID'}, not ${EMPTY_FILE}`,
      );
    }
    return this.api.json('GET', `/allocations/${EMPTY_FILE}`, ClusterPin, {}, { signal });
  }

  async unpin(cid: string): Promise<void> {
    const root = parseCid(cid).toString();
    try {
      await this.api.call('DELETE', `/pins/${root}`).then((res) => res.body.dump());
    } catch (err) {
      if (!isNotInPinset(err)) throw toEngineError(err);
    }
    await this.waitFor(root, 'unpinned', unpinnedEverywhere);
    // A local pin the cluster never took over (a failed cluster pin, or an allocation without
    // this peer) goes too.
    await this.dropLocalPinIfUntracked(root);
  }

  private async dropLocalPinIfUntracked(root: string): Promise<void> {
    if (!(await this.isPinned(root))) await this.kubo.unpin(root);
  }

  /**
   * Polls `GET /pins/{cid}` (every peer's view) until `done`, within the pin timeout. The cluster
   * applies a pin on each peer asynchronously, so this is how a caller learns it happened.
   */
  private async waitFor(
    root: string,
    goal: string,
    done: (status: GlobalPinStatus) => boolean,
    signal?: AbortSignal,
  ): Promise<void> {
    const deadline = Date.now() + this.pinTimeoutMs;
    let last: GlobalPinStatus | undefined;
    const timedOut = (): BlockStoreError =>
      new BlockStoreError(
        'ENGINE',
        `IPFS Cluster: ${root} not ${goal} on enough peers within ${Math.round(this.pinTimeoutMs / 1000)} s ` +
          `(${describe(last)}); the cluster keeps working on it`,
      );
    let delay = 50;
    for (;;) {
      signal?.throwIfAborted();
      const bound = AbortSignal.timeout(Math.max(1, deadline - Date.now()));
      try {
        last = await this.api.json(
          'GET',
          `/pins/${root}`,
          GlobalPinStatus,
          {},
          {
            signal: signal === undefined ? bound : AbortSignal.any([signal, bound]),
          },
        );
      } catch (err) {
        if (signal?.aborted === true) throw signal.reason;
        if (bound.aborted) throw timedOut();
        throw toEngineError(err);
      }
      if (done(last)) return;
      if (Date.now() + delay > deadline) throw timedOut();
      await sleep(delay, undefined, { signal });
      delay = Math.min(delay * 1.5, 1000);
    }
  }

  async isPinned(cid: string): Promise<boolean> {
    try {
      await this.api.call('GET', `/allocations/${parseCid(cid).toString()}`).then((res) => res.body.dump());
      return true;
    } catch (err) {
      if (isNotInPinset(err)) return false;
      throw toEngineError(err);
    }
  }

  async *pins(): AsyncIterable<string> {
    try {
      for await (const pin of this.api.list('GET', '/allocations', ClusterPin, { filter: 'pin' })) {
        yield parseCid(pin.cid).toString();
      }
    } catch (err) {
      throw toEngineError(err);
    }
  }

  async gc(): Promise<{ removed: number }> {
    let reply: z.infer<typeof ClusterGc>;
    try {
      reply = await this.api.json('POST', '/ipfs/gc', ClusterGc);
    } catch (err) {
      throw toEngineError(err);
    }
    let removed = 0;
    const errors: string[] = [];
    for (const [id, peer] of Object.entries(reply.peer_map ?? {})) {
      const name = peer.peername ?? id;
      if (peer.error) errors.push(`${name}: ${peer.error}`);
      for (const key of peer.keys ?? []) {
        if (key.error) errors.push(`${name}: ${key.error}`);
        else removed++;
      }
    }
    if (errors.length > 0) {
      throw new BlockStoreError('ENGINE', `IPFS Cluster gc: ${errors.slice(0, 3).join('; ')}`);
    }
    return { removed };
  }

  blocksOf(root: string): AsyncIterable<string> {
    return this.kubo.blocksOf(root);
  }

  hasBlock(cid: string): Promise<boolean> {
    return this.kubo.hasBlock(cid);
  }

  readBlock(cid: string, length?: number): Promise<Uint8Array> {
    return this.kubo.readBlock(cid, length);
  }

  exportCar(roots: string[], blocks: AsyncIterable<string> | Iterable<string>): AsyncIterable<Uint8Array> {
    return this.kubo.exportCar(roots, blocks);
  }

  importCar(source: AsyncIterable<Uint8Array>): Promise<{ blocks: number; bytes: number }> {
    return this.kubo.importCar(source);
  }

  async close(): Promise<void> {
    await Promise.all([this.kubo.close(), this.api.close()]);
  }
}
