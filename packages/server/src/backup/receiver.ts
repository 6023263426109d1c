/**
 * The backup node's side of the internal API: attempts, holds, block import, verification and the
 * switch to a new backup, and reads of the last good backup for restores. Every call is made by a
 * primary node with a BackupToken bound to (primary, user); it only ever sees that user's backup.
 */
import { createGunzip } from 'node:zlib';
import type { Readable } from 'node:stream';
import type { NodeCaller } from '../auth/caller.js';
import { isBlockStoreError } from '@cella/block-store';
import { CID } from 'multiformats/cid';
import { CellaError } from '../errors.js';
import type { Logger } from '../logger.js';
import type { BackupRecords, BackupRecord, CurrentBackup } from './backup-records.js';
import type { BackupStore } from './backup-store.js';
import { decodeChunk } from './chunks.js';
import { manifestBlocks, manifestHash, manifestSchema, totalsOf, type Manifest } from './manifest.js';

export interface ReceiverOptions {
  records: BackupRecords;
  store: BackupStore;
  log: Logger;
  clock: () => number;
  /** An attempt idle this long may be replaced by another primary, and is abandoned by housekeeping. */
  staleAttemptSeconds: number;
}

export interface Summary {
  id: string;
  source_did: string;
  created: number;
  manifest_hash: string;
  bytes: number;
  documents: number;
  collections: number;
  files: number;
}

export function summaryOf(current: CurrentBackup): Summary {
  return {
    id: current.id,
    source_did: current.sourceDid,
    created: current.created,
    manifest_hash: current.manifestHash,
    bytes: current.bytes,
    documents: current.documents,
    collections: current.collections,
    files: current.files,
  };
}

function bad(message: string): CellaError {
  return new CellaError('BAD_REQUEST', `the backup does not verify: ${message}`);
}

/**
 * CIDs a calling node names, each parsed before the store sees it: the contract's pattern lets
 * through strings of the CID alphabet that decode to no CID, which the store would fail on.
 */
function checkCids(cids: string[]): void {
  for (const cid of cids) {
    try {
      CID.parse(cid);
    } catch {
      throw new CellaError('INVALID_PARAMETER', `not a CID: ${cid}`);
    }
  }
}

const TOUCH_EVERY_BYTES = 8 * 1024 * 1024;

/** Roughly what an attempt may receive before it is cut off (duplicates and resends included). */
const receiveLimit = (quota: number) => 2 * quota + 64 * 1024 * 1024;

export class BackupReceiver {
  constructor(private readonly o: ReceiverOptions) {}

  private now(): number {
    return Math.floor(this.o.clock() / 1000);
  }

  /** The user's backup here; read only (a user without a backup service is told so, not subscribed). */
  async state(caller: NodeCaller) {
    const { userDid } = caller;
    const record = await this.o.records.find(userDid);
    if (!record) return { subscribed: false, current: null, pending: null, plan: null };
    return {
      subscribed: true,
      current: record.current ? summaryOf(record.current) : null,
      pending: record.pending
        ? {
            attempt_id: record.pending.id,
            source_did: record.pending.sourceDid,
            started_at: record.pending.startedAt,
            updated_at: record.pending.updatedAt,
            bytes_received: record.pending.bytesReceived,
          }
        : null,
      plan: { name: record.plan, quota: record.quota, used: record.current?.bytes ?? 0 },
    };
  }

  async begin(caller: NodeCaller, declared: number) {
    const { userDid, nodeDid } = caller;
    const record = await this.o.records.open(userDid);
    if (declared > record.quota) throw overQuota(declared, record);
    const { attempt, resumed, replaced } = await this.o.records.begin(
      userDid,
      nodeDid,
      declared,
      this.o.staleAttemptSeconds,
    );
    if (replaced) {
      this.o.log.info({ attempt: replaced.id }, 'backup: replaced an abandoned attempt');
      await this.o.store.release(replaced.id);
    }
    this.o.log.info({ attempt: attempt.id, resumed, declared }, 'backup: attempt open');
    return { attempt_id: attempt.id, resumed, quota: record.quota };
  }

  async holdRoots(caller: NodeCaller, attemptId: string, cids: string[]) {
    const { userDid, nodeDid } = caller;
    checkCids(cids);
    await this.o.records.pending(userDid, attemptId, nodeDid);
    const missing = await this.o.store.hold(attemptId, userDid, cids);
    await this.o.records.touch(userDid, attemptId);
    return { missing };
  }

  async missingBlocks(_caller: NodeCaller, cids: string[]) {
    checkCids(cids);
    const missing: string[] = [];
    for (const cid of cids) if (!(await this.o.store.blocks.hasBlock(cid))) missing.push(cid);
    return { missing };
  }

