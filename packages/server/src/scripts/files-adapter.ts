/**
 * The file executables' view of the vault file store (files-service.ts), in the reference's result
 * shapes. `fileHash` answers the reference's `SHA256` (hex of the content) plus the CID. The files
 * service keeps CIDs, not SHA-256 digests, so the digest is computed by streaming the content once
 * per CID and then remembered in the node database (`cid_sha256`): content-addressed, so the
 * cached value can never go stale.
 */
import { createHash } from 'node:crypto';
import type { Collection, Database } from '../engines/document-store.js';
import type { FilesService } from '../files/files-service.js';
import type { VaultRecord } from '../vault/vaults.js';
import type { ScriptFileProperties, ScriptFiles } from './file-port.js';

export class FilesForScripts implements ScriptFiles {
  private readonly digests: Collection;

  constructor(
    private readonly files: FilesService,
    nodeDb: Database,
  ) {
    this.digests = nodeDb.collection('cid_sha256');
  }

  async properties(vault: VaultRecord, path: string): Promise<ScriptFileProperties> {
    const entry = await this.files.stat(vault, path);
    return {
      type: entry.is_file ? 'file' : 'folder',
      name: entry.name,
      size: entry.size,
      // Folders are implicit (they exist while files lie below them) and carry no time.
      last_modify: entry.updated ?? null,
    };
  }

  async hash(vault: VaultRecord, path: string): Promise<{ SHA256: string; cid: string }> {
    const record = await this.files.file(vault, path);
    const known = await this.digests.findOne({ _id: record.cid });
    if (known && typeof known.sha256 === 'string') return { SHA256: known.sha256, cid: record.cid };
    const digest = createHash('sha256');
    for await (const chunk of this.files.read(record)) digest.update(chunk);
    const sha256 = digest.digest('hex');
    await this.digests.updateOne({ _id: record.cid }, { $set: { sha256 } }, { upsert: true });
    return { SHA256: sha256, cid: record.cid };
  }

  async assertFile(vault: VaultRecord, path: string): Promise<void> {
    await this.files.file(vault, path);
  }
}
