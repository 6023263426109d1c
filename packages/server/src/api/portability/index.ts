/** The portable vault: export and import (docs/portability.md). */
export { exportVault } from './export-vault.js';
export { importVault } from './import-vault.js';
