export {
  createHeliaBlockStore,
  type HeliaBlockStore,
  type HeliaBlockStoreOptions,
} from './helia-block-store.js';
export { BlockStoreError, isBlockStoreError, type BlockStoreErrorCode } from './errors.js';
