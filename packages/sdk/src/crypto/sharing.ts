/**
 * Sharing encrypted data with a friend's DID, and taking it back.
 *
 * Share: the secret that opens the data (a collection generation's secret, or a file's key) is
 * wrapped for the friend's P-256 key (wrap.ts) and stored as a record in `cella_keys`; a stored
 * script, runnable only by DIDs that have such a record, hands the friend the record and the
 * ciphertext (the collection's documents in pages, or a download transaction of the file). The
 * friend's SDK unwraps with their own key and opens the data; the node never sees the secret.
 *
 * Revoke: a friend who had the secret may have kept it, so the data is sealed again under a new
 * secret (a collection's next generation; a file's new key), re-wrapped for the friends that keep
 * access, and the revoked friend's record is deleted.
 */
import {
  CellaApiError,
  CellaCryptoError,
  type DownloadOptions,
  type EncryptedFindOptions,
  type EncryptionHost,
  type OpenSharedOptions,
  type Recipient,
  type ShareOptions,
} from '@cella/sdk';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/ciphers/utils.js';
import { collectionKeys, openDocuments, generationOf } from './cella-documents.js';
import { CELLA_FILE_HEADER_BYTES, parseHeader, ownerFileKey } from './cella-files.js';
import { openDownload } from './encrypted-files.js';
import type { EncryptedCollectionImpl } from './encrypted-collection.js';
import { cryptoHost, keyringOf, type CryptoHost } from './host.js';
import {
  collectionTarget,
  fileTarget,
  KEYS_COLLECTION,
  KeyRecords,
  shareId,
  type ShareRecord,
} from './key-records.js';
import { matches, project, sortDocuments } from './query.js';
import { recipientKey } from './recipient.js';
import { b64, concat, unb64, utf8 } from './bytes.js';
import { unwrapWith, wrapFor, type AgreementKey } from './wrap.js';
import { piecesOf } from './byte-queue.js';

type Doc = Record<string, unknown>;

const PAGE = 1000;
const collectionContext = (owner: string, name: string, generation: number) =>
  `collection\0${owner}\0${name}\0${generation}`;
const fileContext = (owner: string, keyId: string) => `file\0${owner}\0${keyId}`;
const SCRIPT_NAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$/;

function shareCondition(target: string) {
  return {
    type: 'queryHasResults' as const,
    collection: KEYS_COLLECTION,
    filter: { kind: 'share', target, recipient: '$caller_did' },
  };
}

function defaultScript(prefix: string, name: string): string {
  const script = `${prefix}-${name}`;
  return SCRIPT_NAME.test(script) && !script.startsWith('__')
    ? script
    : `${prefix}-${bytesToHex(sha256(utf8(name))).slice(0, 16)}`;
}

/** Runs the owner's share script; a refusal of its condition (400) is NOT_SHARED. */
async function runShare<T>(host: CryptoHost, options: OpenSharedOptions, params?: Doc): Promise<T> {
  try {
    return await host.scripts.run<T>(options.script, { owner: options.owner, ...(params ? { params } : {}) });
  } catch (error) {
    if (error instanceof CellaApiError && error.status === 400)
      throw new CellaCryptoError(
        'NOT_SHARED',
        `${options.owner} shares nothing with ${host.did} through ${options.script} (the node answered: ${error.message})`,
        { cause: error },
      );
    throw error;
  }
}

/** Wraps `secret` for `friend` and stores their share record of `target` (new, or again at a revocation). */
async function putShare(
  records: KeyRecords,
  owner: string,
  friend: AgreementKey & { did: string },
  target: string,
  secret: Uint8Array,
  context: string,
  fields: { generation: number; path?: string },
): Promise<void> {
  await records.put({
    _id: shareId(target, friend.did),
    kind: 'share',
    target,
    recipient: friend.did,
    recipientKey: b64(friend.publicKey),
    owner,
    ...fields,
    ...(await wrapFor(friend, secret, context)),
  });
}

/** The friend a share record was made for, to wrap for again. */
const friendOf = (share: ShareRecord): AgreementKey & { did: string } => ({
  did: share.recipient,
  alg: share.alg === 'X25519' ? 'X25519' : 'P-256',
  publicKey: unb64(share.recipientKey),
});

/**
 * Runs the owner's share script and unwraps the caller's secret from the share record it answers
 * (`key`); NOT_SHARED when it answers none (or not `what` it must hold besides).
 */
