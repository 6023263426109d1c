import { handle } from '../handler.js';

export const nodeInfo = handle('nodeInfo', async (_input, ctx) => ({
  service_did: ctx.app.identity.did,
  name: ctx.app.config.nodeName,
  version: ctx.app.version,
  role: ctx.app.config.role,
  document_engine: ctx.app.documents.engine,
  block_engine: ctx.app.blocks.engine,
}));
