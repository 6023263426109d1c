import { handle } from '../handler.js';

export const nodeVersion = handle('nodeVersion', async (_input, ctx) => {
  const [major = 0, minor = 0, patch = 0] = ctx.app.version
    .split(/[.-]/)
    .map((part) => Number.parseInt(part, 10) || 0);
  return { major, minor, patch, version: ctx.app.version };
});
