import { endpoints, schemas } from '@cella/openapi';
import type { AppContext } from '../../context.js';
import { procedureFor } from '../procedures.js';

/**
 * `GET /node/version`: the Hive Node API level served, as `{major, minor, patch, version}` (what the
 * reference answers and the Hive SDKs read), and the node software's own version.
 */
export function versionAnswer(app: Pick<AppContext, 'version'>) {
  const version = schemas.node.HIVE_API_VERSION;
  const [major = 0, minor = 0, patch = 0] = version.split('.').map((part) => Number.parseInt(part, 10));
  return { major, minor, patch, version, node_version: app.version };
}

/** The build's git commit when the build set `CELLA_COMMIT_ID`, else the version. */
export function commitIdOf(app: Pick<AppContext, 'config' | 'version'>): string {
  return app.config.commitId ?? app.version;
}

export const nodeVersion = procedureFor(endpoints.nodeVersion).query(async ({ ctx }) =>
  versionAnswer(ctx.app),
);
