/** Units and shared pieces of the endpoint table. */
import type { RateLimit } from '../endpoint.js';

/** Sign-in, counted per client IP (a flood of sign-ins would otherwise be free). */
export const SIGN_IN_RATE_LIMIT: RateLimit = { bucket: 'sign-in', key: 'ip' };

export const KiB = 1024;
export const MiB = 1024 * KiB;

export const binaryFile = {
  contentType: 'application/octet-stream',
  description: 'The file content, raw (not multipart).',
} as const;
