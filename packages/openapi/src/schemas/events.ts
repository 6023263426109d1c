/**
 * The vault's change feed (docs/events.md): the events a stream carries, one JSON object per
 * Server-Sent Event's `data:` line, and the query of the streams.
 */
import { z } from 'zod';
import { count, did, epochSecondsOrNever, jsonDocument, queryJsonObject } from './common.js';
import { collectionName } from './database.js';
import { cids, friendDid, objectIds, time } from './example-values.js';
import { errorBody } from '../errors.js';

/** Every event type, grouped by what changed (a family is the part before the dot). */
export const eventTypes = [
  'document.inserted',
  'document.updated',
  'document.deleted',
  'collection.created',
  'collection.dropped',
  'index.created',
  'index.dropped',
  'file.written',
  'file.moved',
  'file.deleted',
  'script.registered',
  'script.deleted',
  'vault.state',
  'vault.plan',
  'vault.imported',
  'backup.state',
] as const;
export type EventType = (typeof eventTypes)[number];

export const eventFamilies = [
  'document',
  'collection',
  'index',
  'file',
  'script',
  'vault',
  'backup',
] as const;

/** The cursor: an event's sequence number in decimal (the SSE `id:`). */
export const cursor = z
  .string()
  .regex(/^(0|[1-9]\d{0,15})$/, 'a cursor is the decimal sequence number of an event')
  .meta({
    id: 'EventCursor',
    description:
      "An event's sequence number in decimal, as the stream's `id:` lines give it; `0` = before the first event.",
    examples: ['1042'],
  });

const at = z
  .number()
  .int()
  .min(0)
  .meta({ description: 'When the change was committed: milliseconds since the Unix epoch.' });
const seq = z
  .number()
  .int()
  .min(1)
  .meta({ description: "The event's sequence number in the vault (the same as its `id:`); only grows." });

const ms = (seconds: number) => seconds * 1000;

const documentEvent = z
  .object({
    seq,
    at,
    type: z
      .enum(['document.inserted', 'document.updated', 'document.deleted'])
      .meta({ description: 'What happened.' }),
    collection: collectionName,
    _id: z.unknown().meta({
      description: 'The document\'s `_id` in Extended JSON (an ObjectId as `{"$oid": "…"}`).',
    }),
    document: jsonDocument.optional().meta({
      description:
        'The document as the change left it (inserted, updated) or as it was (deleted); absent when `document_too_large`.',
    }),
    document_too_large: z.literal(true).optional().meta({
      description:
        'The document is larger than the events carry (`CELLA_EVENTS_MAX_DOCUMENT_BYTES`, 16 KiB by default): read it with a find by `_id`.',
    }),
  })
  .meta({
    id: 'DocumentEvent',
    outputId: 'DocumentEvent',
    description: 'A document inserted, updated or deleted.',
    examples: [
      {
        seq: 1042,
        at: ms(time.notesWritten),
        type: 'document.inserted',
        collection: 'notes',
        _id: { $oid: objectIds[0] },
        document: {
          _id: { $oid: objectIds[0] },
          title: 'Shopping list',
          body: 'oat milk, lemons, rye bread',
          created: time.notesWritten,
          modified: time.notesWritten,
        },
      },
    ],
  });

const collectionEvent = z
  .object({
    seq,
    at,
    type: z.enum(['collection.created', 'collection.dropped']).meta({ description: 'What happened.' }),
    collection: collectionName,
  })
  .meta({
    id: 'CollectionEvent',
    outputId: 'CollectionEvent',
    description: 'A collection created or dropped.',
    examples: [
      { seq: 1040, at: ms(time.notesWritten) - 2000, type: 'collection.created', collection: 'notes' },
    ],
  });

const indexEvent = z
  .object({
    seq,
    at,
    type: z.enum(['index.created', 'index.dropped']).meta({ description: 'What happened.' }),
    collection: collectionName,
    index: z.string().meta({ description: "The index's name." }),
    key: z
      .record(z.string(), z.union([z.literal(1), z.literal(-1)]))
      .optional()
      .meta({ description: 'Its keys (index.created).' }),
    unique: z.boolean().optional().meta({ description: 'Whether it is unique (index.created).' }),
  })
  .meta({
    id: 'IndexEvent',
    outputId: 'IndexEvent',
    description: 'An index created or dropped.',
    examples: [
      {
        seq: 1041,
        at: ms(time.notesWritten) - 1000,
        type: 'index.created',
        collection: 'notes',
        index: 'by_due',
        key: { due: 1 },
        unique: false,
      },
    ],
  });

