import { handle } from '../handler.js';

export const backupState = handle('backupState', async (_input, ctx) => ctx.app.backup.state(ctx.caller));
