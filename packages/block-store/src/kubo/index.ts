export {
  createKuboBlockStore,
  KUBO_ADD_PARAMS,
  type KuboBlockStore,
  type KuboBlockStoreOptions,
} from './kubo-block-store.js';
