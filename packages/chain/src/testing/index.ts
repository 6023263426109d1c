// @cella/chain/testing: the test servers of the chain stack. anvil is a real EVM; the main chain
// and arbiter servers are stand-ins for binaries that cannot run here (see each file's header).
export * from './main-chain-stand-in.js';
export * from './arbiter-stand-in.js';
export * from './anvil.js';
export type { RunningServer } from './http-server.js';
