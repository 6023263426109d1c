// vitest setup file: the Node 20 polyfills the server needs (see packages/server/src/node-shims.ts).
import '../packages/server/src/node-shims.js';