async function openShare<T extends { key?: { items?: Doc[] } }>(
  host: CryptoHost,
  options: OpenSharedOptions,
  params: Doc | undefined,
  context: (share: ShareRecord) => string,
  what: (result: T) => boolean = () => true,
): Promise<{ result: T; share: ShareRecord; secret: Uint8Array }> {
  const result = await runShare<T>(host, options, params);
  const share = result.key?.items?.[0] as ShareRecord | undefined;
  if (!share || !what(result))
    throw new CellaCryptoError(
      'NOT_SHARED',
      `${options.owner} shares nothing with ${host.did} through ${options.script}`,
    );
  return { result, share, secret: await unwrapWith(keyringOf(host).signer, share, context(share)) };
}

// ---- collections ------------------------------------------------------------------------------

export async function shareCollection(
  connection: EncryptionHost,
  collection: EncryptedCollectionImpl,
  recipient: Recipient,
  options: ShareOptions = {},
): Promise<{ script: string }> {
  const host = cryptoHost(connection);
  const { record } = await collection.cellaState();
  const target = collectionTarget(collection.name);
  await putShare(
    new KeyRecords(host),
    host.did,
    recipientKey(recipient),
    target,
    await keyringOf(host).collectionSecret(collection.name, record.generation),
    collectionContext(host.did, collection.name, record.generation),
    { generation: record.generation },
  );
  const script = options.script ?? defaultScript('cella-collection', collection.name);
  await host.scripts.register(script, {
    condition: shareCondition(target),
    executable: {
      type: 'aggregated',
      executables: [
        {
          type: 'find',
          name: 'key',
          collection: KEYS_COLLECTION,
          filter: shareCondition(target).filter,
          options: { limit: 1 },
        },
        {
          type: 'find',
          name: 'documents',
          collection: collection.name,
          filter: {},
          options: { skip: '$params.skip', limit: PAGE, sort: { _id: 1 } },
        },
      ],
    },
  });
  return { script };
}

/** Re-seals the collection under a new generation, re-wraps for everyone but `revoked`, drops `revoked`'s record. */
export async function revokeCollection(
  connection: EncryptionHost,
  collection: EncryptedCollectionImpl,
  revoked: string,
): Promise<void> {
  const host = cryptoHost(connection);
  const records = new KeyRecords(host);
  const target = collectionTarget(collection.name);
  const shares = await records.list<ShareRecord>({ kind: 'share', target });
  await records.remove({ _id: shareId(target, revoked) });
  const generation = await collection.rotate();
  const secret = await keyringOf(host).collectionSecret(collection.name, generation);
  const context = collectionContext(host.did, collection.name, generation);
  for (const share of shares) {
    if (share.recipient !== revoked)
      await putShare(records, host.did, friendOf(share), target, secret, context, { generation });
  }
}

/** What a collection's share script answers: the caller's share record, a page of documents. */
interface SharedPage {
  key?: { items?: Doc[] };
  documents?: { items?: Doc[] };
}

/** A collection a friend shared with the signed-in DID: its documents, opened here, filtered here. */
export class SharedCollection {
  private readonly host: CryptoHost;
  constructor(
    connection: EncryptionHost,
    private readonly options: OpenSharedOptions,
  ) {
    this.host = cryptoHost(connection);
  }

  private async run(skip: number) {
    return runShare<SharedPage>(this.host, this.options, { skip });
  }

  /** Every document shared (in pages of 1,000), then `filter`, `sort`, `skip`, `limit`, `projection` applied here. */
  async find<T extends Doc = Doc>(filter: Doc = {}, options: EncryptedFindOptions = {}): Promise<T[]> {
    const nameOf = (share: ShareRecord) => share.target.slice('collection:'.length);
    const { result, share, secret } = await openShare<SharedPage>(this.host, this.options, { skip: 0 }, (s) =>
      collectionContext(this.options.owner, nameOf(s), s.generation),
    );
    const name = nameOf(share);
    const keys = await collectionKeys(secret, share.generation);
    const stored = [...(result.documents?.items ?? [])];
    for (let page = stored; page.length === PAGE;) {
      page = (await this.run(stored.length)).documents?.items ?? [];
      stored.push(...page);
    }
    for (const s of stored)
      if (generationOf(s) !== share.generation)
        throw new CellaCryptoError(
          'WRONG_KEY',
          'a document is sealed under a key that was not shared with you (the owner is re-encrypting, or revoked your access)',
        );
    const docs = (await openDocuments(keys, name, stored)).filter((doc) => matches(doc, filter));
    if (options.sort) sortDocuments(docs, options.sort);
    const skip = options.skip ?? 0;
    const page = docs.slice(skip, options.limit ? skip + options.limit : undefined);
    return (options.projection ? page.map((d) => project(d, options.projection!)) : page) as T[];
  }
}

