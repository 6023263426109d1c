/**
 * `@cella/block-store`: the BlockStore port (its types and its one error, `BlockStoreError`) and
 * the engine-neutral helpers services use (CAR streams, the gc lock). The engines are subpaths
 * the wiring imports: `@cella/block-store/helia` (embedded default), `@cella/block-store/kubo`;
 * the shared conformance suite is `@cella/block-store/testing`.
 */
export type { AddOptions, AddResult, BlockStore, CatOptions, ReadBuffers } from './block-store.js';
export { BlockStoreError, isBlockStoreError, type BlockStoreErrorCode } from './errors.js';
export { decodeVerifiedCar, encodeCar, type Block } from './common/car.js';
export { chunkReader, type BytesReader } from './common/chunk-reader.js';
export { RwLock } from './common/rw-lock.js';
