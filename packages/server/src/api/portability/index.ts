/** The portable vault: export, and the moved state (docs/portability.md). */
export { exportVault } from './export-vault.js';
export { markVaultMoved } from './mark-vault-moved.js';
