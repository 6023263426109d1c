export { spawnNode, type SpawnedNode, type SpawnOptions } from './spawn-node.js';
export { createTestCertificate, type TestCertificate } from './test-certificate.js';
