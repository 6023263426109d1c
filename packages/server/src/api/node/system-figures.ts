/**
 * The machine figures node info reports (the reference's): memory used and total (the reference
 * reports the available memory as used: fixed), and the file system of the data directory.
 */
import { statfs } from 'node:fs/promises';
import { freemem, totalmem } from 'node:os';

export async function systemFigures(dataDir: string): Promise<{
  memory_used: number;
  memory_total: number;
  storage_used: number;
  storage_total: number;
}> {
  const disk = await statfs(dataDir).catch(() => null);
  return {
    memory_used: totalmem() - freemem(),
    memory_total: totalmem(),
    storage_used: disk ? (disk.blocks - disk.bfree) * disk.bsize : 0,
    storage_total: disk ? disk.blocks * disk.bsize : 0,
  };
}
