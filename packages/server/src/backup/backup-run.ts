/**
 * One backup run on the primary node, from a consistent read of the vault to the backup node's
 * verified switch:
 *
 *  1. sign in to the backup node with the user's credential; open (or resume) an attempt;
 *  2. read the vault database once, as content-defined chunks; per window of chunks, ask the
 *     backup node to hold those it already has — the others go to a local spool file; collect the
 *     file contents the `__files__` metadata names, and ask the same about them;
 *  3. now the totals are known (only what the backup node lacks): send the spooled chunks as
 *     gzip-compressed CAR streams, then each missing file's missing blocks as CAR streams, each
 *     followed by "hold these" to confirm they arrived complete;
 *  4. commit the manifest: the backup node verifies everything and only then switches.
 *
 * Resuming after a crash on either side is running this again: the attempt is the same, whatever
 * already arrived is held or stored, and only the rest travels.
 */
import type { Collection, Document } from '@cella/document-store';
import { isBlockStoreError } from '@cella/block-store';
import { CellaError } from '../errors.js';
import { schemas } from '@cella/openapi';
import { filesCollectionsOf } from '../files/vault-refs.js';
import { apiIndexes } from '../vault/api-indexes.js';
import { isFilesCollection } from '../vault/names.js';
import type { VaultRecord } from '../vault/vaults.js';
import { carOf } from './car-blocks.js';
import { Chunker, chunkDatabase, encodeEntry, type Chunk } from './chunks.js';
import type { BackupGrant } from './credential.js';
import {
  manifestHash,
  manifestSchema,
  totalsOf,
  type ChunkRef,
  type Manifest,
  type ManifestIndex,
} from './manifest.js';
import type { PrimaryDeps } from './primary-deps.js';
import { TransientError, type ProgressSink } from './progress.js';
import type { Dispatcher } from 'undici';
import type { BackupNodeClient } from './remote.js';
import { Spool } from './spool.js';

const WINDOW_CHUNKS = 1000;
const WINDOW_BYTES = 16 * 1024 * 1024;
const CAR_SEGMENT_BYTES = 32 * 1024 * 1024;
const FILE_GROUP_BYTES = 64 * 1024 * 1024;
const ROOTS_PER_CALL = 1000;
const CIDS_PER_CALL = 10_000;

export interface RunInput {
  userDid: string;
  grant: BackupGrant;
  signal: AbortSignal;
  progress: ProgressSink;
  /** Set once the backup node opened the attempt (to abandon it if the run fails for good). */
  onAttempt?: (client: BackupNodeClient, attemptId: string) => void;
}

/** The HTTP client (undici) loads with the first backup or restore, not when the node starts. */
export async function clientFor(
  deps: PrimaryDeps,
  input: Pick<RunInput, 'grant' | 'signal' | 'userDid'>,
  userDocument: unknown,
): Promise<BackupNodeClient> {
  const { BackupNodeClient } = await import('./remote.js');
  let { grant } = input;
  let dispatcher: Dispatcher;
  if (grant.targetDid === deps.identity.did) {
    // A backup to this very node (the backup store, apart from the vault): the node's own address,
    // whatever URL the credential names (it may be one this node cannot reach itself by).
    const self = deps.self();
    if (!self.keepsBackups) throw notBackupNode();
    if (!self.url) throw new TransientError('this node is not listening yet');
    grant = { ...grant, targetUrl: self.url };
    dispatcher = await deps.outbound.selfDispatcher();
  } else {
    dispatcher = await deps.outbound.dispatcher();
  }
  return new BackupNodeClient({
    grant,
    identity: deps.identity,
    signal: input.signal,
    dispatcher,
    ...(userDocument !== undefined && input.userDid.startsWith('did:elastos:') ? { userDocument } : {}),
  });
}

/**
 * How a backup and a restore both begin: the vault, a client signed in to the backup node, and
 * `sync`, which copies the bytes that client moved into the job's progress.
 */
/** A backup to this node, which keeps no backups (`CELLA_ROLE=vault`). */
export function notBackupNode(): CellaError {
  return new CellaError(
    'BAD_REQUEST',
    'the credential names this node as the backup node, but it keeps no backups (CELLA_ROLE=vault): name a backup node',
  );
}

