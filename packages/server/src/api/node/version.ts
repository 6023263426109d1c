import { endpoints } from '@cella/openapi';
import { procedureFor } from '../procedures.js';

export const nodeVersion = procedureFor(endpoints.nodeVersion).query(async ({ ctx }) => {
  const [major = 0, minor = 0, patch = 0] = ctx.app.version
    .split(/[.-]/)
    .map((part) => Number.parseInt(part, 10) || 0);
  return { major, minor, patch, version: ctx.app.version };
});
