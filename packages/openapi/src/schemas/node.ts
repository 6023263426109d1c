import { z } from 'zod';
import { errorBody } from '../errors.js';
import { count, did, epochSecondsOrNever } from './common.js';
import { nodeDid, nodeDocument, nodeOwnershipPresentation, time } from './example-values.js';

const versionPart = (description: string) => z.number().int().min(0).meta({ description });

/**
 * The release of the reference Hive Node whose v2 API this node serves (both dialects' Hive routes
 * follow it): what `GET /api/v2/node/version` answers, so a dApp that compares the node's version
 * with Hive Node releases (as the Hive SDKs' tests and some dApps do) reads a real one. It changes
 * when the node serves a later reference release's API.
 */
export const HIVE_API_VERSION = '2.9.2';

export const nodeVersion = z
  .object({
    major: versionPart('Major version of the Hive Node API served (2): a change here breaks clients.'),
    minor: versionPart('Minor version: features added, compatible.'),
    patch: versionPart('Patch version: fixes only.'),
    version: z.string().meta({
      description:
        'The release of the reference Hive Node whose v2 API this node serves (`major.minor.patch`): a dApp built for that release or an earlier one works unchanged.',
    }),
    node_version: z.string().meta({ description: 'The version of the Cella node software itself (semver).' }),
  })
  .meta({
    id: 'NodeVersion',
    description:
      'The Hive Node API level the node serves (the reference node answers its release here; the Hive SDKs read `major`, `minor`, `patch`) and the Cella software version. The contract version is `info.version` of the OpenAPI document.',
    examples: [{ major: 2, minor: 9, patch: 2, version: HIVE_API_VERSION, node_version: '0.1.0' }],
  });

export const nodeInfo = z
  .object({
    service_did: did.meta({ description: "The node's own DID: the `iss` of its challenges and tokens." }),
    name: z.string().meta({ description: 'A display name chosen by the operator (`CELLA_NODE_NAME`).' }),
    version: z.string().meta({ description: 'The node software version.' }),
    role: z.enum(['vault', 'backup', 'both']).meta({
      description:
        "`both` (the default): serves vaults and keeps backups, other nodes' and its own users' (the internal backup API); `backup`: a node dedicated to backups (same routes); `vault`: serves vaults, keeps no backups.",
    }),
    document_engine: z
      .enum(['sqlite', 'mongodb'])
      .meta({ description: 'Where documents are stored: embedded SQLite or a MongoDB server.' }),
    block_engine: z.enum(['helia', 'kubo', 'cluster']).meta({
      description:
        'Where file content is stored: the embedded IPFS block store, a kubo daemon, or an IPFS Cluster peer.',
    }),
    owner_did: z.string().meta({
      description: "The owner's DID: the issuer of the node's ownership credential ('' without one).",
    }),
    ownership_presentation: z.record(z.string(), z.unknown()).meta({
      description:
        "A verifiable presentation by the node's DID (realm = the node DID, a fresh nonce) holding the owner's `HiveNodeOwnerCredential` (no credential without one).",
    }),
    email: z
      .string()
      .meta({ description: "The operator's contact address (`CELLA_NODE_EMAIL`; '' without one)." }),
    description: z.string().meta({
      description: "The operator's description of the node (`CELLA_NODE_DESCRIPTION`; '' without one).",
    }),
    last_commit_id: z.string().meta({ description: "The build's git commit, else the version." }),
    user_count: count.meta({ description: 'Users with a vault record here (also unsubscribed ones).' }),
    vault_count: count.meta({ description: 'Vaults in use (not unsubscribed).' }),
    backup_count: count.meta({ description: 'Backups this node keeps.' }),
    latest_access_time: epochSecondsOrNever.meta({
      description: 'The latest signed-in request; -1 = none yet.',
    }),
    memory_used: count.meta({ description: 'Bytes of memory in use on the machine.' }),
    memory_total: count.meta({ description: 'Bytes of memory of the machine.' }),
    storage_used: count.meta({ description: "Bytes used on the data directory's file system." }),
    storage_total: count.meta({ description: "Bytes of the data directory's file system." }),
  })
  .meta({
    id: 'NodeInfo',
    examples: [
      {
        service_did: nodeDid,
        name: 'Cella node',
        version: '0.1.0',
        role: 'vault',
        document_engine: 'sqlite',
        block_engine: 'helia',
        owner_did: '',
        ownership_presentation: nodeOwnershipPresentation,
        email: 'operator@example.org',
        description: 'A vault node for the family',
        last_commit_id: '9561be9f0d3c2a7e4b8156d0c3e9a2f7b1d4c6e8',
        user_count: 3,
        vault_count: 2,
        backup_count: 0,
        latest_access_time: time.notesWritten,
        memory_used: 3_421_519_872,
        memory_total: 8_335_130_624,
        storage_used: 41_943_040_000,
        storage_total: 250_790_436_864,
      },
    ],
  });