const fileEvent = z
  .object({
    seq,
    at,
    type: z.enum(['file.written', 'file.moved', 'file.deleted']).meta({ description: 'What happened.' }),
    path: z.string().meta({ description: 'The file path (where it is now, for file.moved).' }),
    from: z.string().optional().meta({ description: 'Where it was (file.moved).' }),
    cid: z.string().meta({ description: 'The CID of its content.' }),
    size: count.meta({ description: 'Its size in bytes.' }),
  })
  .meta({
    id: 'FileEvent',
    outputId: 'FileEvent',
    description: 'A file written (uploaded, overwritten, copied to), moved, or deleted.',
    examples: [
      {
        seq: 1043,
        at: ms(time.photoUploaded),
        type: 'file.written',
        path: 'photos/2026/cat.jpg',
        cid: cids.photo,
        size: 812_144,
      },
    ],
  });

const scriptChangeEvent = z
  .object({
    seq,
    at,
    type: z.enum(['script.registered', 'script.deleted']).meta({ description: 'What happened.' }),
    name: z.string().meta({ description: "The script's name." }),
  })
  .meta({
    id: 'ScriptEvent',
    outputId: 'ScriptEvent',
    description: 'A script registered (or replaced) or deleted.',
    examples: [
      { seq: 1044, at: ms(time.notesWritten) + 5000, type: 'script.registered', name: 'get_messages' },
    ],
  });

const vaultStateEvent = z
  .object({
    seq,
    at,
    type: z.literal('vault.state').meta({ description: 'What happened.' }),
    state: z.enum(['running', 'frozen', 'removed']).meta({
      description: 'running, frozen (read-only), or removed (unsubscribed: the last event of the vault).',
    }),
  })
  .meta({
    id: 'VaultStateEvent',
    outputId: 'VaultStateEvent',
    description: 'The vault was frozen, unfrozen, subscribed again or unsubscribed.',
    examples: [{ seq: 1045, at: ms(time.paid) - 1000, type: 'vault.state', state: 'frozen' }],
  });

const vaultPlanEvent = z
  .object({
    seq,
    at,
    type: z.literal('vault.plan').meta({ description: 'What happened.' }),
    plan: z.string().meta({ description: 'The pricing plan now.' }),
    quota: count.meta({ description: 'Its storage quota in bytes.' }),
    end: epochSecondsOrNever.meta({ description: 'When it ends (epoch seconds); -1 = never.' }),
  })
  .meta({
    id: 'VaultPlanEvent',
    outputId: 'VaultPlanEvent',
    description: "The vault's plan changed (a settled payment, or a paid plan that ended).",
    examples: [
      {
        seq: 1046,
        at: ms(time.paid),
        type: 'vault.plan',
        plan: 'Standard',
        quota: 5_368_709_120,
        end: time.paid + 30 * 86400,
      },
    ],
  });

const vaultImportedEvent = z
  .object({
    seq,
    at,
    type: z.literal('vault.imported').meta({ description: 'What happened.' }),
    export: z.string().meta({ description: 'The root CID of the export imported (its id).' }),
    mode: z.enum(['empty', 'replace', 'update']).meta({
      description:
        "`empty`: into an empty vault; `replace`: over the vault's previous content; `update`: the next export of the vault its last import came from (an incremental one, a move's next step).",
    }),
    documents: count.meta({ description: 'Documents the vault now holds.' }),
    files: count.meta({ description: 'Files the vault now holds.' }),
  })
  .meta({
    id: 'VaultImportedEvent',
    outputId: 'VaultImportedEvent',
    description:
      "A vault export was imported (`POST /api/v2/vault/import`): the vault's whole content was written at once, with no event per document or file. Read again everything you show. Its `seq` comes after every earlier event's (the feed goes on).",
    examples: [
      {
        seq: 1_001_048,
        at: ms(time.backupFinished),
        type: 'vault.imported',
        export: 'bafyreiepgsauoycacbrdnspivlpd7svqrvaqqvmg4tdqy4fwyacbvcot2a',
        mode: 'replace',
        documents: 1240,
        files: 42,
      },
    ],
  });

const backupEvent = z
  .object({
    seq,
    at,
    type: z.literal('backup.state').meta({ description: 'What happened.' }),
    kind: z
      .enum(['backup', 'restore'])
      .meta({ description: 'A backup to the backup node, or a restore from it.' }),
    result: z
      .enum(['running', 'success', 'failed'])
      .meta({ description: 'running (it started), success or failed (it ended).' }),
    message: z
      .string()
      .meta({ description: 'What the job says (as `GET /api/v2/vault/backup/state` does).' }),
  })
  .meta({
    id: 'BackupEvent',
    outputId: 'BackupEvent',
    description:
      'A backup or a restore started or ended. After a restore ends with success the vault holds the backup: read again what you show.',
    examples: [
      {
        seq: 1047,
        at: ms(time.backupFinished),
        type: 'backup.state',
        kind: 'backup',
        result: 'success',
        message: 'backed up 2 documents in 1 collection and 1 file',
      },
    ],
  });

