/** Shared helpers of the backup tests. */
import { createHash, randomBytes } from 'node:crypto';
import { createDocument, createPresentation, decodeJwt, type Signer } from '@cella/did';
import {
  connect,
  createDevIdentity,
  issueBackupCredential,
  type BackupState,
  type DevIdentity,
  type Vault,
} from '@cella/sdk';

export interface User extends DevIdentity {
  /** Signed in to `url`. */
  on(url: string): Promise<Vault>;
}

/**
 * The backup nodes of these tests listen on 127.0.0.1, a loopback address a primary refuses to
 * call on a user's behalf unless its operator allow-lists it (src/outbound).
 */
export const ALLOW_LOOPBACK = { CELLA_OUTBOUND_ALLOW: '127.0.0.1' } as const;

export function newUser(method: 'elastos' | 'key' = 'elastos'): User {
  const identity = createDevIdentity(method);
  return { ...identity, on: (url: string) => connect({ url, signer: identity.signer }) };
}

/** Deterministic pseudo-random bytes (so a test can build the same file again). */
export function bytesOf(seed: string, size: number): Buffer {
  const out = Buffer.alloc(size);
  let block = createHash('sha256').update(seed).digest();
  for (let offset = 0; offset < size; offset += block.length) {
    out.set(block.subarray(0, Math.min(block.length, size - offset)), offset);
    block = createHash('sha256').update(block).digest();
  }
  return out;
}

export const randomFile = (size: number) => new Uint8Array(randomBytes(size));

/** Waits for the running job to end and returns its final state. */
export async function settled(vault: Vault, timeoutMs = 60_000): Promise<BackupState> {
  const signal = AbortSignal.timeout(timeoutMs);
  return vault.backup.watch(undefined, { intervalMs: 100, signal });
}

/**
 * Every document and every index created through the API of every collection, and every file
 * (path → bytes) of a vault, read through the SDK. Automatic indexes are left out: queries make them.
 */
export async function contentsOf(vault: Vault): Promise<{
  documents: Record<string, unknown[]>;
  indexes: Record<string, unknown[]>;
  files: Record<string, string>;
}> {
  const documents: Record<string, unknown[]> = {};
  const indexes: Record<string, unknown[]> = {};
  for (const name of await vault.db.listCollections()) {
    documents[name] = await vault.db
      .collection(name)
      .find({}, { sort: { _id: 1 } })
      .toArray();
    indexes[name] = (await vault.db.collection(name).listIndexes())
      .filter((i) => !i.auto)
      .map((i) => ({ ...i, key: Object.entries(i.key) }));
  }
  const files: Record<string, string> = {};
  for (const f of await vault.files.list('', { recursive: true })) {
    if (!f.is_file) continue;
    files[f.name] = createHash('sha256')
      .update(await vault.files.bytes(f.name))
      .digest('hex');
  }
  return { documents, indexes, files };
}

/**
 * A BackupToken for the internal backup API of the backup node at `url`, got as a vault node gets
 * one to back a user's vault up there: `signin` with a calling node's document (a fresh did:key),
 * then `backup_auth` presenting the user's backup credential about that node.
 */
export async function backupTokenFor(url: string, user: Signer): Promise<string> {
  const caller = createDevIdentity('key').signer;
  const nodeDid = (await (await connect({ url, signer: user })).node.info()).service_did;
  const credential = await issueBackupCredential(user, {
    sourceNodeDid: caller.did,
    targetNodeDid: nodeDid,
    targetUrl: url,
  });
  const post = async (route: string, body: unknown) => {
    const response = await fetch(`${url}/api/v2/did/${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (response.status !== 201) throw new Error(`${route}: ${response.status} ${await response.text()}`);
    return (await response.json()) as Record<string, string>;
  };
  const { challenge } = await post('signin', { document: await createDocument(caller) });
  const nonce = String(decodeJwt(challenge!).claims.nonce);
  const presentation = await createPresentation(caller, { credentials: [credential], realm: nodeDid, nonce });
  return (await post('backup_auth', { challenge_response: presentation })).token!;
}
