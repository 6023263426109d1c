// @cella/chain: the chain-node stack as TypeScript (spec/chain-stack.md): the network table,
// typed configuration models, the init renderer and writer, RPC clients, status and doctor.
export * from './network/chain-type.js';
export * from './network/network-table.js';
export * from './network/third-sidechains.js';
export * from './layout/components.js';
export * from './layout/stack-layout.js';
export * from './models/common.js';
export * from './models/node-json.js';
export * from './models/main-config.js';
export * from './models/arbiter-config.js';
export * from './models/sidechain-flags.js';
export * from './models/oracle-env.js';
export * from './models/launch-file.js';
export * from './secrets/random.js';
export * from './secrets/evm-keystore.js';
export * from './init/public-ip.js';
export * from './init/atomic-write.js';
export * from './init/init-error.js';
export * from './init/render-init.js';
export * from './init/init-stack.js';
export * from './config/read-file.js';
export * from './config/load-stack.js';
