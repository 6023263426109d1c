export {
  createClusterBlockStore,
  type ClusterBlockStore,
  type ClusterBlockStoreOptions,
} from './cluster-block-store.js';