  /** Imports a CAR stream (optionally gzip-compressed). Blocks stay unpinned until held. */
  async putBlocks(caller: NodeCaller, attemptId: string, body: Readable, encoding: string | undefined) {
    const { userDid, nodeDid } = caller;
    const { record, attempt } = await this.o.records.pending(userDid, attemptId, nodeDid);
    const limit = receiveLimit(record.quota);
    const received = attempt.bytesReceived;
    let source: Readable = body;
    if (encoding === 'gzip') source = body.pipe(createGunzip());
    else if (encoding && encoding !== 'identity')
      throw new CellaError(
        'UNSUPPORTED_MEDIA_TYPE',
        `content-encoding ${encoding} is not supported (gzip or none)`,
      );
    let counted = 0;
    let touched = 0;
    const records = this.o.records;
    const metered = async function* (): AsyncGenerator<Uint8Array> {
      for await (const piece of source as AsyncIterable<Buffer>) {
        counted += piece.length;
        if (received + counted > limit) throw overQuota(received + counted, record);
        // A long upload keeps its attempt alive (housekeeping abandons idle ones).
        if (counted - touched >= TOUCH_EVERY_BYTES) {
          touched = counted;
          await records.touch(userDid, attemptId);
        }
        yield piece;
      }
    };
    try {
      const result = await this.o.store.blocks.importCar(metered());
      await this.o.records.received(userDid, attemptId, counted);
      return result;
    } catch (error) {
      if (counted > 0) await this.o.records.received(userDid, attemptId, counted).catch(() => undefined);
      if (error instanceof CellaError && error.code === 'INSUFFICIENT_STORAGE') {
        await this.abandon(userDid, attemptId);
        throw error;
      }
      if (isBlockStoreError(error) && (error.code === 'CORRUPT' || error.code === 'UNSUPPORTED')) {
        throw new CellaError('INVALID_PARAMETER', `the CAR stream was refused: ${error.message}`, {
          cause: error,
        });
      }
      throw error;
    } finally {
      if (source !== body) source.destroy();
    }
  }

  /** Verifies the attempt against its manifest and makes it the user's backup. */
  async commit(caller: NodeCaller, attemptId: string, input: Manifest, claimedHash: string) {
    const { userDid, nodeDid } = caller;
    const { record } = await this.o.records.pending(userDid, attemptId, nodeDid);
    const manifest = manifestSchema.parse(input);
    if (manifest.user_did !== userDid) throw bad(`the manifest is for ${manifest.user_did}, not ${userDid}`);
    if (manifest.source_did !== nodeDid)
      throw bad(`the manifest comes from ${manifest.source_did}, not the calling node ${nodeDid}`);
    const hash = manifestHash(manifest);
    if (hash !== claimedHash) throw bad(`the manifest hash is ${hash}, the primary announced ${claimedHash}`);
    const totals = totalsOf(manifest);
    if (totals.bytes > record.quota) {
      await this.abandon(userDid, attemptId);
      throw overQuota(totals.bytes, record);
    }
    await this.verify(attemptId, manifest);
    // The manifest itself, content-addressed, held by the attempt like everything it names.
    const blocks = manifestBlocks(manifest);
    for (const block of blocks) {
      await this.o.store.blocks.add(
        (async function* () {
          yield block.bytes;
        })(),
        { pin: true },
      );
    }
    const notStored = await this.o.store.hold(
      attemptId,
      userDid,
      blocks.map((b) => b.cid),
    );
    if (notStored.length > 0) throw new CellaError('INTERNAL', 'the manifest could not be stored');
    const current: CurrentBackup = {
      id: attemptId,
      sourceDid: nodeDid,
      created: this.now(),
      manifestHash: hash,
      manifestCids: blocks.map((b) => b.cid),
      bytes: totals.bytes,
      documents: totals.documents,
      collections: totals.collections,
      files: totals.files,
    };
    const previous = await this.o.records.commit(userDid, attemptId, current);
    if (previous) await this.o.store.release(previous.id);
    this.o.log.info(
      { attempt: attemptId, bytes: totals.bytes, documents: totals.documents, files: totals.files },
      'backup: committed',
    );
    return summaryOf(current);
  }

