/**
 * A CARv1 stream read one section at a time (@ipld/car's incremental decoder: one block in memory),
 * with a look at the next section's CID before its bytes are read — a reader of the format decides
 * from the CID alone whether the block is the one the layout puts there. Sizes are bounded, so a
 * hostile stream cannot make a reader buffer more than one block.
 */
import { asyncIterableReader, readBlockHead, readHeader } from '@ipld/car/decoder';
import type { CID } from 'multiformats/cid';
import { varint } from 'multiformats';
import { ExportFormatError } from './errors.js';

/** The largest block a reader takes (the node's file blocks are 1 MiB; kubo's at most 2 MiB). */
export const MAX_BLOCK_BYTES = 4 * 1024 * 1024;
const MAX_HEADER_BYTES = 64 * 1024;

/**
 * What the sections are read through: @ipld/car's reader by default (it copies a read that spans
 * the source's chunks); a reader with `parts` hands a block on as views of the chunks holding it.
 */
export interface BytesReader {
  upTo(length: number): Promise<Uint8Array>;
  exactly(length: number, seek?: boolean): Promise<Uint8Array>;
  seek(length: number): void;
  /** The next `length` bytes as consecutive views of the source's chunks (no copy), read past. */
  parts?(length: number): Promise<Uint8Array[]>;
  readonly pos: number;
}

function failure(error: unknown, what: string): ExportFormatError {
  const message = error instanceof Error ? error.message : String(error);
  if (/unexpected end of data/i.test(message))
    return new ExportFormatError('TRUNCATED', `the file ends in the middle of ${what}`, { cause: error });
  return new ExportFormatError('NOT_AN_EXPORT', `${what} is not CARv1: ${message}`, { cause: error });
}

export class CarSections {
  private next: { cid: CID; blockLength: number } | null | undefined;
  /** Sections read so far. */
  count = 0;

  private constructor(
    private readonly reader: BytesReader,
    readonly root: CID,
  ) {}

  /** Reads the header: a CARv1 with exactly one root. */
  static async open(
    source: AsyncIterable<Uint8Array>,
    makeReader: (source: AsyncIterable<Uint8Array>) => BytesReader = asyncIterableReader,
  ): Promise<CarSections> {
    const reader = makeReader(source);
    const head = await reader.upTo(8);
    if (head.length === 0) throw new ExportFormatError('NOT_AN_EXPORT', 'the file is empty');
    let length: number;
    try {
      [length] = varint.decode(head);
    } catch (error) {
      throw failure(error, 'the CAR header');
    }
    if (length > MAX_HEADER_BYTES)
      throw new ExportFormatError('NOT_AN_EXPORT', `a CAR header of ${length} bytes is not a vault export's`);
    let header;
    try {
      header = await readHeader(reader, 1);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new ExportFormatError('NOT_AN_EXPORT', `the file is not a CARv1 vault export: ${message}`, {
        cause: error,
      });
    }
    if (header.roots.length !== 1)
      throw new ExportFormatError(
        'NOT_AN_EXPORT',
        `a vault export's CAR names one root; this one names ${header.roots.length}`,
      );
    return new CarSections(reader, header.roots[0]!);
  }

  /** Bytes read so far. */
  get position(): number {
    return this.reader.pos;
  }

  /** The CID of the next section, or null at the end of the stream. */
  async peek(): Promise<CID | null> {
    if (this.next === undefined) {
      if ((await this.reader.upTo(1)).length === 0) this.next = null;
      else {
        try {
          const { cid, blockLength } = await readBlockHead(this.reader);
          this.next = { cid, blockLength };
        } catch (error) {
          throw failure(error, `section ${this.count + 1}`);
        }
        if (this.next.blockLength < 0 || this.next.blockLength > MAX_BLOCK_BYTES)
          throw new ExportFormatError(
            'TOO_LARGE',
            `block ${this.next.cid.toString()} of ${this.next.blockLength} bytes is larger than ${MAX_BLOCK_BYTES}`,
          );
      }
    }
    return this.next?.cid ?? null;
  }

  /** The next section's bytes (its CID was `peek`ed); null at the end. */
  async take(): Promise<{ cid: CID; bytes: Uint8Array } | null> {
    const cid = await this.peek();
    if (cid === null) return null;
    const bytes = await this.read(cid, (length) => this.reader.exactly(length, true));
    return { cid, bytes };
  }

  /** Whether `takeParts` hands blocks on uncopied (the reader has `parts`). */
  get readsParts(): boolean {
    return this.reader.parts !== undefined;
  }

  /** The next section's bytes as views of the source's chunks (see `readsParts`); null at the end. */
  async takeParts(): Promise<{ cid: CID; parts: Uint8Array[]; length: number } | null> {
    const cid = await this.peek();
    if (cid === null) return null;
    const length = this.next!.blockLength;
    const parts = await this.read(cid, (n) =>
      this.reader.parts !== undefined ? this.reader.parts(n) : this.reader.exactly(n, true).then((b) => [b]),
    );
    return { cid, parts, length };
  }

  private async read<T>(cid: CID, read: (length: number) => Promise<T>): Promise<T> {
    const { blockLength } = this.next!;
    this.next = undefined;
    let out: T;
    try {
      out = await read(blockLength);
    } catch (error) {
      throw failure(error, `block ${cid.toString()}`);
    }
    this.count++;
    return out;
  }
}
