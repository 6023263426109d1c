// Crash-safe file writes for configuration and secrets: the content goes to a temporary file
// created with O_EXCL and mode 600 (fchmod'd, so the umask cannot widen it), is fsync'd, then
// renamed over the target (configs) or hard-linked to it (secrets: link fails if the target
// exists, so an existing secret is never overwritten, even by a concurrent init).
import { randomBytes } from 'node:crypto';
import { constants, promises as fs } from 'node:fs';
import path from 'node:path';

export const SECRET_FILE_MODE = 0o600;
export const SECRET_DIR_MODE = 0o700;

/** Creates each missing directory from `base` down to `dir` with mode 700; existing ones are left alone. */
export async function ensurePrivateDir(dir: string, base: string): Promise<void> {
  const rel = path.relative(base, dir);
  if (rel.startsWith('..') || path.isAbsolute(rel)) throw new Error(`${dir} is outside ${base}`);
  let current = base;
  for (const part of rel.split(path.sep).filter(Boolean)) {
    current = path.join(current, part);
    try {
      await fs.mkdir(current, { mode: SECRET_DIR_MODE });
      await fs.chmod(current, SECRET_DIR_MODE);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
}

async function fsyncDir(dir: string): Promise<void> {
  const handle = await fs.open(dir, constants.O_RDONLY);
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function writeTemp(target: string, content: string | Uint8Array, mode: number): Promise<string> {
  const tmp = path.join(
    path.dirname(target),
    `.${path.basename(target)}.${randomBytes(6).toString('hex')}.tmp`,
  );
  const handle = await fs.open(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, mode);
  try {
    await handle.chmod(mode);
    await handle.writeFile(content);
    await handle.sync();
  } catch (err) {
    await handle.close();
    await fs.rm(tmp, { force: true });
    throw err;
  }
  await handle.close();
  return tmp;
}

/** Writes or replaces `target` atomically. */
export async function writeFileAtomic(
  target: string,
  content: string | Uint8Array,
  mode: number = SECRET_FILE_MODE,
): Promise<void> {
  const tmp = await writeTemp(target, content, mode);
  try {
    await fs.rename(tmp, target);
  } catch (err) {
    await fs.rm(tmp, { force: true });
    throw err;
  }
  await fsyncDir(path.dirname(target));
}

/** Creates `target` atomically unless it exists. Returns false (and changes nothing) if it exists. */
export async function createFileExclusive(
  target: string,
  content: string | Uint8Array,
  mode: number = SECRET_FILE_MODE,
): Promise<boolean> {
  const tmp = await writeTemp(target, content, mode);
  try {
    await fs.link(tmp, target);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  } finally {
    await fs.rm(tmp, { force: true });
  }
  await fsyncDir(path.dirname(target));
  return true;
}
