import { z } from 'zod';
import { did } from './common.js';

export const nodeVersion = z
  .object({ major: z.number().int(), minor: z.number().int(), patch: z.number().int(), version: z.string() })
  .meta({ id: 'NodeVersion' });

export const nodeInfo = z
  .object({
    service_did: did,
    name: z.string(),
    version: z.string(),
    role: z.enum(['vault', 'backup']),
    document_engine: z.enum(['sqlite', 'mongodb']),
    block_engine: z.enum(['helia', 'kubo', 'cluster']),
  })
  .meta({ id: 'NodeInfo' });

export const health = z
  .object({ status: z.literal('ok'), uptime_seconds: z.number() })
  .meta({ id: 'Health' });
