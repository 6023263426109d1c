export { spawnNode, type SpawnedNode, type SpawnOptions } from './spawn-node.js';
