/**
 * The BlockStore engine for an IPFS daemon (kubo) through its HTTP RPC API.
 *
 * - add: `/api/v0/add`, one streamed multipart file part, with the UnixFS parameters spelled out
 *   (CIDv1, raw leaves, sha2-256, 1 MiB chunks, 1024 links per node = profile unixfs-v1-2025),
 *   so the CIDs equal the helia engine's whatever the daemon's `Import.*` config says.
 * - Every read passes `offline=true`: a block that is not stored is NOT_FOUND at once instead of
 *   a DHT hunt (the daemon may well be online in production).
 * - CAR import is verified here (car.ts) and re-encoded to `dag/import`, so a bad block never
 *   reaches the daemon, exactly as with helia.
 * - Pins are kubo's recursive pins; gc is kubo's `repo/gc`.
 */
import { z } from 'zod';
import type { AddOptions, AddResult, BlockStore, CatOptions } from '../block-store.js';
import { decodeVerifiedCar, encodeCar, type Block } from '../common/car.js';
import { fileSizeOf } from '../common/dag.js';
import { BlockStoreError, isBlockStoreError } from '../errors.js';
import { parseCid } from '../common/parse-cid.js';
import { resolveRange } from '../common/range.js';
import { multipartFile } from './multipart.js';
import { checkTrailer, discard, KuboRpc, KuboRpcError, toBlockStoreError } from './rpc.js';

export interface KuboBlockStoreOptions {
  /** The daemon's RPC API, e.g. `http://127.0.0.1:5001`. */
  apiUrl: string;
}

export interface KuboBlockStore extends BlockStore {
  readonly engine: 'kubo';
  /** The daemon's version string, from `/api/v0/version`. */
  readonly version: string;
}

/** The UnixFS import profile, sent with every add (see the header comment). */
export const KUBO_ADD_PARAMS = {
  'cid-version': 1,
  'raw-leaves': true,
  hash: 'sha2-256',
  chunker: 'size-1048576',
  'max-file-links': 1024,
  trickle: false,
  inline: false,
  'wrap-with-directory': false,
  quieter: true,
  progress: false,
} as const;

const Version = z.object({ Version: z.string() });
const AddLine = z.object({ Hash: z.string().optional(), Name: z.string().optional() });
const BlockStat = z.object({ Key: z.string(), Size: z.number().int().nonnegative() });
const PinAdd = z.object({ Pins: z.array(z.string()).nullable().optional() });
const PinLsArg = z.object({ Keys: z.record(z.string(), z.object({ Type: z.string() })) });
const PinLsLine = z.object({ Cid: z.string(), Type: z.string() });
const GcLine = z.object({ Key: z.object({ '/': z.string() }).optional(), Error: z.string().optional() });
const RefsLine = z.object({ Ref: z.string(), Err: z.string() });
const DagImportLine = z.looseObject({});

const OFFLINE = { offline: true } as const;

export async function createKuboBlockStore(options: KuboBlockStoreOptions): Promise<KuboBlockStore> {
  const rpc = new KuboRpc(options.apiUrl);
  let version: string;
  try {
    version = (await rpc.json('version', Version)).Version;
  } catch (err) {
    await rpc.close();
    throw new BlockStoreError(
      'ENGINE',
      `kubo RPC API at ${options.apiUrl} is not reachable: ${(err as Error).message}`,
      { cause: err },
    );
  }
  return new KuboEngine(rpc, version);
}

class KuboEngine implements KuboBlockStore {
  readonly engine = 'kubo' as const;

  constructor(
    private readonly rpc: KuboRpc,
    readonly version: string,
  ) {}

  async add(source: AsyncIterable<Uint8Array>, options: AddOptions = {}): Promise<AddResult> {
    const { signal } = options;
    signal?.throwIfAborted();
    let size = 0;
    let sourceError: Error | undefined;
    const counted = async function* (): AsyncGenerator<Uint8Array> {
      try {
        for await (const chunk of source) {
          signal?.throwIfAborted();
          size += chunk.length;
          yield chunk;
        }
      } catch (err) {
        sourceError = err instanceof Error ? err : new Error(String(err));
        throw err;
      }
    };
    const { contentType, body } = multipartFile(counted(), 'blob');
    // pin=true makes kubo pin after the last block is written, holding its pin lock (which gc
    // waits for) through the add; a failed or aborted add pins nothing.
    const params = { ...KUBO_ADD_PARAMS, pin: options.pin === true };
    let root: string | undefined;
    try {
      for await (const line of this.rpc.ndjson('add', AddLine, params, {
        body,
        headers: { 'content-type': contentType },
        signal,
      })) {
        if (line.Hash !== undefined) root = line.Hash;
      }
    } catch (err) {
      if (sourceError !== undefined) throw sourceError;
      if (signal?.aborted === true) throw signal.reason;
      throw toBlockStoreError(err);
    }
    if (root === undefined) throw new BlockStoreError('ENGINE', 'kubo add: the reply named no root CID');
    return { cid: parseCid(root).toString(), size };
  }

