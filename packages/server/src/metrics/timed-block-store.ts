/**
 * A BlockStore that reports how long each operation took (by port method name), around any engine.
 * Streamed operations (add, cat, CAR import and export, pin listings, DAG walks) pass through
 * untimed: their duration is the pace of the client or peer on the other end, not the engine's.
 */
import type { AddOptions, BlockStore, CatOptions } from '@cella/block-store';
import type { ObserveOperation } from './node-metrics.js';
import { timed } from './timed-document-store.js';

export function timedBlockStore(inner: BlockStore, observe: ObserveOperation): BlockStore {
  return {
    get engine() {
      return inner.engine;
    },
    add: (source: AsyncIterable<Uint8Array>, options?: AddOptions) => inner.add(source, options),
    cat: (cid: string, options?: CatOptions) => inner.cat(cid, options),
    size: (cid) => timed(observe, 'size', performance.now(), inner.size(cid)),
    pin: (cid) => timed(observe, 'pin', performance.now(), inner.pin(cid)),
    unpin: (cid) => timed(observe, 'unpin', performance.now(), inner.unpin(cid)),
    isPinned: (cid) => timed(observe, 'isPinned', performance.now(), inner.isPinned(cid)),
    pins: () => inner.pins(),
    gc: () => timed(observe, 'gc', performance.now(), inner.gc()),
    blocksOf: (root) => inner.blocksOf(root),
    hasBlock: (cid) => timed(observe, 'hasBlock', performance.now(), inner.hasBlock(cid)),
    readBlock: (cid, length, buffers) => inner.readBlock(cid, length, buffers),
    exportCar: (roots, blocks) => inner.exportCar(roots, blocks),
    importCar: (source) => inner.importCar(source),
    close: () => inner.close(),
  };
}