export const health = z
  .object({
    status: z.literal('ok').meta({ description: 'Always `ok`: a node that answers is serving.' }),
    uptime_seconds: z.number().int().min(0).meta({ description: 'Seconds since the node started.' }),
  })
  .meta({ id: 'Health', examples: [{ status: 'ok', uptime_seconds: 86_412 }] });

/** The OpenAPI document (its own schema is OpenAPI's; only the top level is shown here). */
export const openApiDocument = z.record(z.string(), z.unknown()).meta({
  id: 'OpenApiDocument',
  description: 'An OpenAPI 3.1 document: this one.',
  examples: [
    {
      openapi: '3.1.0',
      info: { title: 'Cella vault node API', version: '2.0.0', license: { name: 'MIT', identifier: 'MIT' } },
      servers: [{ url: 'http://127.0.0.1:5000' }],
      paths: { '/api/v2/node/version': { get: { operationId: 'nodeVersion' } } },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
  ],
});

const partStatus = z
  .object({
    status: z.enum(['ok', 'failed']).meta({ description: '`ok` when the part answered in time.' }),
    engine: z
      .string()
      .optional()
      .meta({ description: 'The engine of a store (`sqlite`, `mongodb`, `helia`, `kubo`, …).' }),
    ms: z.number().int().min(0).meta({ description: 'How long the check took, in milliseconds.' }),
    error: z.string().optional().meta({
      description: 'Why the check failed (timed out, refused, wrong chain, …); details are in the log.',
    }),
  })
  .meta({ id: 'ReadinessCheck', description: 'The check of one part the node needs.' });

/** One entry per part the node needs; chains appear only when configured. */
const readinessChecks = z
  .object({
    document_store: partStatus,
    block_store: partStatus,
    storage: partStatus.meta({
      description:
        "The node's own disk (its data directory and the embedded stores' directories): `failed` with `storage full` when its free space is below `CELLA_MIN_FREE_BYTES`.",
    }),
    identity_chain: partStatus
      .optional()
      .meta({ description: 'Present when an identity chain is configured.' }),
    payment_chain: partStatus.optional().meta({ description: 'Present when payments are on.' }),
  })
  .meta({
    id: 'ReadinessChecks',
    description: "One check per part: the stores and the node's disk always, the chains when configured.",
  });

export const readiness = z
  .object({
    status: z.literal('ready').meta({ description: 'Always `ready`: every part answered.' }),
    checks: readinessChecks,
  })
  .meta({
    id: 'Readiness',
    examples: [
      {
        status: 'ready',
        checks: {
          document_store: { status: 'ok', engine: 'mongodb', ms: 2 },
          block_store: { status: 'ok', engine: 'kubo', ms: 3 },
          storage: { status: 'ok', ms: 0 },
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
        storage: { status: 'ok', ms: 0 },
        identity_chain: { status: 'ok', ms: 41 },
        payment_chain: { status: 'ok', ms: 38 },
      },
    },
  ],
});

/** The node's DID document, for checking its challenges and tokens without a token or the identity chain. */
export const nodeDidDocument = z.record(z.string(), z.unknown()).meta({
  id: 'NodeDidDocument',
  description:
    "The node's own DID document in the Elastos format (self-signed: its proof verifies with the key it lists, and its id derives from that key): the key that signs the node's challenges, access tokens and ownership presentation.",
  examples: [nodeDocument],
});