  /**
   * Checks, from the stored blocks themselves: every chunk is held and decodes to the documents and
   * bytes the manifest says, collection totals add up, every file content is held completely with
   * the size the file list gives, and the file list has the announced count and bytes.
   */
  private async verify(attemptId: string, manifest: Manifest): Promise<void> {
    const held = await this.o.store.heldBy(attemptId);
    const chunk = async (cid: string, documents: number, bytes: number) => {
      if (!held.has(cid)) throw bad(`chunk ${cid} was not received`);
      const data = await this.o.store.blocks.readBlock(cid);
      if (data.length !== bytes)
        throw bad(`chunk ${cid} has ${data.length} bytes, the manifest says ${bytes}`);
      let docs;
      try {
        docs = decodeChunk(data);
      } catch (error) {
        throw bad(`chunk ${cid} does not decode: ${(error as Error).message}`);
      }
      if (docs.length !== documents)
        throw bad(`chunk ${cid} holds ${docs.length} documents, the manifest says ${documents}`);
      return docs;
    };
    for (const c of manifest.collections) {
      let documents = 0;
      let bytes = 0;
      for (const ref of c.chunks) {
        await chunk(ref.cid, ref.documents, ref.bytes);
        documents += ref.documents;
        bytes += ref.bytes;
      }
      if (documents !== c.documents || bytes !== c.bytes)
        throw bad(
          `collection ${c.name}: its chunks hold ${documents} documents / ${bytes} bytes, the manifest says ${c.documents} / ${c.bytes}`,
        );
    }
    let count = 0;
    let total = 0;
    for (const ref of manifest.files.chunks) {
      for (const entry of await chunk(ref.cid, ref.documents, ref.bytes)) {
        const cid = String(entry.c);
        const size = Number(entry.s);
        if (!held.has(cid)) throw bad(`file content ${cid} was not received`);
        const stored = await this.o.store.blocks.size(cid);
        if (stored !== size) throw bad(`file content ${cid} has ${stored} bytes, the file list says ${size}`);
        count++;
        total += size;
      }
    }
    if (count !== manifest.files.count || total !== manifest.files.bytes) {
      throw bad(
        `the file list holds ${count} contents / ${total} bytes, the manifest says ${manifest.files.count} / ${manifest.files.bytes}`,
      );
    }
  }

  async abort(caller: NodeCaller, attemptId: string): Promise<void> {
    const { userDid, nodeDid } = caller;
    const record = await this.o.records.find(userDid);
    if (record?.pending?.id !== attemptId || record.pending.sourceDid !== nodeDid) return;
    await this.abandon(userDid, attemptId);
  }

  private async abandon(userDid: string, attemptId: string): Promise<void> {
    if (await this.o.records.abandon(userDid, attemptId)) {
      await this.o.store.release(attemptId);
      this.o.log.info({ attempt: attemptId }, 'backup: attempt abandoned, its holds released');
    }
  }

  /** The last good backup's manifest (for a restore). */
  async manifest(caller: NodeCaller) {
    const { userDid } = caller;
    const record = await this.o.records.find(userDid);
    if (!record?.current)
      throw new CellaError('BACKUP_NOT_FOUND', 'there is no complete backup of this vault here');
    return { summary: summaryOf(record.current), manifest: await this.readManifest(record.current) };
  }

  async readManifest(current: CurrentBackup): Promise<Manifest> {
    const parts: Uint8Array[] = [];
    for (const cid of current.manifestCids) parts.push(await this.o.store.blocks.readBlock(cid));
    const manifest = manifestSchema.parse(JSON.parse(Buffer.concat(parts).toString('utf8')));
    if (manifestHash(manifest) !== current.manifestHash)
      throw new CellaError('INTERNAL', 'the stored backup manifest is damaged');
    return manifest;
  }

  /** A CAR of whole DAGs (`roots`) and single blocks (`cids`) of the user's last good backup. */
  async exportBlocks(
    caller: NodeCaller,
    roots: string[],
    cids: string[],
  ): Promise<AsyncIterable<Uint8Array>> {
    const { userDid } = caller;
    const record = await this.o.records.find(userDid);
    if (!record?.current)
      throw new CellaError('BACKUP_NOT_FOUND', 'there is no complete backup of this vault here');
    const held = await this.o.store.heldBy(record.current.id);
    for (const cid of [...roots, ...cids]) {
      if (!held.has(cid)) throw new CellaError('NOT_FOUND', `${cid} is not part of this vault's backup`);
    }
    const blocks = this.o.store.blocks;
    const list = async function* (): AsyncGenerator<string> {
      for (const root of roots) yield* blocks.blocksOf(root);
      yield* cids;
    };
    return blocks.exportCar(roots, list());
  }

  /**
   * Abandons attempts idle for longer than `staleAttemptSeconds` and releases holds no record
   * names (a crash between a switch and its release). Returns whether an attempt is active (the
   * caller then skips gc, which would collect blocks sent but not yet held).
   */
  async housekeeping(): Promise<{ active: boolean; abandoned: number; released: number }> {
    const now = this.now();
    let active = false;
    let abandoned = 0;
    const live = new Set<string>();
    for (const record of await this.o.records.all()) {
      if (record.current) live.add(record.current.id);
      if (!record.pending) continue;
      if (record.pending.updatedAt <= now - this.o.staleAttemptSeconds) {
        if (await this.o.records.abandon(record.userDid, record.pending.id)) abandoned++;
      } else {
        live.add(record.pending.id);
        active = true;
      }
    }
    let released = 0;
    for (const attempt of await this.o.store.attempts()) {
      if (!live.has(attempt)) {
        await this.o.store.release(attempt);
        released++;
      }
    }
    return { active, abandoned, released };
  }
}

function overQuota(bytes: number, record: BackupRecord): CellaError {
  return new CellaError(
    'INSUFFICIENT_STORAGE',
    `the backup needs ${bytes} bytes but the backup plan "${record.plan}" on the backup node allows ${record.quota} bytes: upgrade the backup plan there`,
  );
}
