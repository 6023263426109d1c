/** The vault's change feed (docs/events.md): every committed change as a Server-Sent Event. */
import { defineEndpoints } from '../endpoint.js';
import * as events from '../schemas/events.js';
import * as scripts from '../schemas/scripts.js';

/** A piece of a stream as sent, byte for byte (docs/events.md, "The wire format"). */
export const streamExample =
  'retry: 2000\nid: 1041\n\n' +
  'id: 1042\nevent: document.inserted\ndata: {"seq":1042,"at":1772444105000,"type":"document.inserted","collection":"notes","_id":{"$oid":"69a558980fa8f1f1d94ee8a8"},"document":{"_id":{"$oid":"69a558980fa8f1f1d94ee8a8"},"title":"Shopping list","created":1772444105,"modified":1772444105}}\n\n' +
  ': ping\n\n' +
  'id: 1043\nevent: file.written\ndata: {"seq":1043,"at":1772444460000,"type":"file.written","path":"photos/2026/cat.jpg","cid":"bafkreic6iyydesfrvyd5nc2jcyh6le3x2saqw72gmiddg3z2k4dqtimjou","size":812144}\n\n';

export const eventsEndpoints = defineEndpoints({
  vaultEvents: {
    operationId: 'vaultEvents',
    method: 'GET',
    path: '/api/v2/vault/events',
    auth: 'user',
    tag: 'Events',
    summary: "Stream the changes of the caller's vault (Server-Sent Events)",
    description:
      "Every change committed in the caller's space of their vault, in order, as Server-Sent Events: documents inserted, updated and deleted (with the document up to 16 KiB), collections and indexes created and dropped, files written, moved and deleted, scripts registered and deleted, the vault's state and plan, backups and restores. The answer is `text/event-stream` and stays open: each event is `id:` (its cursor), `event:` (its type) and one `data:` line (a JSON object, `VaultEvent`); a `: ping` comment comes at least every 15 s, and a line `id:` alone moves the cursor past events a filter left out. `since` (or `Last-Event-ID`) resumes after a cursor with nothing lost or repeated; without it the stream starts at the newest event and its first line `id:` is the cursor to resume from. Filters: `collections`, `paths`, `types`, and `filter` on documents. A cursor older than what the node keeps (`CELLA_EVENTS_RETENTION`) is 410 with the oldest cursor still accepted; a malformed cursor or one ahead of the newest event is 400. A caller may hold `CELLA_EVENTS_MAX_STREAMS_PER_DID` streams at once (429, internal_code 1, past it); a client that reads slower than events come is sent a final `event: error` (`consumer_too_slow`) and the stream ends. docs/events.md has the wire format byte by byte.",
    query: events.vaultEventsQuery,
    headers: events.lastEventIdHeaders,
    success: {
      status: 200,
      description:
        'The stream (`text/event-stream`, kept open): events as they are committed; the schema is that of one `data:` line.',
      events: { data: events.vaultEvent, example: streamExample },
    },
    errors: ['INVALID_PARAMETER', 'CURSOR_EXPIRED', 'TOO_MANY_STREAMS', 'VAULT_NOT_FOUND'],
    errorBodies: { 410: events.cursorExpired },
  },
  scriptEvents: {
    operationId: 'scriptEvents',
    method: 'GET',
    path: '/api/v2/vault/scripting/{script_name}/events',
    auth: 'optional',
    tag: 'Events',
    summary: 'Stream what a script lets the caller see, live (Server-Sent Events)',
    description:
      "A live view of a `find` script: the document events of its collection (in the target vault and space, as a run finds them) whose documents match its filter after substitution, projected as its options say — to callers who pass its condition. The script's executable must be one `find` (400 otherwise). The caller is as in a run: a token, or none for a script registered with `allowAnonymousUser` and `allowAnonymousApp` (then `target_did` is required); `target_did` and `target_app_did` are the run's `context`, `parameters` its `params`. The condition is checked when the stream opens (400 as a run: \"the caller can't match the condition\") and again whenever a collection it reads changes: when it no longer holds the stream ends with `event: error` (`condition_failed`), as it does when the script is replaced or deleted (`script_changed`). Events carry `seq`, `at`, `type`, `_id` and `document` (not the collection's name); a document larger than 16 KiB is read again by `_id`. Resuming (`since`, `Last-Event-ID`), the 410, the heartbeat and the limits are those of `GET /api/v2/vault/events`.",
    params: scripts.scriptNameParams,
    query: events.scriptEventsQuery,
    headers: events.lastEventIdHeaders,
    success: {
      status: 200,
      description:
        'The stream (`text/event-stream`, kept open) of the matching document events; the schema is that of one `data:` line.',
      events: {
        data: events.scriptStreamEvent,
        example:
          'retry: 2000\nid: 1041\n\n' +
          'id: 1042\nevent: document.inserted\ndata: {"seq":1042,"at":1772444105000,"type":"document.inserted","_id":{"$oid":"69a558980fa8f1f1d94ee8a8"},"document":{"_id":{"$oid":"69a558980fa8f1f1d94ee8a8"},"to":"did:elastos:iXEKuLg2gwhEv8K1rraa4ufeeupzA9JvvX","text":"see you at 6"}}\n\n',
      },
    },
    errors: [
      'INVALID_PARAMETER',
      'BAD_REQUEST',
      'UNAUTHORIZED',
      'VAULT_NOT_FOUND',
      'CURSOR_EXPIRED',
      'TOO_MANY_STREAMS',
    ],
    errorBodies: { 410: events.cursorExpired },
  },
});
