/**
 * A temporary file of chunks waiting to be sent (`<dataDir>/backup-spool/`): the database is read
 * once, the chunks the backup node lacks are kept here rather than in memory, and sent afterwards,
 * so the totals are known before the first byte moves and memory stays flat whatever the size.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, open, rm, type FileHandle } from 'node:fs/promises';
import path from 'node:path';

export interface SpooledChunk {
  cid: string;
  offset: number;
  length: number;
}

export class Spool {
  /** What was appended, in order (unless the spool was made without its index). */
  readonly entries: SpooledChunk[] = [];
  bytes = 0;
  private handle: FileHandle | undefined;

  private constructor(
    readonly file: string,
    private readonly indexed: boolean,
  ) {}

  /** `indexed: false`: the caller keeps what `append` returns (memory stays flat however many chunks). */
  static async create(dir: string, options: { indexed?: boolean } = {}): Promise<Spool> {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const spool = new Spool(path.join(dir, `${randomUUID()}.spool`), options.indexed ?? true);
    spool.handle = await open(spool.file, 'w+', 0o600);
    return spool;
  }

  async append(cid: string, bytes: Uint8Array): Promise<SpooledChunk> {
    await this.handle!.write(bytes, 0, bytes.length, this.bytes);
    const entry = { cid, offset: this.bytes, length: bytes.length };
    if (this.indexed) this.entries.push(entry);
    this.bytes += bytes.length;
    return entry;
  }

  async read(entry: SpooledChunk): Promise<Uint8Array> {
    const buffer = Buffer.allocUnsafe(entry.length);
    const { bytesRead } = await this.handle!.read(buffer, 0, entry.length, entry.offset);
    if (bytesRead !== entry.length) throw new Error('the backup spool file is truncated');
    return buffer;
  }

  async close(): Promise<void> {
    await this.handle?.close().catch(() => undefined);
    this.handle = undefined;
    await rm(this.file, { force: true });
  }

  /** Leftovers of runs killed before they cleaned up. */
  static async clear(dir: string): Promise<void> {
    await rm(dir, { recursive: true, force: true });
  }
}
