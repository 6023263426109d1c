import { z } from 'zod';
import { errorBody } from '../errors.js';
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
    block_engine: z.enum(['helia', 'kubo']),
  })
  .meta({ id: 'NodeInfo' });

export const health = z
  .object({ status: z.literal('ok'), uptime_seconds: z.number() })
  .meta({ id: 'Health' });

const partStatus = z
  .object({
    status: z.enum(['ok', 'failed']),
    engine: z
      .string()
      .optional()
      .meta({ description: 'The engine of a store (`sqlite`, `mongodb`, `helia`, `kubo`, …).' }),
    ms: z.number().int().meta({ description: 'How long the check took, in milliseconds.' }),
    error: z.string().optional().meta({
      description: 'Why the check failed (timed out, refused, wrong chain, …); details are in the log.',
    }),
  })
  .meta({ id: 'ReadinessCheck' });

/** One entry per part the node needs; chains appear only when configured. */
const readinessChecks = z
  .object({
    document_store: partStatus,
    block_store: partStatus,
    identity_chain: partStatus
      .optional()
      .meta({ description: 'Present when an identity chain is configured.' }),
    payment_chain: partStatus.optional().meta({ description: 'Present when payments are on.' }),
  })
  .meta({ id: 'ReadinessChecks' });

export const readiness = z.object({ status: z.literal('ready'), checks: readinessChecks }).meta({
  id: 'Readiness',
  examples: [
    {
      status: 'ready',
      checks: {
        document_store: { status: 'ok', engine: 'mongodb', ms: 2 },
        block_store: { status: 'ok', engine: 'kubo', ms: 3 },
        identity_chain: { status: 'ok', ms: 41 },
        payment_chain: { status: 'ok', ms: 38 },
      },
    },
  ],
});

export const notReady = errorBody.extend({ checks: readinessChecks }).meta({
  id: 'NotReady',
  description: 'The error body, plus the status of every check.',
  examples: [
    {
      error: { message: 'not ready: block_store failed (refused)' },
      checks: {
        document_store: { status: 'ok', engine: 'mongodb', ms: 2 },
        block_store: { status: 'failed', engine: 'kubo', ms: 1, error: 'refused' },
        identity_chain: { status: 'ok', ms: 41 },
        payment_chain: { status: 'ok', ms: 38 },
      },
    },
  ],
});