  async *cat(cid: string, options: CatOptions = {}): AsyncIterable<Uint8Array> {
    const root = parseCid(cid).toString();
    const { offset, length, signal } = options;
    resolveRange(Number.MAX_SAFE_INTEGER, offset, length); // argument checks only
    let res;
    try {
      res = await this.rpc.call(
        'cat',
        { ...OFFLINE, offset, length, progress: false },
        { args: [root], signal },
      );
    } catch (err) {
      throw toBlockStoreError(err);
    }
    try {
      const expected = Number(res.headers['x-content-length'] ?? NaN);
      if (expected === 0) {
        // kubo answers "nothing" for length 0 without looking the CID up, and for an offset past
        // the end; the helia engine (and our contract) tells those apart from a real empty read.
        const size = await this.size(root);
        if (size === null) throw new BlockStoreError('NOT_FOUND', `${root} is not stored`);
        resolveRange(size, offset, length);
        return;
      }
      let got = 0;
      for await (const chunk of res.body) {
        got += (chunk as Uint8Array).length;
        yield chunk as Uint8Array;
      }
      checkTrailer('cat', res);
      if (Number.isFinite(expected) && got !== expected) {
        throw new BlockStoreError('ENGINE', `kubo cat ${root}: got ${got} bytes, announced ${expected}`);
      }
    } catch (err) {
      if (signal?.aborted === true) throw signal.reason;
      throw toBlockStoreError(err);
    } finally {
      discard(res);
    }
  }

  async size(cid: string): Promise<number | null> {
    const root = parseCid(cid);
    try {
      if (root.code === 0x55) {
        return (await this.rpc.json('block/stat', BlockStat, OFFLINE, { args: [root.toString()] })).Size;
      }
      return fileSizeOf(root, await this.getBlock(root.toString()));
    } catch (err) {
      const mapped = toBlockStoreError(err);
      if (isBlockStoreError(mapped, 'NOT_FOUND')) return null;
      throw mapped;
    }
  }

  readBlock(cid: string): Promise<Uint8Array> {
    return this.getBlock(parseCid(cid).toString());
  }

  private async getBlock(cid: string, signal?: AbortSignal): Promise<Uint8Array> {
    try {
      const res = await this.rpc.call('block/get', OFFLINE, { args: [cid], signal });
      return new Uint8Array(await res.body.arrayBuffer());
    } catch (err) {
      throw toBlockStoreError(err);
    }
  }

  async pin(cid: string): Promise<void> {
    const root = parseCid(cid).toString();
    // kubo's pinner walks the DAG with the node's own DAG service, which fetches missing blocks
    // from the network even with offline=true: on an online daemon (IPFS Cluster's peers) pinning
    // an incomplete DAG would search for its blocks, forever if no peer has them. So check first,
    // offline, that every block is here.
    try {
      for await (const _ of this.blocksOf(root)) {
        // blocksOf reads every block (offline): a missing one fails it
      }
    } catch (err) {
      if (isBlockStoreError(err, 'NOT_FOUND')) {
        throw new BlockStoreError('INCOMPLETE', `cannot pin ${root}: ${err.message}`, { cause: err });
      }
      throw err;
    }
    try {
      await this.rpc.json(
        'pin/add',
        PinAdd,
        { ...OFFLINE, recursive: true, progress: false },
        { args: [root] },
      );
    } catch (err) {
      const mapped = toBlockStoreError(err);
      if (isBlockStoreError(mapped, 'NOT_FOUND')) {
        throw new BlockStoreError('INCOMPLETE', `cannot pin ${root}: ${mapped.message}`, { cause: err });
      }
      throw mapped;
    }
  }

