/**
 * What the file executables need from the vault's file store. The files service implements it
 * (through `files-adapter.ts`); keeping the seam narrow means scripts never reach file internals.
 */
import type { VaultSpace } from '../vault/spaces.js';

/** The reference's fileProperties result. */
export interface ScriptFileProperties {
  type: 'file' | 'folder';
  /** The path inside the vault. */
  name: string;
  size: number;
  /** Epoch seconds of the last change of a file; null for a folder (folders are implicit). */
  last_modify: number | null;
}

export interface ScriptFiles {
  /** Properties of the file or folder at `path`; FILE_NOT_FOUND when there is neither. */
  properties(vault: VaultSpace, path: string): Promise<ScriptFileProperties>;
  /** The reference's `{SHA256}` (hex of the content) plus the CID; FILE_NOT_FOUND when missing. */
  hash(vault: VaultSpace, path: string): Promise<{ SHA256: string; cid: string }>;
  /** Throws FILE_NOT_FOUND unless a file (not a folder) exists at `path`. */
  assertFile(vault: VaultSpace, path: string): Promise<void>;
  /** True when a file uploaded as public is at `path`. */
  isPublic(vault: VaultSpace, path: string): Promise<boolean>;
}
