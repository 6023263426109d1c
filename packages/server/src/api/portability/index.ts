/** The portable vault: export, import, and the moved state (docs/portability.md). */
export { exportVault } from './export-vault.js';
export { importVault } from './import-vault.js';
export { markVaultMoved } from './mark-vault-moved.js';
export { vaultImportState } from './vault-import-state.js';