  async unpin(cid: string): Promise<void> {
    try {
      await this.rpc
        .call('pin/rm', { recursive: true }, { args: [parseCid(cid).toString()] })
        .then((r) => r.body.dump());
    } catch (err) {
      if (err instanceof KuboRpcError && /not pinned/i.test(err.message)) return;
      throw toBlockStoreError(err);
    }
  }

  async isPinned(cid: string): Promise<boolean> {
    const root = parseCid(cid).toString();
    try {
      const reply = await this.rpc.json('pin/ls', PinLsArg, { type: 'recursive' }, { args: [root] });
      return Object.values(reply.Keys).some((k) => k.Type === 'recursive');
    } catch (err) {
      if (err instanceof KuboRpcError && /not pinned/i.test(err.message)) return false;
      throw toBlockStoreError(err);
    }
  }

  async *pins(): AsyncIterable<string> {
    try {
      for await (const line of this.rpc.ndjson('pin/ls', PinLsLine, { type: 'recursive', stream: true })) {
        yield parseCid(line.Cid).toString();
      }
    } catch (err) {
      throw toBlockStoreError(err);
    }
  }

  async gc(): Promise<{ removed: number }> {
    let removed = 0;
    const errors: string[] = [];
    try {
      for await (const line of this.rpc.ndjson('repo/gc', GcLine, { 'stream-errors': true, quiet: false })) {
        if (line.Error !== undefined && line.Error !== '') errors.push(line.Error);
        else if (line.Key !== undefined) removed++;
      }
    } catch (err) {
      throw toBlockStoreError(err);
    }
    if (errors.length > 0)
      throw new BlockStoreError('ENGINE', `kubo repo/gc: ${errors.slice(0, 3).join('; ')}`);
    return { removed };
  }

  async *blocksOf(root: string): AsyncIterable<string> {
    const cid = parseCid(root).toString();
    let rootSent = false;
    try {
      const params = { ...OFFLINE, recursive: true, unique: true };
      for await (const line of this.rpc.ndjson('refs', RefsLine, params, { args: [cid] })) {
        if (line.Err !== '') throw new KuboRpcError('refs', 200, line.Err);
        if (!rootSent) {
          rootSent = true;
          yield cid;
        }
        yield parseCid(line.Ref).toString();
      }
    } catch (err) {
      throw toBlockStoreError(err);
    }
    if (!rootSent) yield cid;
  }

  async hasBlock(cid: string): Promise<boolean> {
    try {
      await this.rpc.json('block/stat', BlockStat, OFFLINE, { args: [parseCid(cid).toString()] });
      return true;
    } catch (err) {
      const mapped = toBlockStoreError(err);
      if (isBlockStoreError(mapped, 'NOT_FOUND')) return false;
      throw mapped;
    }
  }

  async *exportCar(
    roots: string[],
    blocks: AsyncIterable<string> | Iterable<string>,
  ): AsyncIterable<Uint8Array> {
    const read = async function* (this: KuboEngine): AsyncGenerator<Block> {
      for await (const s of blocks) {
        const cid = parseCid(s);
        yield { cid, bytes: await this.getBlock(cid.toString()) };
      }
    }.call(this);
    yield* encodeCar(roots.map(parseCid), read);
  }

  async importCar(source: AsyncIterable<Uint8Array>): Promise<{ blocks: number; bytes: number }> {
    const car = await decodeVerifiedCar(source);
    let blocks = 0;
    let bytes = 0;
    let verifyError: Error | undefined;
    const counted = async function* (): AsyncGenerator<Block> {
      try {
        for await (const block of car.blocks) {
          blocks++;
          bytes += block.bytes.length;
          yield block;
        }
      } catch (err) {
        verifyError = err instanceof Error ? err : new Error(String(err));
        throw err;
      }
    };
    // Verified blocks only: the stream to kubo stops (and the request fails) before a bad one.
    const { contentType, body } = multipartFile(encodeCar(car.roots, counted()), 'import.car');
    try {
      const params = { 'pin-roots': false, stats: false, 'allow-big-block': false };
      for await (const _ of this.rpc.ndjson('dag/import', DagImportLine, params, {
        body,
        headers: { 'content-type': contentType },
      })) {
        // replies carry nothing we need with pin-roots=false
      }
    } catch (err) {
      if (verifyError !== undefined) throw verifyError;
      throw toBlockStoreError(err);
    }
    return { blocks, bytes };
  }

  async close(): Promise<void> {
    await this.rpc.close();
  }
}