export async function openSession(
  deps: PrimaryDeps,
  input: RunInput,
): Promise<{ vault: VaultRecord; client: BackupNodeClient; sync: () => void }> {
  const vault = await deps.vaults.find(input.userDid);
  if (!vault) throw new CellaError('VAULT_NOT_FOUND', 'there is no vault for this user on this node');
  const client = await clientFor(deps, input, await deps.presented.get(input.userDid));
  const sync = () => input.progress.set({ network_bytes: client.networkBytes });
  input.progress.note('signing in to the backup node');
  await client.signIn();
  return { vault, client, sync };
}

/** The collection's indexes a backup keeps: those created through the API. */
async function keptIndexes(collection: Collection): Promise<ManifestIndex[]> {
  return (await apiIndexes(collection)).map((index) => ({
    name: index.name,
    keys: index.keys.map(([path, direction]) => ({ path, direction })),
    unique: index.unique,
  }));
}

function* batches<T>(items: T[], size: number): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

export async function runBackup(deps: PrimaryDeps, input: RunInput): Promise<string> {
  const { userDid, progress, signal } = input;
  const { vault, client, sync } = await openSession(deps, input);
  // The size announced up front (checked against the backup plan before anything moves): the
  // documents plus each distinct file content once, as the backup will hold them.
  const db = deps.documents.database(vault.database);
  // Every space of the vault: its file metadata collections.
  const distinct = new Map<string, number>();
  for (const name of await filesCollectionsOf(db)) {
    for (const doc of await db.collection(name).find({}, { projection: { cid: 1, size: 1 } }))
      distinct.set(String(doc.cid), Number(doc.size ?? 0));
  }
  const estimate = vault.dbUsed + [...distinct.values()].reduce((sum, size) => sum + size, 0);
  const begun = await client.json(
    'POST',
    '/api/v2/vault-backup-service/begin',
    schemas.backup.beginBackupResponse,
    { bytes: estimate },
  );
  const attempt = begun.attempt_id;
  input.onAttempt?.(client, attempt);
  const hold = async (cids: string[]): Promise<Set<string>> => {
    const missing = new Set<string>();
    for (const batch of batches(cids, ROOTS_PER_CALL)) {
      const answer = await client.json(
        'POST',
        '/api/v2/vault-backup-service/roots',
        schemas.backup.missingCids,
        { attempt_id: attempt, cids: batch },
      );
      for (const cid of answer.missing) missing.add(cid);
    }
    return missing;
  };

  const spool = await Spool.create(deps.spoolDir);
  try {
    // ── 2. Read once: chunks (spooling those the backup node lacks) and the file contents.
    progress.note(
      begun.resumed
        ? 'resuming: comparing with what the backup node holds'
        : 'comparing with what the backup node holds',
    );
    const contents = new Map<string, number>();
    const observe = (collection: string, doc: Document) => {
      if (isFilesCollection(collection) && typeof doc.cid === 'string')
        contents.set(doc.cid, Number(doc.size ?? 0));
    };
    let window: Chunk[] = [];
    let windowBytes = 0;
    const flush = async () => {
      if (window.length === 0) return;
      const missing = await hold(window.map((c) => c.cid));
      for (const chunk of window) {
        if (missing.delete(chunk.cid)) await spool.append(chunk.cid, chunk.bytes);
      }
      window = [];
      windowBytes = 0;
      sync();
    };
    const push = async (chunk: Chunk) => {
      window.push(chunk);
      windowBytes += chunk.bytes.length;
      if (window.length >= WINDOW_CHUNKS || windowBytes >= WINDOW_BYTES) await flush();
    };
    const collections: Manifest['collections'] = [];
    let refs: ChunkRef[] = [];
    for await (const event of chunkDatabase(db, observe)) {
      signal.throwIfAborted();
      if (event.kind === 'chunk') {
        refs.push({
          cid: event.chunk.cid,
          documents: event.chunk.documents,
          bytes: event.chunk.bytes.length,
        });
        await push(event.chunk);
      } else {
        const indexes = await keptIndexes(db.collection(event.name));
        collections.push({
          name: event.name,
          documents: event.documents,
          bytes: event.bytes,
          chunks: refs,
          ...(indexes.length > 0 ? { indexes } : {}),
        });
        refs = [];
      }
    }
    // The file list: one entry per distinct content, in CID order (stable between runs).
    const fileChunks: Chunk[] = [];
    const listChunker = new Chunker((chunk) => fileChunks.push(chunk));
    let filesBytes = 0;
    for (const cid of [...contents.keys()].sort()) {
      const size = contents.get(cid)!;
      filesBytes += size;
      listChunker.add(encodeEntry({ c: cid, s: size }));
    }
    listChunker.flush();
    for (const chunk of fileChunks) await push(chunk);
    await flush();
    const manifest: Manifest = manifestSchema.parse({
      version: 1,
      user_did: userDid,
      source_did: deps.identity.did,
      created: Math.floor(deps.clock() / 1000),
      collections,
      files: {
        count: contents.size,
        bytes: filesBytes,
        chunks: fileChunks.map((c) => ({ cid: c.cid, documents: c.documents, bytes: c.bytes.length })),
      },
    });
    const totals = totalsOf(manifest);
    const missingFiles = await hold([...contents.keys()]);
    const missingFileBytes = [...missingFiles].reduce((sum, cid) => sum + contents.get(cid)!, 0);
    progress.set({
      vault_bytes: totals.bytes,
      bytes_total: spool.bytes + missingFileBytes,
      items_total: spool.entries.length + missingFiles.size,
      bytes_done: 0,
      items_done: 0,
    });
    sync();

    // ── 3a. The database chunks the backup node lacks.
    progress.note(`sending ${spool.entries.length} database chunks and ${missingFiles.size} files`);
    let segment: typeof spool.entries = [];
    let segmentBytes = 0;
    const sendSegment = async () => {
      if (segment.length === 0) return;
      const entries = segment;
      const read = async function* () {
        for (const entry of entries) yield { cid: entry.cid, bytes: await spool.read(entry) };
      };
      await client.putCar(attempt, () => carOf(read()), true);
      const left = await hold(entries.map((e) => e.cid));
      if (left.size > 0)
        throw new TransientError(`the backup node did not keep ${left.size} database chunks it was sent`);
      progress.add({ bytes_done: segmentBytes, items_done: entries.length });
      sync();
      segment = [];
      segmentBytes = 0;
    };
    for (const entry of spool.entries) {
      segment.push(entry);
      segmentBytes += entry.length;
      if (segmentBytes >= CAR_SEGMENT_BYTES) await sendSegment();
    }
    await sendSegment();

    // ── 3b. The file contents the backup node lacks, only their missing blocks.
    let group: string[] = [];
    let groupBytes = 0;
    const sendGroup = async () => {
      if (group.length === 0) return;
      const roots = group;
      const blocks: string[] = [];
      try {
        for (const root of roots) for await (const cid of deps.blocks.blocksOf(root)) blocks.push(cid);
      } catch (error) {
        if (isBlockStoreError(error, 'NOT_FOUND'))
          throw new TransientError('a file was deleted or replaced while the backup read it', {
            cause: error,
          });
        throw error;
      }
      const needed: string[] = [];
      for (const batch of batches(blocks, CIDS_PER_CALL)) {
        const answer = await client.json(
          'POST',
          '/api/v2/vault-backup-service/blocks/missing',
          schemas.backup.missingCids,
          { cids: batch },
        );
        needed.push(...answer.missing);
      }
      if (needed.length > 0) await client.putCar(attempt, () => deps.blocks.exportCar([], needed), false);
      const left = await hold(roots);
      if (left.size > 0)
        throw new TransientError(`the backup node did not get ${left.size} files completely`);
      progress.add({ bytes_done: groupBytes, items_done: roots.length });
      sync();
      group = [];
      groupBytes = 0;
    };
    for (const cid of [...missingFiles].sort()) {
      signal.throwIfAborted();
      group.push(cid);
      groupBytes += contents.get(cid)!;
      if (groupBytes >= FILE_GROUP_BYTES) await sendGroup();
    }
    await sendGroup();

    // ── 4. Commit: the backup node verifies and switches.
    progress.note('the backup node is verifying the backup');
    const hash = manifestHash(manifest);
    const summary = await client.json(
      'POST',
      '/api/v2/vault-backup-service/commit',
      schemas.backup.backupSummary,
      {
        attempt_id: attempt,
        manifest,
        manifest_hash: hash,
      },
    );
    sync();
    if (
      summary.manifest_hash !== hash ||
      summary.documents !== totals.documents ||
      summary.files !== totals.files
    ) {
      throw new CellaError('INTERNAL', 'the backup node reports other figures than were sent');
    }
    const sent = client.networkBytes;
    return `backed up ${totals.documents} documents in ${totals.collections} collections and ${totals.files} files (${totals.bytes} bytes); ${spool.entries.length} chunks and ${missingFiles.size} files travelled, ${sent} bytes on the network`;
  } finally {
    await spool.close();
  }
}
