import { endpoints } from '@cella/openapi';
import { procedureFor } from '../procedures.js';

export const health = procedureFor(endpoints.health).query(async ({ ctx }) => ({
  status: 'ok' as const,
  uptime_seconds: Math.round((Date.now() - ctx.app.startedAt) / 1000),
}));
