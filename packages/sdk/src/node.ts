/** Node-only helpers of the SDK (kept out of the browser-safe main entry). */
export { fileTokenStore } from './file-token-store.js';
