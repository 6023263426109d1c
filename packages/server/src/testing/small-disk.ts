/**
 * Test support: a real, small filesystem (a tmpfs of a given size, mounted by the test) to run a
 * node or an engine on a disk that fills up. Mounting needs root; CI runs as root. Elsewhere the
 * caller gets the reason to skip with instead of a disk.
 *
 * `fill(leave)` writes ballast files until at most `leave` bytes are free (0: until the device
 * refuses a byte, ENOSPC), `unfill()` removes them: space runs out and comes back at will.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { open, rm, statfs } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface SmallDisk {
  /** The mount point (empty at first). */
  dir: string;
  /** Bytes an unprivileged writer may still write (statfs `bavail`), as the node reads it. */
  free(): Promise<number>;
  /** Writes ballast until at most `leaveBytes` are free (0: until ENOSPC). */
  fill(leaveBytes: number): Promise<void>;
  /** Removes every ballast file. */
  unfill(): Promise<void>;
  /** Unmounts and removes the mount point. */
  unmount(): Promise<void>;
}

const CHUNK = 1024 * 1024;

/** Mounts a tmpfs of `bytes`; `{ skip }` names why not when the process is not root. */
export async function mountSmallDisk(bytes: number): Promise<SmallDisk | { skip: string }> {
  if (process.getuid?.() !== 0) {
    return { skip: 'needs root to mount a small tmpfs (mount -t tmpfs); CI runs as root' };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'cella-small-disk-'));
  try {
    await run('mount', ['-t', 'tmpfs', '-o', `size=${bytes},mode=700`, 'tmpfs', dir]);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const ballast: string[] = [];
  const free = async () => {
    const stats = await statfs(dir);
    return Number(stats.bavail) * Number(stats.bsize);
  };
  return {
    dir,
    free,
    async fill(leaveBytes) {
      const file = path.join(dir, `ballast-${ballast.length}`);
      ballast.push(file);
      const handle = await open(file, 'w');
      try {
        for (;;) {
          const room = (await free()) - leaveBytes;
          if (room <= 0 && leaveBytes > 0) return;
          const size = leaveBytes > 0 ? Math.min(CHUNK, room) : CHUNK;
          try {
            await handle.write(Buffer.alloc(size, 1));
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
            if (size === 1) return; // not one byte more
            // Fill the last pages byte by byte in shrinking writes.
            for (let piece = Math.floor(size / 2); piece >= 1; piece = Math.floor(piece / 2)) {
              await handle.write(Buffer.alloc(piece, 1)).catch(() => undefined);
            }
            return;
          }
        }
      } finally {
        await handle.close();
      }
    },
    async unfill() {
      for (const file of ballast.splice(0)) await rm(file, { force: true });
    },
    async unmount() {
      // Lazy: a process that still holds a file open (a killed node's last descriptors) cannot
      // keep the mount busy.
      await run('umount', ['-l', dir]).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
