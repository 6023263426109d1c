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
