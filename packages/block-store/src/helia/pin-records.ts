/**
 * Recursive pins as one datastore record per root: `/cella/pins/<cid>` (empty value).
 *
 * Why not helia's `pins`: `pins.add` walks the DAG reading every block (raw leaves included) and
 * writes a reference record per block, ~1.2 s per 100 MiB (lab.md §2), so pinning a 1 GiB upload
 * would cost longer than receiving it; `pins.rm` costs the same again. A record per root makes
 * pin/unpin O(1) writes; gc derives the protected set itself (mark-and-sweep over dag-pb links).
 */
import type { FsDatastore } from 'datastore-fs';
import { Key } from 'interface-datastore';

const PREFIX = '/cella/pins';
const EMPTY = new Uint8Array(0);

export class PinRecords {
  constructor(private readonly datastore: FsDatastore) {}

  private key(cid: string): Key {
    return new Key(`${PREFIX}/${cid}`);
  }

  async add(cid: string): Promise<void> {
    await this.datastore.put(this.key(cid), EMPTY);
  }

  async remove(cid: string): Promise<void> {
    await this.datastore.delete(this.key(cid));
  }

  async has(cid: string): Promise<boolean> {
    return this.datastore.has(this.key(cid));
  }

  async *list(): AsyncGenerator<string> {
    for await (const key of this.datastore.queryKeys({ prefix: PREFIX })) yield key.baseNamespace();
  }
}
