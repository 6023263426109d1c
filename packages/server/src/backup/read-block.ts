import type { BlockStore } from '@cella/block-store';

/** The bytes of a single raw block (a chunk, a manifest part): its "file" is the block itself. */
export async function readBlock(blocks: BlockStore, cid: string): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for await (const part of blocks.cat(cid)) parts.push(part);
  return parts.length === 1 ? parts[0]! : Buffer.concat(parts);
}
