/**
 * The node's own DID and key: created on first start, kept in `<dataDir>/identity/node-key.json`
 * (mode 600 in a 700 directory, written atomically and never overwritten), reused afterwards.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { createFileExclusive, ensurePrivateDir, SECRET_FILE_MODE } from '@cella/chain/atomic-write';
import {
  bytesToHex,
  createDocument,
  createKeySigner,
  generateKeyPair,
  hexToBytes,
  type DIDDocument,
  type Signer,
} from '@cella/did';
import { z } from 'zod';
import type { Logger } from '../logger.js';

export interface NodeIdentity {
  did: string;
  signer: Signer;
  document: DIDDocument;
}

const keyFileSchema = z.object({
  version: z.literal(1),
  did: z.string(),
  privateKey: z.string().regex(/^[0-9a-f]{64}$/),
});

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

export function identityFile(dataDir: string): string {
  return path.join(dataDir, 'identity', 'node-key.json');
}

export async function loadOrCreateNodeIdentity(dataDir: string, log: Logger): Promise<NodeIdentity> {
  const file = identityFile(dataDir);
  await ensurePrivateDir(path.dirname(file), dataDir);
  if (!(await exists(file))) {
    // Exclusive: of two processes starting on a fresh data dir, one key wins and both use it.
    const { privateKey } = generateKeyPair();
    const fresh = createKeySigner(privateKey);
    const created = await createFileExclusive(
      file,
      `${JSON.stringify({ version: 1, did: fresh.did, privateKey: bytesToHex(privateKey) }, null, 2)}\n`,
    );
    if (created) log.info({ did: fresh.did }, 'created the node identity');
  }

  const stat = await fs.stat(file);
  if ((stat.mode & 0o077) !== 0) {
    log.warn({ file }, 'the node key file was readable by others; restricting it to mode 600');
    await fs.chmod(file, SECRET_FILE_MODE);
  }
  let parsed: z.infer<typeof keyFileSchema>;
  try {
    parsed = keyFileSchema.parse(JSON.parse(await fs.readFile(file, 'utf8')));
  } catch (error) {
    throw new Error(`the node key file ${file} is damaged: ${(error as Error).message}`, { cause: error });
  }
  const signer = createKeySigner(hexToBytes(parsed.privateKey));
  if (signer.did !== parsed.did) throw new Error(`the node key file ${file} does not match its DID`);
  return { did: signer.did, signer, document: await createDocument(signer) };
}
