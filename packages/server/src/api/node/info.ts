/**
 * GET /api/v2/node/info — one meaning in both dialects: Cella's fields (role, engines) and the
 * reference's (owner and the node's ownership presentation, contact, counts, machine figures).
 */
import { endpoints } from '@cella/openapi';
import { procedureFor } from '../procedures.js';
import { commitIdOf } from './version.js';
import { systemFigures } from './system-figures.js';

export const nodeInfo = procedureFor(endpoints.nodeInfo).query(async ({ ctx }) => {
  const { app } = ctx;
  const [presentation, counts, backups, latest, system] = await Promise.all([
    app.ownership.presentation(),
    app.vaults.counts(),
    app.backup.records?.countKept() ?? 0,
    app.access.latest(),
    systemFigures(app.config.dataDir),
  ]);
  return {
    service_did: app.identity.did,
    name: app.config.nodeName,
    version: app.version,
    role: app.config.role,
    document_engine: app.documents.engine,
    block_engine: app.blocks.engine,
    owner_did: app.ownership.ownerDid,
    ownership_presentation: presentation as unknown as Record<string, unknown>,
    email: app.config.nodeEmail,
    description: app.config.nodeDescription,
    last_commit_id: commitIdOf(app),
    user_count: counts.users,
    vault_count: counts.vaults,
    backup_count: backups,
    latest_access_time: latest,
    ...system,
  };
});
