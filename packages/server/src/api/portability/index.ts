/** The portable vault: export (docs/portability.md). */
export { exportVault } from './export-vault.js';
