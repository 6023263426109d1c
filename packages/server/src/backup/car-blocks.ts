/** CAR streams of blocks held in memory or produced on the fly (database chunks). */
import { CID } from 'multiformats/cid';
import { decodeVerifiedCar, encodeCar, type Block } from '@cella/block-store';

export interface RawBlock {
  cid: string;
  bytes: Uint8Array;
}

export function carOf(blocks: AsyncIterable<RawBlock> | Iterable<RawBlock>): AsyncIterable<Uint8Array> {
  const list = async function* (): AsyncGenerator<Block> {
    for await (const b of blocks) yield { cid: CID.parse(b.cid), bytes: b.bytes };
  };
  return encodeCar([], list());
}

/** The blocks of a CAR stream, each verified against its CID, as (cid string, bytes). */
export async function* blocksOfCar(source: AsyncIterable<Uint8Array>): AsyncGenerator<RawBlock> {
  const car = await decodeVerifiedCar(source);
  for await (const block of car.blocks) yield { cid: block.cid.toString(), bytes: block.bytes };
}
