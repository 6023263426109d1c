/**
 * Every implemented JSON endpoint, one file each. An endpoint of the contract missing here answers
 * 501 NOT_IMPLEMENTED; `test/not-implemented.test.ts` lists exactly which ones those are.
 */
import type { EndpointId } from '@cella/openapi';
import type { JsonHandler } from './handler.js';
import { auth } from './auth/auth.js';
import { signin } from './auth/signin.js';
import { health } from './node/health.js';
import { nodeInfo } from './node/info.js';
import { nodeVersion } from './node/version.js';

const all = [nodeVersion, health, nodeInfo, signin, auth];

export const jsonHandlers: Partial<Record<EndpointId, JsonHandler>> = Object.fromEntries(all.map((h) => [h.id, h.handler]));
