/** `@cella/block-store/testing`: the conformance suite every engine runs, and throwaway kubo daemons. */
export { runBlockStoreConformance, type MakeBlockStore } from './conformance.js';
export { KUBO_SH, kuboBinary, startKubo, type KuboDaemon } from './kubo-daemon.js';
export { clusterAvailable, startCluster, type TestCluster } from './cluster-daemon.js';