export const vaultEvent = z
  .discriminatedUnion('type', [
    documentEvent,
    collectionEvent,
    indexEvent,
    fileEvent,
    scriptChangeEvent,
    vaultStateEvent,
    vaultPlanEvent,
    vaultImportedEvent,
    backupEvent,
  ])
  .meta({
    id: 'VaultEvent',
    // Registered as a component of its own (the stream's text refers to it), read like a response.
    unusedIO: 'input',
    description:
      "One change of the vault: the `data:` of one Server-Sent Event, whose `event:` is the `type` and whose `id:` is the `seq` (the cursor to resume after it). Each type's fields are below; a client ignores fields and types it does not know.",
  });

/** Why a stream ended on the node's side: the `data:` of its final `event: error`. */
export const streamEndReasons = [
  'consumer_too_slow',
  'condition_failed',
  'script_changed',
  'vault_removed',
  'shutting_down',
] as const;

export const streamEnd = z
  .object({
    error: z.enum(streamEndReasons).meta({
      description:
        "`consumer_too_slow`: the client read slower than the events came and the node would have buffered past its bound; `condition_failed`: the script's condition no longer holds for this caller; `script_changed`: the script was replaced or deleted; `vault_removed`: the vault was unsubscribed; `shutting_down`: the node is stopping. Reconnect from the last `id:` (after `consumer_too_slow`: read faster, or filter more).",
    }),
    message: z.string(),
  })
  .meta({
    id: 'StreamEnd',
    description: 'The `data:` of the final `event: error` a stream may end with.',
    examples: [
      { error: 'consumer_too_slow', message: 'the client read too slowly: 1048576 bytes were waiting' },
    ],
  });

/** A comma-separated list in a query string. */
const commaList = (description: string, example: string, maxLength: number) =>
  z
    .string()
    .min(1)
    .max(maxLength)
    .meta({ description, examples: [example] });

export const vaultEventsQuery = z.object({
  since: cursor.optional().meta({
    description:
      'Resume after this event: the stream replays every later event, then goes on live, nothing lost or repeated. Or the `Last-Event-ID` header (the query wins). Absent: only what happens from now on. Older than the node keeps (`CELLA_EVENTS_RETENTION`, 7 days): 410 with the oldest cursor still held; ahead of the newest event: 400.',
  }),
  collections: commaList(
    "Only these collections' events (document, collection and index events), comma-separated.",
    'notes,messages',
    4096,
  ).optional(),
  paths: commaList(
    'Only file events under these path prefixes, comma-separated (`photos/` matches `photos/2026/cat.jpg`).',
    'photos/',
    4096,
  ).optional(),
  types: commaList(
    'Only these event types or families (the part before the dot: `document`, `file`, …), comma-separated.',
    'document,file.written',
    1024,
  ).optional(),
  filter: queryJsonObject(
    'A MongoDB filter the documents of document events must match; needs `collections` naming exactly one collection. A delete is matched on the document as it was.',
    8192,
    { tags: 'home' },
  ).optional(),
});

export const scriptEventsQuery = z.object({
  since: vaultEventsQuery.shape.since,
  parameters: queryJsonObject("The run's `params` (a JSON object), substituted as in a run.", 8192, {
    limit: 20,
  }).optional(),
  target_did: did.optional().meta({
    description: "The script owner's DID (the run's `context.target_did`); default: the caller.",
  }),
  target_app_did: did.optional().meta({
    description: "The application space the script lives in (the run's `context.target_app_did`).",
  }),
});

/** The 410 of a stream asked to resume after events the node no longer keeps. */
export const cursorExpired = errorBody
  .extend({
    oldest_cursor: cursor.meta({
      description:
        'The oldest cursor the node still resumes from (`since`): everything after it is kept. After reading the data again, stream from now (no `since`) or from here.',
    }),
  })
  .meta({
    id: 'CursorExpired',
    description: 'The error body, plus the oldest cursor still accepted.',
    examples: [
      {
        error: {
          message:
            'the cursor 512 is older than the events this vault still keeps (the oldest cursor accepted is 1040): read the data again, then stream from there',
        },
        oldest_cursor: '1040',
      },
    ],
  });

export const lastEventIdHeaders = z.object({
  'last-event-id': cursor.optional().meta({
    description:
      'The cursor to resume after, as EventSource sends it when it reconnects (`since` wins when both are given).',
  }),
});

/** What a script's stream carries: its document events, without the collection's name. */
export const scriptStreamEvent = z
  .object({
    seq: documentEvent.shape.seq,
    at: documentEvent.shape.at,
    type: documentEvent.shape.type,
    _id: documentEvent.shape._id,
    document: jsonDocument.optional().meta({
      description:
        "The document (inserted, updated: as the change left it, projected by the script's options); absent for a delete.",
    }),
  })
  .meta({
    id: 'ScriptStreamEvent',
    description: 'A document the script lets the caller see was inserted, updated or deleted.',
    examples: [
      {
        seq: 1042,
        at: ms(time.notesWritten),
        type: 'document.inserted',
        _id: { $oid: objectIds[0] },
        document: { _id: { $oid: objectIds[0] }, to: friendDid, text: 'see you at 6' },
      },
    ],
  });
