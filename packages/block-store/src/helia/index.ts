export {
  defaultBlockWorkers,
  createHeliaBlockStore,
  type HeliaBlockStore,
  type HeliaBlockStoreOptions,
} from './helia-block-store.js';