// ---- files ------------------------------------------------------------------------------------

async function fileKeyOf(host: CryptoHost, path: string) {
  const parts: Uint8Array[] = [];
  const range = { offset: 0, length: CELLA_FILE_HEADER_BYTES };
  for await (const piece of piecesOf(await host.files.download(path, { range }))) parts.push(piece);
  const header = concat(...parts);
  return ownerFileKey(await keyringOf(host).filesKey(), header);
}

export async function shareFile(
  connection: EncryptionHost,
  path: string,
  recipient: Recipient,
  options: ShareOptions = {},
): Promise<{ script: string }> {
  const host = cryptoHost(connection);
  const file = await fileKeyOf(host, path);
  const id = bytesToHex(file.id);
  await putShare(
    new KeyRecords(host),
    host.did,
    recipientKey(recipient),
    fileTarget(id),
    file.key,
    fileContext(host.did, id),
    { generation: 0, path },
  );
  const script = options.script ?? defaultScript('cella-file', path);
  await host.scripts.register(script, {
    condition: {
      type: 'queryHasResults',
      collection: KEYS_COLLECTION,
      filter: { kind: 'share', path, recipient: '$caller_did' },
    },
    executable: {
      type: 'aggregated',
      executables: [
        {
          type: 'find',
          name: 'key',
          collection: KEYS_COLLECTION,
          filter: { kind: 'share', path, recipient: '$caller_did' },
          options: { limit: 1 },
        },
        { type: 'fileDownload', name: 'file', path },
      ],
    },
  });
  return { script };
}

/** Re-encrypts the file under a new key (streaming), re-wraps it for everyone but `revoked`. */
export async function revokeFile(connection: EncryptionHost, path: string, revoked: string): Promise<void> {
  const host = cryptoHost(connection);
  const records = new KeyRecords(host);
  const shares = await records.list<ShareRecord>({ kind: 'share', path });
  // Streamed: the old ciphertext is opened as the new one is sealed and uploaded (a new file key).
  await host.files.upload(path, await host.files.download(path, { decrypt: true }), { encrypt: true });
  const next = await fileKeyOf(host, path);
  const id = bytesToHex(next.id);
  await records.remove({ kind: 'share', path });
  for (const share of shares) {
    if (share.recipient !== revoked)
      await putShare(
        records,
        host.did,
        friendOf(share),
        fileTarget(id),
        next.key,
        fileContext(host.did, id),
        {
          generation: 0,
          path,
        },
      );
  }
}

/** Downloads and opens a file a friend shared with the signed-in DID. */
export async function openSharedFile(
  connection: EncryptionHost,
  options: OpenSharedOptions & Pick<DownloadOptions, 'onProgress' | 'signal'>,
): Promise<ReadableStream<Uint8Array>> {
  const host = cryptoHost(connection);
  const idOf = (share: ShareRecord) => share.target.slice('file:'.length);
  const {
    result,
    share,
    secret: key,
  } = await openShare<{
    key?: { items?: Doc[] };
    file?: { transaction_id?: string };
  }>(
    host,
    options,
    undefined,
    (s) => fileContext(options.owner, idOf(s)),
    (r) => Boolean(r.file?.transaction_id),
  );
  const id = idOf(share);
  const ciphertext = await host.scripts.streamByTransaction(
    result.file!.transaction_id!,
    options.signal ? { signal: options.signal } : {},
  );
  return openDownload(host, ciphertext, {
    ...options,
    keyFor: async (header) => {
      const parsed = parseHeader(header);
      if (bytesToHex(parsed.id) !== id)
        throw new CellaCryptoError(
          'WRONG_KEY',
          'the file was encrypted again under a key not shared with you (access revoked?)',
        );
      return { id: parsed.id, key };
    },
  });
}
