import { handle } from '../handler.js';

export const health = handle('health', async (_input, ctx) => ({
  status: 'ok' as const,
  uptime_seconds: Math.round((Date.now() - ctx.app.startedAt) / 1000),
}));
