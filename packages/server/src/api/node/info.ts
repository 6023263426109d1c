import { endpoints } from '@cella/openapi';
import { procedureFor } from '../procedures.js';

export const nodeInfo = procedureFor(endpoints.nodeInfo).query(async ({ ctx }) => ({
  service_did: ctx.app.identity.did,
  name: ctx.app.config.nodeName,
  version: ctx.app.version,
  role: ctx.app.config.role,
  document_engine: ctx.app.documents.engine,
  block_engine: ctx.app.blocks.engine,
}));
