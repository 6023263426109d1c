/**
 * The file executables' view of the vault file store (files-service.ts), in the reference's result
 * shapes. `fileHash` answers the reference's `SHA256` (hex of the content) plus the CID; the files
 * service computes the digest once per CID and keeps it with the CID's reference count.
 */
import type { FilesService } from '../files/files-service.js';
import type { VaultSpace } from '../vault/spaces.js';
import type { ScriptFileProperties, ScriptFiles } from './file-port.js';

export class FilesForScripts implements ScriptFiles {
  constructor(private readonly files: FilesService) {}

  async properties(vault: VaultSpace, path: string): Promise<ScriptFileProperties> {
    const entry = await this.files.stat(vault, path);
    return {
      type: entry.is_file ? 'file' : 'folder',
      name: entry.name,
      size: entry.size,
      // Folders are implicit (they exist while files lie below them) and carry no time.
      last_modify: entry.updated ?? null,
    };
  }

  async hash(vault: VaultSpace, path: string): Promise<{ SHA256: string; cid: string }> {
    const record = await this.files.file(vault, path);
    return { SHA256: await this.files.sha256(record), cid: record.cid };
  }

  async assertFile(vault: VaultSpace, path: string): Promise<void> {
    await this.files.file(vault, path);
  }

  async isPublic(vault: VaultSpace, path: string): Promise<boolean> {
    return (await this.files.publicFile(vault, path)) !== null;
  }
}
