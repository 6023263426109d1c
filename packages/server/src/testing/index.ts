export { shareIdentity, spawnNode, startFlags, type SpawnedNode, type SpawnOptions } from './spawn-node.js';
export { startProxy, type RoundRobinProxy, type Served } from './round-robin-proxy.js';
export {
  blockBackends,
  kuboBackend,
  startScaleOut,
  type BlockBackend,
  type BlockBackendFactory,
  type ScaleOut,
  type ScaleOutOptions,
} from './scale-out.js';
export { createTestCertificate, trustingFetch, type TestCertificate } from './test-certificate.js';
export { mountSmallDisk, type SmallDisk } from './small-disk.js';
export { assertCleanLog, unexpectedLogLines, type LogCheckOptions } from './log-check.js';
