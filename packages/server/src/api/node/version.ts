import { endpoints } from '@cella/openapi';
import type { AppContext } from '../../context.js';
import { procedureFor } from '../procedures.js';

/** `{major, minor, patch, version}` of the node's version (the reference's fields plus the string). */
export function versionParts(version: string) {
  const [major = 0, minor = 0, patch = 0] = version
    .split(/[.-]/)
    .map((part) => Number.parseInt(part, 10) || 0);
  return { major, minor, patch, version };
}

/** The build's git commit when the build set `CELLA_COMMIT_ID`, else the version. */
export function commitIdOf(app: Pick<AppContext, 'config' | 'version'>): string {
  return app.config.commitId ?? app.version;
}

export const nodeVersion = procedureFor(endpoints.nodeVersion).query(async ({ ctx }) =>
  versionParts(ctx.app.version),
);
