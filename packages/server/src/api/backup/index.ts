/** The backup endpoints: the user's (start, state, restore, promote) and the internal node-to-node API. */
export { startBackup } from './start-backup.js';
export { backupState } from './backup-state.js';
export { restoreBackup } from './restore-backup.js';
export { promoteBackup } from './promote-backup.js';
export { backupAuth } from './backup-auth.js';
export { backupNodeState } from './node-state.js';
export { backupNodeBegin } from './node-begin.js';
export { backupNodeHoldRoots } from './node-hold-roots.js';
export { backupNodeMissingBlocks } from './node-missing-blocks.js';
export { backupNodeCommit } from './node-commit.js';
export { backupNodeAbort } from './node-abort.js';
export { backupNodeManifest } from './node-manifest.js';
export { backupNodePutBlocks } from './node-put-blocks.js';
export { backupNodeExportBlocks } from './node-export-blocks.js';

import { backupAuth } from './backup-auth.js';
import { backupState } from './backup-state.js';
import { backupNodeAbort } from './node-abort.js';
import { backupNodeBegin } from './node-begin.js';
import { backupNodeCommit } from './node-commit.js';
import { backupNodeHoldRoots } from './node-hold-roots.js';
import { backupNodeManifest } from './node-manifest.js';
import { backupNodeMissingBlocks } from './node-missing-blocks.js';
import { backupNodeState } from './node-state.js';
import { promoteBackup } from './promote-backup.js';
import { restoreBackup } from './restore-backup.js';
import { startBackup } from './start-backup.js';

/** The JSON handlers, for `api/index.ts`. */
export const backupHandlers = [
  startBackup,
  backupState,
  restoreBackup,
  promoteBackup,
  backupAuth,
  backupNodeState,
  backupNodeBegin,
  backupNodeHoldRoots,
  backupNodeMissingBlocks,
  backupNodeCommit,
  backupNodeAbort,
  backupNodeManifest,
];
