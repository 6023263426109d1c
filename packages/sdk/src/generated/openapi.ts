/* eslint-disable */
// Generated from @cella/openapi/openapi.json by scripts/generate.ts — do not edit.
export interface paths {
    "/api/v2/node/version": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The Hive Node API level served, and the node software version
         * @description Public: no token. `major`, `minor`, `patch` and `version` are the release of the reference Hive Node whose v2 API this node serves (2.9.2): a dApp built for that release or an earlier one works unchanged, and one that checks the node's version (as the Hive SDKs' own tests do) reads a real release. `node_version` is the Cella software's own version. Never refused.
         */
        get: operations["nodeVersion"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/node/info": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Identity, role and engines of the node
         * @description Any signed-in user (as the reference). The node's DID (the `iss` of its challenges and tokens, the realm of a sign-in), its display name, its role and the storage engines behind it; and the reference's fields: the owner with the node's presentation of its ownership credential, the operator's contact, the counts of users, vaults and backups, the latest access, memory and storage figures. 401 without a valid token.
         */
        get: operations["nodeInfo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Liveness probe
         * @description Public: no token. Answers 200 while the process serves requests; load balancers and orchestrators poll it. It does not check the engines: a failing database shows as 503s on the calls that use it.
         */
        get: operations["health"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/health/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Readiness probe
         * @description Checks, in parallel and each within 2 seconds, every part the node needs: the document store, the block store, the node's own disk (`storage`: failed with `storage full` below `CELLA_MIN_FREE_BYTES` of free space), and the identity chain and payment chain when they are configured. 200 when all answer; 503 naming the parts that did not, with the status of each. Concurrent probes share one check, and an answer is reused for one second. `/api/v2/health` stays the cheap liveness probe.
         */
        get: operations["readiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/did.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The node's DID document
         * @description Public: no token. The node's own DID document: its DID (the `iss` of every challenge and token it signs, the realm of a sign-in) and the key they are signed with. A client can verify a challenge before answering it without resolving the node's DID on the identity chain: check that the document is genuine (its id derives from its key and its proof verifies, see the sign-in protocol), that its `id` is the challenge's `iss`, and the challenge's ES256 signature with the key its `kid` names. Never refused.
         */
        get: operations["nodeDidDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This OpenAPI document
         * @description Public: no token. The contract of this node's `/api/v2` (the primary dialect) as an OpenAPI 3.1 document (the file `openapi.json` of `@cella/openapi`), from which clients and their types can be generated. `servers` names this node: its public URL (`CELLA_PUBLIC_URL`) when configured, else the origin the request was sent to.
         */
        get: operations["openApiDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/openapi-hive.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The Hive dialect's OpenAPI document
         * @description Public: no token. The reference Hive Node's routes as this node serves them (the file `openapi-hive.json` of `@cella/openapi`): a document of its own, because the reference tells some operations apart by the query alone, which OpenAPI lists as one operation per method and path. `servers` names this node, as in `/api/v2/openapi.json`.
         */
        get: operations["openApiHiveDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/docs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The API reference page (self-contained HTML)
         * @description Public: no token. This reference as one HTML page (Redoc with the document inlined): it loads nothing from other hosts, so it works offline and under a strict Content-Security-Policy.
         */
        get: operations["apiReference"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/docs/hive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The Hive dialect's reference page (self-contained HTML)
         * @description Public: no token. The reference of the Hive dialect (`/api/v2/openapi-hive.json`) as one HTML page, self-contained like `/api/v2/docs`.
         */
        get: operations["apiReferenceHive"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/did/signin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start sign-in: send the DID document, get a challenge
         * @description Public: the first of the two sign-in requests ("Sign-in protocol" above). The document must be genuine: its proof verifies with its default key, its id is derived from that key, it has not expired (401 otherwise, with the reason); a did:key document needs no proof. The node remembers the document (for DIDs the identity chain does not know) and answers a challenge JWT naming a one-time nonce, valid for 3 minutes (`CELLA_CHALLENGE_TTL`). 429 with `Retry-After` when too many sign-ins are pending on the node; 503 when the identity chain is unreachable.
         */
        post: operations["signin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/did/auth": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Finish sign-in: send the signed presentation, get an access token
         * @description Public: the second sign-in request ("Sign-in protocol" above). The presentation must be signed by an authentication key of the holder, for this node (realm) and the nonce of a live challenge issued to that holder; the nonce is consumed, so a presentation works once. Every failed check is a 401 naming it ("the challenge has expired: sign in again", "the nonce belongs to a challenge issued to another DID", …); malformed input a 400; an unreachable identity chain a 503. The access token lasts 7 days (`CELLA_TOKEN_TTL`), never beyond the first credential's expiry.
         */
        post: operations["auth"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/subscription/vault": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's vault: plan, quota, usage, dates
         * @description The caller's own vault. A read never creates it: 404 (internal_code 1) before it exists or after it was unsubscribed. A paid plan past its end has dropped to the free plan when this answers. `files_used=true|false` (the reference node's option, which its own tests send) is accepted; the answer carries `files_used` either way.
         */
        get: operations["vaultInfo"];
        /**
         * Create the caller's vault with the free plan (or return the existing one)
         * @description Any signed-in user, for their own vault. Creates it with the node's free plan, restores an unsubscribed (switched-off) vault with its data, or returns the existing one: 200 in every case, never 455. A frozen vault stays frozen (only `op=activation` unfreezes). Optional for dApps: the first database or file call creates the vault too.
         */
        put: operations["subscribeVault"];
        /**
         * Freeze (`op=deactivation`) or unfreeze (`op=activation`) the caller's vault
         * @description The caller's own vault. A frozen vault keeps its data and answers reads; every write (documents, files, scripts that write, other users' script runs that write) is refused with 403 (internal_code 1) until it is activated again. Freezing a frozen vault, or activating a running one, changes nothing and answers 201. 404 (internal_code 1) when there is no vault.
         */
        post: operations["setVaultState"];
        /**
         * Unsubscribe the caller's vault: switch it off (data kept) or, with `force=true`, delete it
         * @description Without `force` the vault keeps its data and every vault call answers 404 (internal_code 1) until `PUT /api/v2/subscription/vault` restores it. With `force=true` its documents, scripts and files are deleted and the vault record removed (a later call creates a new, empty vault with the free plan); payment orders and receipts are kept. A backup or restore of the vault that runs is cancelled first (it ends `failed`): it never holds the deletion longer than it takes to stop.
         */
        delete: operations["unsubscribeVault"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/vault/db/collections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the caller's collections
         * @description The caller's own vault (created with the free plan on first use). Names sorted; the node's internal collections are not listed. Allowed on a frozen vault. 404 (internal_code 1) once the vault was unsubscribed.
         */
        get: operations["listCollections"];
        put?: never;
        /**
         * Create a collection
         * @description In the caller's own vault. 455 when it exists, unless `if_not_exists` is true (then 201 with `created: false`, so an app can ensure its collections at every start without a failing request); 400 (internal_code 1) for a name that is not allowed (see `CollectionName`); 403 (internal_code 1) on a frozen vault; 507 over the quota. Inserting into a collection does not create it: create it first.
         */
        post: operations["createCollection"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/vault/db/collections/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a collection and its documents
         * @description In the caller's own vault; the documents' bytes are given back to the quota. 404 (internal_code 4) when there is no such collection; 403 (internal_code 1) on a frozen vault. Scripts naming the collection stay registered (their runs then answer 404).
         */
        delete: operations["deleteCollection"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/vault/db/{collection}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Find documents
         * @description In the caller's own vault. At most 10,000 documents per call (`skip` and `limit` to page). Operators that run code (`$where`, `$function`, JavaScript in `$expr`) or reach other databases are refused (400); regular expressions use RE2 syntax and run in linear time (a pattern RE2 cannot take is a 400). The query is time-bounded: `maxTimeMS`, else the node's default; past it 400 (internal_code 50, MongoDB's MaxTimeMSExpired). A caller has a few queries running at once; more wait their turn, and past the waiting line 429 with `Retry-After`. 404 (internal_code 4) when the collection does not exist.
         */
        get: operations["findDocuments"];
        /**
         * Update one or more documents (optionally upsert)
         * @description In the caller's own vault: every match, or the first with `updateone=true`. The update must use operators (a replacement document is refused with 400); with `options.timestamp` (default true) `modified` is set. Growth past the quota is refused (507, nothing changed); 404 (internal_code 4) when the collection does not exist; 403 (internal_code 1) on a frozen vault.
         */
        put: operations["updateDocuments"];
        /**
         * Insert one or more documents
         * @description Into the caller's own vault. All or nothing: a duplicate `_id` (455) or a quota overrun (507) stores none of the documents. Documents travel in Extended JSON (`{"$oid"}`, `{"$date"}`); `$`-prefixed or dotted field names, documents over 1 MiB and nesting deeper than 64 levels are refused (400). 404 (internal_code 4) when the collection does not exist; 403 (internal_code 1) on a frozen vault.
         */
        post: operations["insertDocuments"];
        /**
         * Delete one or more documents
         * @description In the caller's own vault: every match, or the first with `deleteone=true`. The filter travels in the JSON body `{"filter": {…}}` or, for clients that cannot send a DELETE body, in the `filter` query parameter (send `{"filter": {}}` to delete everything). A request with no body at all and no query is the Hive dialect's drop of the collection (its clients send no body), and `{}` is too; `deleteone` without a filter is a 400. Answers how many documents were deleted (200, where other deletes answer 204: the count is the answer). 404 (internal_code 4) when the collection does not exist; 403 (internal_code 1) on a frozen vault.
         */
        delete: operations["deleteDocuments"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/vault/db/{collection}/count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Count documents
         * @description In the caller's own vault: the documents matching `filter`, after `options.skip`, at most `options.limit`. The same filter rules, time bound (`options.maxTimeMS`; 400 with internal_code 50 past it) and turns as find. 404 (internal_code 4) when the collection does not exist.
         */
        post: operations["countDocuments"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/vault/db/{collection}/indexes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a collection's indexes
         * @description In the caller's own vault: `_id_` first, then the indexes created through the API, then the automatic ones the node made for filtered or sorted fields (`auto: true`). 404 (internal_code 4) when the collection does not exist.
         */
        get: operations["listIndexes"];
        put?: never;
        /**
         * Create an index
         * @description In the caller's own vault. Finds, counts and sorted pages on the indexed paths then read only the documents they answer. The same keys and options under the same name again is a no-op (201). 455 when another index holds the name or the key pattern, or for a unique index over existing duplicates; 400 (internal_code 1) past 16 indexes per collection or for keys that are not allowed (see `IndexKeys`); 404 (internal_code 4) when the collection does not exist; 403 (internal_code 1) on a frozen vault. An automatic index on the same keys is replaced. Index storage is not charged to the quota.
         */
        post: operations["createIndex"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/vault/db/{collection}/indexes/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Drop an index
         * @description In the caller's own vault. `_id_` cannot be dropped (400, internal_code 1); 404 (internal_code 10) when the collection has no index of that name, 404 (internal_code 4) when the collection does not exist; 403 (internal_code 1) on a frozen vault.
         */
        delete: operations["dropIndex"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/vault/files/{path}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a file, list a folder (`?list=true`) or read properties (`?comp=metadata`)
         * @description From the caller's own vault. Without a query: the bytes, with `ETag` = the CID, `Accept-Ranges: bytes` and `Last-Modified`; a single `Range` answers 206, one outside the file 416; `If-None-Match` answers 304. With `list=true` (or `comp=children`): a JSON listing of the folder (direct children including sub-folders; `recursive=true` for the whole tree); a file there is a 400. With `comp=metadata`: the properties of the file or folder; `comp=hash`: its CID. The root folder is the empty path `/api/v2/vault/files/`. 404 (internal_code 6) when nothing is at the path.
         */
        get: operations["downloadFile"];
        /**
         * Upload a file (overwrites)
         * @description Into the caller's own vault; folders are implicit (created by the files below them). The body is the raw content (not multipart), streamed: the file appears, or replaces the previous one, only once complete; an interrupted upload stores nothing. Send `Content-Length` so the quota is checked before the first byte; the stream is cut at the first byte past the room left (507). 455 when the path is a folder (a file and a folder cannot share a name); 403 (internal_code 1) on a frozen vault.
         */
        put: operations["uploadFile"];
        post?: never;
        /**
         * Delete a file or a folder with everything in it
         * @description In the caller's own vault; the bytes are given back to the quota (content shared with other files stays stored). 404 (internal_code 6) when nothing is at the path; 403 (internal_code 1) on a frozen vault.
         */
        delete: operations["deleteFile"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/vault/files/{path}/move": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Move or rename a file or folder
         * @description In the caller's own vault; nothing is copied and the quota does not change. 455 when the destination exists; 404 (internal_code 6) when the source does not; 400 when moving onto itself or into itself; 403 (internal_code 1) on a frozen vault.
         */
        post: operations["moveFile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/vault/files/{path}/copy": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Copy a file or folder (the content is shared, not duplicated; it counts against the quota again)
         * @description In the caller's own vault, all or nothing. 455 when the destination exists; 404 (internal_code 6) when the source does not; 400 when copying into itself; 507 when the copy does not fit the quota; 403 (internal_code 1) on a frozen vault.
         */
        post: operations["copyFile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/vault/files/{path}/hash": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The CID of a file
         * @description From the caller's own vault: the CID of the file's content (the same bytes give the same CID on every node). When `{path}` is a folder, `{path}/hash` is read as the path of a file named `hash` inside it, and the answer is that file's content (as a download). A file and a folder cannot share a name, so only one reading can exist. 404 (internal_code 6) when neither exists.
         */
        get: operations["fileHash"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/vault/scripting": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the caller's scripts
         * @description The caller's own scripts as registered, sorted by name; `[]` when there are none. Allowed on a frozen vault. `name` picks one script.
         */
        get: operations["listScripts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/vault/scripting/{script_name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Register (or replace) a script
         * @description In the caller's own vault; registering a name again replaces the script (and voids its outstanding file transactions). Both the flat form and the reference's `body` form are accepted. Checked now, nothing stored on failure (400): known types and their fields, user collections only, no operator that runs code, conditions at most 5 levels deep, RE2-valid regular expressions, at most 128 KiB. Names starting with `__` are reserved (400); 403 (internal_code 1) on a frozen vault; 507 over the quota (a script counts as database usage).
         */
        post: operations["registerScript"];
        /**
         * Remove a script
         * @description From the caller's own vault; its outstanding file transactions are voided. 404 (internal_code 3) when there is no such script; 403 (internal_code 1) on a frozen vault.
         */
        delete: operations["unregisterScript"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/vault/scripting/{script_name}/run": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run a script of the target vault (default: the caller's own)
         * @description Runs the script named in the vault of `context.target_did` (default: the caller's own), in the space of `context.target_app_did` (absent: that vault's default space; no context: the caller's own space, the application of their token); the script is looked up there only. Works without a token only for scripts registered with `allowAnonymousUser` and `allowAnonymousApp` (then `context.target_did` is required, and anonymous runs are limited per IP: 429 with `Retry-After`); a token that is sent must be valid (401). A script missing in the target vault and an unmet condition are 400 (as the reference); 404 (internal_code 1) when the target has no vault; 403 (internal_code 1) when the target vault is frozen and the script writes; 507 when a write passes the owner's quota. Parameters are data: keys starting with `$` in them are refused (400). The condition and every `find` and `count` are time-bounded queries (the node's default bound; past it 400 with internal_code 50) taking turns with the caller's other queries (the caller's DID, or the address of an anonymous caller: past the waiting line 429 with `Retry-After`).
         */
        post: operations["runScript"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/vault/scripting/stream/{transaction_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download the content of a fileDownload transaction
         * @description The bytes of the file a `fileDownload` executable named, as a file download answers them (`Range`, 206, `ETag`). Single use (a range request uses it too); expires (default one hour): an unknown, used or expired id is a 400 (internal_code 1). Bound to its caller (another user: 403; no token: 401) unless the script allows anonymous callers. 404 (internal_code 6) when the file was deleted since the run. A request body is ignored (never read): the reference node's own tests send the file bytes with this GET.
         */
        get: operations["downloadByTransaction"];
        /**
         * Upload the content of a fileUpload transaction
         * @description The raw bytes of the file a `fileUpload` executable named. Single use; expires (default one hour): an unknown, used or expired id is a 400 (internal_code 1). Only the caller who ran the script may use it (another user: 403; no token: 401), unless the script allows anonymous callers. The file goes to the path the script fixed in the owner's vault, charged to the owner's quota (507); 403 (internal_code 1) when that vault is frozen.
         */
        put: operations["uploadByTransaction"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/vault/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Stream the changes of the caller's vault (Server-Sent Events)
         * @description Every change committed in the caller's space of their vault, in order, as Server-Sent Events: documents inserted, updated and deleted (with the document up to 16 KiB), collections and indexes created and dropped, files written, moved and deleted, scripts registered and deleted, the vault's state and plan, backups and restores. The answer is `text/event-stream` and stays open: each event is `id:` (its cursor), `event:` (its type) and one `data:` line (a JSON object, `VaultEvent`); a `: ping` comment comes at least every 15 s, and a line `id:` alone moves the cursor past events a filter left out. `since` (or `Last-Event-ID`) resumes after a cursor with nothing lost or repeated; without it the stream starts at the newest event and its first line `id:` is the cursor to resume from. Filters: `collections`, `paths`, `types`, and `filter` on documents. A cursor older than what the node keeps (`CELLA_EVENTS_RETENTION`) is 410 with the oldest cursor still accepted; a malformed cursor or one ahead of the newest event is 400. A caller may hold `CELLA_EVENTS_MAX_STREAMS_PER_DID` streams at once (429, internal_code 1, past it); a client that reads slower than events come is sent a final `event: error` (`consumer_too_slow`) and the stream ends. docs/events.md has the wire format byte by byte.
         */
        get: operations["vaultEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/vault/scripting/{script_name}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Stream what a script lets the caller see, live (Server-Sent Events)
         * @description A live view of a `find` script: the document events of its collection (in the target vault and space, as a run finds them) whose documents match its filter after substitution, projected as its options say — to callers who pass its condition. The script's executable must be one `find` (400 otherwise). The caller is as in a run: a token, or none for a script registered with `allowAnonymousUser` and `allowAnonymousApp` (then `target_did` is required); `target_did` and `target_app_did` are the run's `context`, `parameters` its `params`. The condition is checked when the stream opens (400 as a run: "the caller can't match the condition") and again whenever a collection it reads changes: when it no longer holds the stream ends with `event: error` (`condition_failed`), as it does when the script is replaced or deleted (`script_changed`). Events carry `seq`, `at`, `type`, `_id` and `document` (not the collection's name); a document larger than 16 KiB is read again by `_id`. Resuming (`since`, `Last-Event-ID`), the 410, the heartbeat and the limits are those of `GET /api/v2/vault/events`.
         */
        get: operations["scriptEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/payment/payment_config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The node's plans and where to pay (payment_config)
         * @description Any signed-in user. The vault and backup plans of this node (the reference's pricing document) and where to pay: the receiving address, the payment contract and its chain, the confirmations a payment needs. A node that takes no payments answers null for the address, contract and chain.
         */
        get: operations["paymentConfig"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/payment/order": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Place an order for a plan upgrade
         * @description The caller orders a paid plan for their own vault. The answer carries the price in wei and the order proof: pay with the payment contract's `payOrder(receiving_address, memo = proof)` sending exactly that value, then settle. Orders expire after 7 days. 404 (internal_code 5) for an unknown plan; 400 for a free plan or more than 20 unpaid orders; a backup plan only on a backup node where the caller subscribed the backup service (else 404, internal_code 2; settling it upgrades that service); 501 `FEATURE_NOT_OFFERED` when the node takes no payments.
         */
        post: operations["placeOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/payment/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the caller's orders
         * @description The caller's own orders, oldest first; `[]` when none. An unpaid order past its expiry shows `state: expired`.
         */
        get: operations["listOrders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/payment/settle": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Settle an order by verifying its on-chain payment
         * @description The caller names the contract order id of their payment. The node reads the on-chain order once it has the configured confirmations and checks: paid to the receiving address, at least the price in wei, its memo the proof of an unsettled, unexpired order of the caller. Then the plan is upgraded and a receipt issued. 404 (internal_code 7) when the memo is not an order of the caller; 400 when the payment does not qualify (amount, recipient, confirmations, expiry); 455 when that on-chain order was already settled (each is settled once, ever); 503 when the chain is unreachable. A settlement interrupted by a crash is finished by a retry.
         */
        post: operations["settleOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/payment/receipts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the caller's payment receipts
         * @description The caller's own receipts, oldest first; `[]` when none. Each carries the receipt JWT signed by the node, proof of the payment for third parties.
         */
        get: operations["listReceipts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/vault/backup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start backing up the vault to the backup node named in the credential
         * @description The caller backs up their own vault to the backup node named in their `HiveBackupCredential` (issuer = the caller, subject = this node, unexpired; 401 otherwise). Returns at once; the backup runs in the background (it survives a restart) and moves only what the backup node lacks: watch it with the state endpoint, where failures after the start (the backup node unreachable, its plan too small) show. 400 (internal_code 2) while a backup or restore runs; 404 (internal_code 1) when there is no vault.
         */
        post: operations["startBackup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/vault/backup/state": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * State and progress of the latest backup or restore
         * @description The caller's own vault: the kind, result and progress of the latest backup or restore job (`idle` when none ever ran), and when a backup last succeeded.
         */
        get: operations["backupState"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/vault/backup/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Restore the vault from its latest complete backup
         * @description The caller's own vault is replaced by its latest complete backup on the backup node named in the credential. Returns at once; watch it with the state endpoint, where failures after the start show (no complete backup there, a backup bigger than the vault's plan, the backup node unreachable). The vault must exist (404, internal_code 1: subscribe first); 400 (internal_code 2) while a backup or restore runs.
         */
        post: operations["restoreBackup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/vault/backup/promote": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * On the backup node: turn the caller's backup into a live vault here
         * @description Called on the backup node, by the user whose backup it holds: the backup becomes a vault on this node with this node's free plan (a vault bigger than the free quota is read-only until upgraded; nothing is lost), for example when the original node is gone. The backup itself stays. 404 (internal_code 2) when there is no backup here; 455 when the caller already has a vault on this node; 400 (internal_code 2) while a backup of it is being received.
         */
        post: operations["promoteBackup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/vault/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export the whole vault as one signed CAR file
         * @description The caller's own vault, every space: a CARv1 (`application/vnd.ipld.car`) whose root is a DAG-CBOR manifest signed by this node's DID and naming the caller's DID — every collection's documents in pages of BSON, the indexes created through the API, the file tree and every file's UnixFS blocks (a file's CID is the one IPFS serves it by). The format is described byte by byte in docs/portability.md. The size (`Content-Length`), the root (`X-Cella-Export-Root`, also the `ETag`) and the content (`X-Cella-Export-Content`: the CID of the manifest's vault block, equal for two exports of the same content, on any node) are known before the first byte, so `HEAD` answers them alone; the body streams at the client's pace in constant memory. 404 (internal_code 1) when there is no vault; 503 while the node already runs as many exports as it allows (`CELLA_TRANSFERS_MAX_CONCURRENT`). `since` makes it incremental: the manifest is whole, but the CAR carries only the pages and file contents its base (an earlier export, named in the manifest's `base` and the `X-Cella-Export-Base` header) did not hold; the node keeps what its last 4 exports of a vault held, and answers 410 for an export or cursor it no longer knows.
         */
        get: operations["exportVault"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/vault/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What the caller's vault content was imported from (a move's first question)
         * @description The export the vault's content came from (its last import: the export's id and node, the `seq` of its `vault.imported` event), the change feed's head, whether the vault was written since (`unchanged`) and whether it is empty. A mover (the SDK's `vault.moveTo`, `cella-node vault move`) asks the target first: an unchanged vault takes an incremental export since `export` with `?mode=update`; an empty one a full export. 404 when there is no vault.
         */
        get: operations["vaultImportState"];
        put?: never;
        /**
         * Import a vault export (all or nothing)
         * @description Into the caller's own vault: the body is a vault export (`application/vnd.ipld.car`, as `GET /api/v2/vault/export` answers it, from this node or another), streamed. The node keeps it in a temporary file while checking all of it (every block's hash, the layout, the signature of the exporting node, every count and size: docs/portability.md), then writes it into a fresh database and switches the vault to it in one write: the vault holds either all of the export or what it held before, whatever fails or stops (a refused file, a client that goes away, the node killed). Documents keep their `_id`s, files their CIDs, scripts are as they were, the indexes created through the API are built again. Without `mode` the vault must be empty (409 otherwise); `?mode=replace` replaces its whole content. `?mode=update` (a move's next step) takes an incremental export whose base is the export the vault last imported, or a full export of the same node, into a vault that is empty or not written since its last import (409 `VAULT_CHANGED` otherwise). The caller's vault must exist (404; subscribe first). Refused: a file that is not a complete, valid export (400, the message says what is wrong and where), the export of another user's vault (403), an incremental export without `mode=update` (400), one past the vault's quota (507 naming the bytes it needs, before any byte is kept: send `Content-Length`; the manifest's totals are checked as soon as they arrive), a body past the node's cap (413, `CELLA_IMPORT_MAX_BYTES`), a frozen vault (403, internal_code 1), a vault that moved to another node (403, internal_code 2). 503 while the node runs as many imports as it allows (`CELLA_TRANSFERS_MAX_CONCURRENT`) or one of this vault. The change feed gets one `vault.imported` event (numbered after every earlier one): read everything again.
         */
        post: operations["importVault"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/vault/moved": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Mark the caller's vault as moved to another node (after the move was verified)
         * @description The last step of a move (docs/portability.md, "Move"): once another node imported an export of this vault and the mover compared both sides, the vault here becomes read-only for good: every write (documents, files, scripts, other users' script runs that write) answers 403 `VAULT_MOVED` (internal_code 2) naming the new node's URL; reads and exports still answer; the owner may delete the vault (`DELETE /api/v2/subscription/vault?force=true`). `export` must be an export of this vault this node made and still knows (410 otherwise), and the vault must not have changed since it (409 `VAULT_CHANGED`: export again since it). Marking a moved vault again with another URL or export updates them.
         */
        put: operations["markVaultMoved"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/did/backup_auth": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Node-to-node sign-in: the primary node presents the user's backup credential, gets a BackupToken
         * @description Only on a backup node. After `POST /api/v2/did/signin` with the primary node's own DID document, the primary sends a presentation (holder = primary, realm = this node, the challenge nonce) holding the user's `HiveBackupCredential` (issuer = user, subject = primary, `targetHiveNodeDID` = this node, unexpired).
         */
        post: operations["backupAuth"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/vault-backup-service/state": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The user's backup on this node: the last good one, an unfinished attempt, the backup plan
         * @description Node-to-node, with a BackupToken (the user is the one the token is bound to). 403 when this node is not a backup node.
         */
        get: operations["backupNodeState"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/vault-backup-service/begin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Open (or resume) a backup attempt for the user
         * @description An unfinished attempt from the same primary is resumed. Refused when the expected size exceeds the backup plan's quota (507).
         */
        post: operations["backupNodeBegin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/vault-backup-service/roots": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Keep the given contents (file DAGs, chunks) for the attempt; answers those not stored completely here
         * @description Node-to-node, with a BackupToken. What is held is kept from garbage collection while the attempt lasts; the answer lists what must still be sent. 404 (internal_code 2) for an unknown attempt.
         */
        post: operations["backupNodeHoldRoots"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/vault-backup-service/blocks/missing": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Which of these blocks this node does not store
         * @description Node-to-node, with a BackupToken: lets the primary send only the blocks that are missing.
         */
        post: operations["backupNodeMissingBlocks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/vault-backup-service/blocks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Send blocks as a CAR stream (`Content-Encoding: gzip` allowed); every block is verified against its CID
         * @description Node-to-node, with a BackupToken. A block whose bytes do not hash to its CID refuses the stream (400); another content encoding than gzip is a 415; past the backup plan's quota 507 (the attempt is abandoned). 404 (internal_code 2) for an unknown attempt.
         */
        put: operations["backupNodePutBlocks"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/vault-backup-service/commit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Finish the attempt: verify the manifest against what was received, then make it the user's backup
         * @description Checks the manifest hash, that every chunk and file content is held completely, every chunk's document count and size, and the backup quota. Only then does the new backup replace the previous one; a failure leaves the previous backup in place.
         */
        post: operations["backupNodeCommit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/vault-backup-service/pending": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Abandon the unfinished attempt and release what it held
         * @description Node-to-node, with a BackupToken. The previous complete backup stays.
         */
        delete: operations["backupNodeAbort"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/vault-backup-service/manifest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The manifest of the user's last good backup (restore)
         * @description Node-to-node, with a BackupToken: the primary reads it to restore the vault. 404 (internal_code 2) when there is no complete backup.
         */
        get: operations["backupNodeManifest"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/vault-backup-service/blocks/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Blocks of the user's last good backup as a CAR stream (restore)
         * @description Node-to-node, with a BackupToken: the requested file DAGs and chunks as one CARv1 stream. A CID that is not part of the user's backup is a 404; no complete backup is a 404 (internal_code 2).
         */
        post: operations["backupNodeExportBlocks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * @description One of `document` and `id` is required.
         * @example {
         *       "document": {
         *         "id": "did:elastos:iaETmuxAHQGYvG4VaxEZBLXoKdDywf6J95",
         *         "publicKey": [
         *           {
         *             "id": "did:elastos:iaETmuxAHQGYvG4VaxEZBLXoKdDywf6J95#primary",
         *             "type": "ECDSAsecp256r1",
         *             "controller": "did:elastos:iaETmuxAHQGYvG4VaxEZBLXoKdDywf6J95",
         *             "publicKeyBase58": "c6qFpiGjSscN4D6L8uN541DN6HQcuCuUXteBwFXk53Cn"
         *           }
         *         ],
         *         "authentication": [
         *           "did:elastos:iaETmuxAHQGYvG4VaxEZBLXoKdDywf6J95#primary"
         *         ],
         *         "expires": "2031-03-02T09:30:00Z",
         *         "proof": {
         *           "type": "ECDSAsecp256r1",
         *           "created": "2026-03-02T09:30:00Z",
         *           "creator": "did:elastos:iaETmuxAHQGYvG4VaxEZBLXoKdDywf6J95#primary",
         *           "signatureValue": "Az83QZUqYuprD5K2Tv7CdwMPj65owTjaA9C_4_ITQiQmXHE7IzZTAvKmDJRvzc009sawqCP5RseOs3Zg_y0AVg"
         *         }
         *       }
         *     }
         */
        SigninRequest: {
            /** @description The signing-in DID document. */
            document?: components["schemas"]["DidDocument"];
            /**
             * @deprecated
             * @description Reference Hive Node name of `document`; accepted for compatibility.
             */
            id?: components["schemas"]["DidDocument"];
        };
        /**
         * @description A DID document in the Elastos DID format (normalized or compact), or a did:key document. Its format and what its proof signs: "Sign-in protocol" above.
         * @example {
         *       "id": "did:elastos:iaETmuxAHQGYvG4VaxEZBLXoKdDywf6J95",
         *       "publicKey": [
         *         {
         *           "id": "did:elastos:iaETmuxAHQGYvG4VaxEZBLXoKdDywf6J95#primary",
         *           "type": "ECDSAsecp256r1",
         *           "controller": "did:elastos:iaETmuxAHQGYvG4VaxEZBLXoKdDywf6J95",
         *           "publicKeyBase58": "c6qFpiGjSscN4D6L8uN541DN6HQcuCuUXteBwFXk53Cn"
         *         }
         *       ],
         *       "authentication": [
         *         "did:elastos:iaETmuxAHQGYvG4VaxEZBLXoKdDywf6J95#primary"
         *       ],
         *       "expires": "2031-03-02T09:30:00Z",
         *       "proof": {
         *         "type": "ECDSAsecp256r1",
         *         "created": "2026-03-02T09:30:00Z",
         *         "creator": "did:elastos:iaETmuxAHQGYvG4VaxEZBLXoKdDywf6J95#primary",
         *         "signatureValue": "Az83QZUqYuprD5K2Tv7CdwMPj65owTjaA9C_4_ITQiQmXHE7IzZTAvKmDJRvzc009sawqCP5RseOs3Zg_y0AVg"
         *       }
         *     }
         */
        DidDocument: {
            [key: string]: unknown;
        };
        /**
         * @example {
         *       "challenge_response": {
         *         "type": "VerifiablePresentation",
         *         "holder": "did:elastos:iaETmuxAHQGYvG4VaxEZBLXoKdDywf6J95",
         *         "created": "2026-03-02T09:30:01Z",
         *         "verifiableCredential": [],
         *         "proof": {
         *           "type": "ECDSAsecp256r1",
         *           "created": "2026-03-02T09:30:01Z",
         *           "verificationMethod": "did:elastos:iaETmuxAHQGYvG4VaxEZBLXoKdDywf6J95#primary",
         *           "realm": "did:elastos:iq7AfYGK53wH1zSXZBPNA6j95tksxfgHve",
         *           "nonce": "l3P3kuUX1RE4XQUvqAG_1itbiBAZYbhL",
         *           "signature": "iN8i9xRwuYwva3582qtcD5GTclrQXsqLTbVJuLls7UB4iqWUztZlYon1dIN-DOkN5roRC7Vg-96h-wCtrc0JBg"
         *         }
         *       }
         *     }
         */
        AuthRequest: {
            /** @description The presentation object, or (reference compatibility) a JWT signed by the holder whose `presentation` claim is that object. */
            challenge_response: components["schemas"]["VerifiablePresentation"] | string;
        };
        /**
         * @description An Elastos Verifiable Presentation whose proof has realm = node DID and nonce = the challenge nonce; what it signs: "Sign-in protocol" above.
         * @example {
         *       "type": "VerifiablePresentation",
         *       "holder": "did:elastos:iaETmuxAHQGYvG4VaxEZBLXoKdDywf6J95",
         *       "created": "2026-03-02T09:30:01Z",
         *       "verifiableCredential": [],
         *       "proof": {
         *         "type": "ECDSAsecp256r1",
         *         "created": "2026-03-02T09:30:01Z",
         *         "verificationMethod": "did:elastos:iaETmuxAHQGYvG4VaxEZBLXoKdDywf6J95#primary",
         *         "realm": "did:elastos:iq7AfYGK53wH1zSXZBPNA6j95tksxfgHve",
         *         "nonce": "l3P3kuUX1RE4XQUvqAG_1itbiBAZYbhL",
         *         "signature": "iN8i9xRwuYwva3582qtcD5GTclrQXsqLTbVJuLls7UB4iqWUztZlYon1dIN-DOkN5roRC7Vg-96h-wCtrc0JBg"
         *       }
         *     }
         */
        VerifiablePresentation: {
            [key: string]: unknown;
        };
        /**
         * @example {
         *       "name": "notes",
         *       "if_not_exists": true
         *     }
         */
        CreateCollectionRequest: {
            name: components["schemas"]["CollectionName"];
            /** @description An existing collection of that name is not an error: the answer says `created: false`. Default false (455 when it exists). What an app sends at every start. */
            if_not_exists?: boolean;
            /** @description The client encrypts the documents (end-to-end; the node stores the flag, listed with the collection). Default false. Only a collection this request creates takes the flags: an existing one keeps its own. */
            is_encrypt?: boolean;
            /**
             * @description With `is_encrypt`: how the client encrypts (`cella-v1`, `user_did`); required then.
             * @example cella-v1
             */
            encrypt_method?: string;
        };
        /**
         * @description A collection name: 1–64 letters, digits, `_`, `.` and `-`, not starting with `.` or `-`. Names of internal collections (starting with `__` or `system.`, and `collections`, `scripts`, `ipfs_files`, …) are refused.
         * @example notes
         */
        CollectionName: string;
        /**
         * @example {
         *       "document": [
         *         {
         *           "title": "Shopping list",
         *           "body": "oat milk, lemons, rye bread",
         *           "tags": [
         *             "home"
         *           ],
         *           "due": {
         *             "$date": "2026-03-03T18:00:00Z"
         *           }
         *         },
         *         {
         *           "title": "Call the plumber",
         *           "tags": [
         *             "home",
         *             "urgent"
         *           ]
         *         }
         *       ],
         *       "options": {
         *         "timestamp": true
         *       }
         *     }
         */
        InsertRequest: {
            /** @description One document or a list of up to 10,000. Without `_id` the node assigns an ObjectId. */
            document: components["schemas"]["Document"] | components["schemas"]["Document"][];
            /** @description How to insert. */
            options?: {
                /** @description Add integer `created` and `modified` (epoch seconds). Default true. */
                timestamp?: boolean;
                /** @description Accepted for compatibility; inserts are always all-or-nothing. */
                ordered?: boolean;
                /** @description Accepted for compatibility; ignored. */
                bypass_document_validation?: boolean;
            };
        };
        /**
         * @description A JSON object. ObjectId and Date values use MongoDB Extended JSON: `{"$oid": "…"}`, `{"$date": "…"}`.
         * @example {
         *       "_id": {
         *         "$oid": "69a558980fa8f1f1d94ee8a8"
         *       },
         *       "title": "Shopping list",
         *       "body": "oat milk, lemons, rye bread",
         *       "tags": [
         *         "home"
         *       ],
         *       "due": {
         *         "$date": "2026-03-03T18:00:00Z"
         *       },
         *       "created": 1772444105,
         *       "modified": 1772444105
         *     }
         */
        Document: {
            [key: string]: unknown;
        };
        /**
         * @example {
         *       "filter": {
         *         "_id": {
         *           "$oid": "69a558980fa8f1f1d94ee8a8"
         *         }
         *       },
         *       "update": {
         *         "$set": {
         *           "body": "oat milk, lemons, rye bread, coffee"
         *         },
         *         "$addToSet": {
         *           "tags": "weekly"
         *         }
         *       },
         *       "options": {
         *         "upsert": false,
         *         "timestamp": true
         *       }
         *     }
         */
        UpdateRequest: {
            filter: components["schemas"]["Filter"];
            /** @description Update operators (`$set`, `$inc`, `$push`, …); a replacement document is refused. */
            update: {
                [key: string]: unknown;
            };
            /** @description How to update. */
            options?: {
                /** @description Insert a document built from the filter and the update when none matches. */
                upsert?: boolean;
                /** @description Set integer `modified` (and `created` on upsert). Default true. */
                timestamp?: boolean;
                /** @description Accepted for compatibility; ignored. */
                bypass_document_validation?: boolean;
            };
        };
        /**
         * @description A MongoDB query filter. Operators that run code or reach other databases are refused; regular expressions use RE2 syntax.
         * @example {
         *       "tags": "home",
         *       "due": {
         *         "$lt": {
         *           "$date": "2026-03-07T00:00:00Z"
         *         }
         *       }
         *     }
         */
        Filter: {
            [key: string]: unknown;
        };
        /**
         * @example {
         *       "filter": {
         *         "tags": "done"
         *       }
         *     }
         */
        DeleteRequest: {
            /** @description Which documents to delete; `{}` deletes all. */
            filter: components["schemas"]["Filter"];
        };
        /**
         * @example {
         *       "filter": {
         *         "tags": "home"
         *       }
         *     }
         * @example {
         *       "filter": {
         *         "tags": "home"
         *       },
         *       "options": {
         *         "maxTimeMS": 2000
         *       }
         *     }
         */
        CountRequest: {
            filter: components["schemas"]["Filter"];
            /** @description Which of the matches to count, and how long the count may take. */
            options?: {
                /** @description Matches to pass over before counting. */
                skip?: number;
                /** @description Count at most this many; 0 = no limit. */
                limit?: number;
                /**
                 * @description The query's time limit in milliseconds (MongoDB's `maxTimeMS`); 0 or absent: the node's default (5 s unless configured); more than the node allows (60 s unless configured) counts as that. Past it the query is stopped: 400, internal_code 50 (MaxTimeMSExpired).
                 * @example 2000
                 */
                maxTimeMS?: number;
            };
        };
        /**
         * @example {
         *       "keys": {
         *         "tags": 1,
         *         "due": -1
         *       }
         *     }
         * @example {
         *       "keys": {
         *         "title": 1
         *       },
         *       "options": {
         *         "unique": true,
         *         "name": "title_unique"
         *       }
         *     }
         */
        CreateIndexRequest: {
            keys: components["schemas"]["IndexKeys"];
            /** @description How to index. */
            options?: {
                /** @description Refuse a second document with the same key values (455). As in MongoDB, a missing field counts as null and every element of an array is a key. Default false. */
                unique?: boolean;
                /** @description The index name. Default: MongoDB’s, the paths and directions joined (`tags_1_due_-1`). */
                name?: components["schemas"]["IndexName"];
            };
        };
        /**
         * @description The indexed field paths in order, each `1` (ascending) or `-1` (descending); dotted paths reach into embedded documents. At most 8 paths of at most 8 parts, each part letters, digits, `_` or `-`, not starting with a digit.
         * @example {
         *       "tags": 1,
         *       "due": -1
         *     }
         */
        IndexKeys: {
            [key: string]: 1 | -1;
        };
        /**
         * @description An index name: 1–64 letters, digits, `_`, `.` and `-`, not starting with `.` or `-`. `_id_` and names starting with `ax_` (automatic indexes) are the node’s own.
         * @example tags_1_due_-1
         */
        IndexName: string;
        /**
         * @description A path inside the vault, URL-encoded per segment; `/` separates folders. Normalised on the server (Unicode NFC, one trailing `/` dropped); refused: `.` and `..` segments, empty segments, NUL, more than 1024 bytes of UTF-8. The empty path is the root folder (listing and properties only).
         * @example photos/2026/cat.jpg
         */
        FilePath: string;
        /**
         * @example {
         *       "to": "photos/2026/pets/cat.jpg"
         *     }
         */
        MoveRequest: {
            /** @description Destination path. It must not exist. */
            to: components["schemas"]["FilePath"];
        };
        /**
         * @description A script name: 1–128 letters, digits, `_`, `.` and `-`, not starting with `.` or `-`; names starting with `__` are reserved.
         * @example get_messages
         */
        ScriptName: string;
        /**
         * @example {
         *       "condition": {
         *         "type": "queryHasResults",
         *         "collection": "friends",
         *         "filter": {
         *           "did": "$caller_did"
         *         }
         *       },
         *       "executable": {
         *         "type": "find",
         *         "name": "get_messages",
         *         "collection": "messages",
         *         "filter": {
         *           "to": "$caller_did"
         *         },
         *         "options": {
         *           "limit": "$params.limit",
         *           "sort": {
         *             "created": -1
         *           }
         *         }
         *       },
         *       "allowAnonymousUser": false,
         *       "allowAnonymousApp": false
         *     }
         */
        RegisterScriptRequest: {
            /** @description Who may run it. Without one, anyone the auth rules admit may. */
            condition?: components["schemas"]["Condition"];
            executable: components["schemas"]["Executable"];
            /** @description With `allowAnonymousApp`: callers without a token may run it. Default false. */
            allowAnonymousUser?: boolean;
            /** @description With `allowAnonymousUser`: callers without a token may run it. Default false. */
            allowAnonymousApp?: boolean;
        };
        /**
         * @description Access condition: `queryHasResults` on the owner's collection, or `and` / `or` of conditions. Conditions nest at most 5 levels, with at most 16 operands each. Evaluated on the vault the script belongs to, for every caller (the owner too).
         * @example {
         *       "type": "queryHasResults",
         *       "collection": "friends",
         *       "filter": {
         *         "did": "$caller_did"
         *       }
         *     }
         */
        Condition: {
            /**
             * @description `queryHasResults`: the owner's `collection` has a document matching `filter`; `and` / `or`: of `conditions`.
             * @enum {string}
             */
            type: "queryHasResults" | "and" | "or";
            /** @description A label; not used by the node. */
            name?: string;
            /** @description queryHasResults: the owner's collection to query. */
            collection?: string;
            /** @description queryHasResults: the filter; `$caller_did`, `$caller_app_did` and `$params.<name>` are substituted. */
            filter?: components["schemas"]["Filter"];
            /** @description Accepted for compatibility. */
            options?: {
                [key: string]: unknown;
            };
            /** @description Reference Hive Node form: the fields above nested in `body` (a list for and/or). */
            body?: unknown;
            /** @description and/or: the operands. */
            conditions?: {
                /**
                 * @description `queryHasResults`: the owner's `collection` has a document matching `filter`; `and` / `or`: of `conditions`.
                 * @enum {string}
                 */
                type: "queryHasResults" | "and" | "or";
                /** @description A label; not used by the node. */
                name?: string;
                /** @description queryHasResults: the owner's collection to query. */
                collection?: string;
                /** @description queryHasResults: the filter; `$caller_did`, `$caller_app_did` and `$params.<name>` are substituted. */
                filter?: components["schemas"]["Filter"];
                /** @description Accepted for compatibility. */
                options?: {
                    [key: string]: unknown;
                };
                /** @description Reference Hive Node form: the fields above nested in `body` (a list for and/or). */
                body?: unknown;
                /** @description and/or: the operands. */
                conditions?: {
                    /**
                     * @description `queryHasResults`: the owner's `collection` has a document matching `filter`; `and` / `or`: of `conditions`.
                     * @enum {string}
                     */
                    type: "queryHasResults" | "and" | "or";
                    /** @description A label; not used by the node. */
                    name?: string;
                    /** @description queryHasResults: the owner's collection to query. */
                    collection?: string;
                    /** @description queryHasResults: the filter; `$caller_did`, `$caller_app_did` and `$params.<name>` are substituted. */
                    filter?: components["schemas"]["Filter"];
                    /** @description Accepted for compatibility. */
                    options?: {
                        [key: string]: unknown;
                    };
                    /** @description Reference Hive Node form: the fields above nested in `body` (a list for and/or). */
                    body?: unknown;
                    /** @description and/or: the operands. */
                    conditions?: {
                        /**
                         * @description `queryHasResults`: the owner's `collection` has a document matching `filter`; `and` / `or`: of `conditions`.
                         * @enum {string}
                         */
                        type: "queryHasResults" | "and" | "or";
                        /** @description A label; not used by the node. */
                        name?: string;
                        /** @description queryHasResults: the owner's collection to query. */
                        collection?: string;
                        /** @description queryHasResults: the filter; `$caller_did`, `$caller_app_did` and `$params.<name>` are substituted. */
                        filter?: components["schemas"]["Filter"];
                        /** @description Accepted for compatibility. */
                        options?: {
                            [key: string]: unknown;
                        };
                        /** @description Reference Hive Node form: the fields above nested in `body` (a list for and/or). */
                        body?: unknown;
                        /** @description and/or: the operands. */
                        conditions?: {
                            /**
                             * @description `queryHasResults`: the owner's `collection` has a document matching `filter`; `and` / `or`: of `conditions`.
                             * @enum {string}
                             */
                            type: "queryHasResults" | "and" | "or";
                            /** @description A label; not used by the node. */
                            name?: string;
                            /** @description queryHasResults: the owner's collection to query. */
                            collection?: string;
                            /** @description queryHasResults: the filter; `$caller_did`, `$caller_app_did` and `$params.<name>` are substituted. */
                            filter?: components["schemas"]["Filter"];
                            /** @description Accepted for compatibility. */
                            options?: {
                                [key: string]: unknown;
                            };
                            /** @description Reference Hive Node form: the fields above nested in `body` (a list for and/or). */
                            body?: unknown;
                            /** @description and/or: the operands. */
                            conditions?: unknown[];
                        }[];
                    }[];
                }[];
            }[];
        };
        /**
         * @description What a script does when it runs. Its result is keyed by `name` in the run response.
         * @example {
         *       "type": "find",
         *       "name": "get_messages",
         *       "collection": "messages",
         *       "filter": {
         *         "to": "$caller_did"
         *       },
         *       "options": {
         *         "limit": "$params.limit",
         *         "sort": {
         *           "created": -1
         *         }
         *       }
         *     }
         */
        Executable: {
            /**
             * @description What it does: `find`, `count`, `insert` (one), `update` (the first match), `delete` (the first match) on `collection`; `fileUpload`, `fileDownload` (a transaction id for the stream endpoints), `fileProperties`, `fileHash` on `path`; `aggregated`: its `executables` in order.
             * @enum {string}
             */
            type: "find" | "count" | "insert" | "update" | "delete" | "fileUpload" | "fileDownload" | "fileProperties" | "fileHash" | "aggregated";
            /** @description Key of this executable's result in the run response. Default: the script name (inside `aggregated`: the executable's type). */
            name?: string;
            /** @description Include the result in the run response. Default true. */
            output?: boolean;
            /** @description Database executables: the owner's collection. */
            collection?: string;
            /** @description find, count, update, delete: the filter; `$caller_did`, `$caller_app_did` and `$params.<name>` are substituted. */
            filter?: components["schemas"]["Filter"];
            /** @description insert: the document (variables substituted). */
            document?: components["schemas"]["Document"];
            /** @description update: update operators (variables substituted). */
            update?: {
                [key: string]: unknown;
            };
            /** @description find: `skip`, `limit` (at most 1,000), `sort`, `projection`; insert/update: `timestamp` (default false), update: `upsert`. */
            options?: {
                [key: string]: unknown;
            };
            /** @description File executables: the path; `$params.<name>` and `$caller_did` are substituted inside it. */
            path?: string;
            /** @description Reference Hive Node form: the fields above nested in `body` (a list for aggregated). */
            body?: unknown;
            /** @description aggregated: the executables to run in order (1–16, none aggregated). */
            executables?: components["schemas"]["ExecutableStep"][];
        };
        /**
         * @description One executable of an `aggregated` one (not itself aggregated).
         * @example {
         *       "type": "count",
         *       "name": "unread",
         *       "collection": "messages",
         *       "filter": {
         *         "to": "$caller_did",
         *         "read": false
         *       }
         *     }
         */
        ExecutableStep: {
            /**
             * @description What it does: `find`, `count`, `insert` (one), `update` (the first match), `delete` (the first match) on `collection`; `fileUpload`, `fileDownload` (a transaction id for the stream endpoints), `fileProperties`, `fileHash` on `path`; `aggregated`: its `executables` in order.
             * @enum {string}
             */
            type: "find" | "count" | "insert" | "update" | "delete" | "fileUpload" | "fileDownload" | "fileProperties" | "fileHash" | "aggregated";
            /** @description Key of this executable's result in the run response. Default: the script name (inside `aggregated`: the executable's type). */
            name?: string;
            /** @description Include the result in the run response. Default true. */
            output?: boolean;
            /** @description Database executables: the owner's collection. */
            collection?: string;
            /** @description find, count, update, delete: the filter; `$caller_did`, `$caller_app_did` and `$params.<name>` are substituted. */
            filter?: components["schemas"]["Filter"];
            /** @description insert: the document (variables substituted). */
            document?: components["schemas"]["Document"];
            /** @description update: update operators (variables substituted). */
            update?: {
                [key: string]: unknown;
            };
            /** @description find: `skip`, `limit` (at most 1,000), `sort`, `projection`; insert/update: `timestamp` (default false), update: `upsert`. */
            options?: {
                [key: string]: unknown;
            };
            /** @description File executables: the path; `$params.<name>` and `$caller_did` are substituted inside it. */
            path?: string;
            /** @description Reference Hive Node form: the fields above nested in `body` (a list for aggregated). */
            body?: unknown;
        };
        /**
         * @example {
         *       "context": {
         *         "target_did": "did:elastos:iXEKuLg2gwhEv8K1rraa4ufeeupzA9JvvX"
         *       },
         *       "params": {
         *         "limit": 20
         *       }
         *     }
         */
        RunScriptRequest: {
            /** @description Whose script to run; required for anonymous callers. Default: the caller's own. */
            context?: {
                /** @description Owner of the vault the script lives in. Default: the caller. */
                target_did: components["schemas"]["Did"];
                /** @description The application DID whose space of the target's vault holds the script; absent: the target's default space. */
                target_app_did?: string;
            };
            /** @description Values for `$params.<name>` in the script. They are data: keys starting with `$` are refused, except `{"$oid"}` and `{"$date"}` values. */
            params?: {
                [key: string]: unknown;
            };
        };
        /**
         * @description A decentralized identifier, e.g. `did:elastos:i…` or `did:key:zDn…`.
         * @example did:elastos:iaETmuxAHQGYvG4VaxEZBLXoKdDywf6J95
         */
        Did: string;
        /**
         * @description An event's sequence number in decimal, as the stream's `id:` lines give it; `0` = before the first event.
         * @example 1042
         */
        EventCursor: string;
        /**
         * @example {
         *       "subscription": "vault",
         *       "pricing_name": "Standard"
         *     }
         */
        PlaceOrderRequest: {
            /**
             * @description `vault`: a plan of the vault; `backup`: a plan of backups on this node.
             * @default vault
             * @enum {string}
             */
            subscription: "vault" | "backup";
            /** @description The name of a paid plan of `payment_config`. */
            pricing_name: string;
        };
        /**
         * @example {
         *       "order_id": 17
         *     }
         */
        SettleRequest: {
            /** @description The order id assigned by the payment contract (from its `OrderPaid` event). */
            order_id: number;
        };
        /**
         * @example {
         *       "credential": {
         *         "id": "did:elastos:iq7AfYGK53wH1zSXZBPNA6j95tksxfgHve#hive-backup-credential",
         *         "type": [
         *           "HiveBackupCredential",
         *           "VerifiableCredential"
         *         ],
         *         "issuer": "did:elastos:iaETmuxAHQGYvG4VaxEZBLXoKdDywf6J95",
         *         "issuanceDate": "2026-03-02T09:50:00Z",
         *         "expirationDate": "2026-03-09T09:50:00Z",
         *         "credentialSubject": {
         *           "id": "did:elastos:iq7AfYGK53wH1zSXZBPNA6j95tksxfgHve",
         *           "sourceHiveNodeDID": "did:elastos:iq7AfYGK53wH1zSXZBPNA6j95tksxfgHve",
         *           "targetHiveNodeDID": "did:elastos:imVW4cmbQFa3tP24PvmiKtXu2ezktjCt8F",
         *           "targetNodeURL": "https://backup.example.org"
         *         },
         *         "proof": {
         *           "type": "ECDSAsecp256r1",
         *           "created": "2026-03-02T09:50:00Z",
         *           "verificationMethod": "did:elastos:iaETmuxAHQGYvG4VaxEZBLXoKdDywf6J95#primary",
         *           "signature": "5xNMih2VjHtPUA9d8eVuRFpB-MN15GlVe-FAY58C9QoBPmmcsU0H19hlopCwX7a179J-b-tDiN0u9SPMa6GfEg"
         *         }
         *       }
         *     }
         */
        StartBackupRequest: {
            credential: components["schemas"]["BackupCredential"];
        };
        /**
         * @description A `HiveBackupCredential` VC issued by the user to this node, naming the backup node (`targetHiveNodeDID`, `targetNodeURL`), as an object or a JSON string.
         * @example {
         *       "id": "did:elastos:iq7AfYGK53wH1zSXZBPNA6j95tksxfgHve#hive-backup-credential",
         *       "type": [
         *         "HiveBackupCredential",
         *         "VerifiableCredential"
         *       ],
         *       "issuer": "did:elastos:iaETmuxAHQGYvG4VaxEZBLXoKdDywf6J95",
         *       "issuanceDate": "2026-03-02T09:50:00Z",
         *       "expirationDate": "2026-03-09T09:50:00Z",
         *       "credentialSubject": {
         *         "id": "did:elastos:iq7AfYGK53wH1zSXZBPNA6j95tksxfgHve",
         *         "sourceHiveNodeDID": "did:elastos:iq7AfYGK53wH1zSXZBPNA6j95tksxfgHve",
         *         "targetHiveNodeDID": "did:elastos:imVW4cmbQFa3tP24PvmiKtXu2ezktjCt8F",
         *         "targetNodeURL": "https://backup.example.org"
         *       },
         *       "proof": {
         *         "type": "ECDSAsecp256r1",
         *         "created": "2026-03-02T09:50:00Z",
         *         "verificationMethod": "did:elastos:iaETmuxAHQGYvG4VaxEZBLXoKdDywf6J95#primary",
         *         "signature": "5xNMih2VjHtPUA9d8eVuRFpB-MN15GlVe-FAY58C9QoBPmmcsU0H19hlopCwX7a179J-b-tDiN0u9SPMa6GfEg"
         *       }
         *     }
         */
        BackupCredential: {
            [key: string]: unknown;
        } | string;
        /**
         * @example {
         *       "credential": {
         *         "id": "did:elastos:iq7AfYGK53wH1zSXZBPNA6j95tksxfgHve#hive-backup-credential",
         *         "type": [
         *           "HiveBackupCredential",
         *           "VerifiableCredential"
         *         ],
         *         "issuer": "did:elastos:iaETmuxAHQGYvG4VaxEZBLXoKdDywf6J95",
         *         "issuanceDate": "2026-03-02T09:50:00Z",
         *         "expirationDate": "2026-03-09T09:50:00Z",
         *         "credentialSubject": {
         *           "id": "did:elastos:iq7AfYGK53wH1zSXZBPNA6j95tksxfgHve",
         *           "sourceHiveNodeDID": "did:elastos:iq7AfYGK53wH1zSXZBPNA6j95tksxfgHve",
         *           "targetHiveNodeDID": "did:elastos:imVW4cmbQFa3tP24PvmiKtXu2ezktjCt8F",
         *           "targetNodeURL": "https://backup.example.org"
         *         },
         *         "proof": {
         *           "type": "ECDSAsecp256r1",
         *           "created": "2026-03-02T09:50:00Z",
         *           "verificationMethod": "did:elastos:iaETmuxAHQGYvG4VaxEZBLXoKdDywf6J95#primary",
         *           "signature": "5xNMih2VjHtPUA9d8eVuRFpB-MN15GlVe-FAY58C9QoBPmmcsU0H19hlopCwX7a179J-b-tDiN0u9SPMa6GfEg"
         *         }
         *       }
         *     }
         */
        RestoreRequest: {
            credential: components["schemas"]["BackupCredential"];
        };
        /**
         * @description An export's id: the CID of its root (the signed export block), as the answer's `X-Cella-Export-Root` header gives it.
         * @example bafyreiepgsauoycacbrdnspivlpd7svqrvaqqvmg4tdqy4fwyacbvcot2a
         */
        ExportId: string;
        /**
         * @example {
         *       "to": "https://new-node.example",
         *       "export": "bafyreiepgsauoycacbrdnspivlpd7svqrvaqqvmg4tdqy4fwyacbvcot2a"
         *     }
         */
        MarkVaultMoved: {
            /**
             * @description The URL of the node the vault moved to.
             * @example https://new-node.example
             */
            to: string;
            /** @description The export the other node imported (and the mover compared): the vault must not have changed since it was made. */
            export: components["schemas"]["ExportId"];
        };
        /**
         * @example {
         *       "challenge_response": {
         *         "type": "VerifiablePresentation",
         *         "holder": "did:elastos:iq7AfYGK53wH1zSXZBPNA6j95tksxfgHve",
         *         "created": "2026-03-02T09:51:01Z",
         *         "verifiableCredential": [
         *           {
         *             "id": "did:elastos:iq7AfYGK53wH1zSXZBPNA6j95tksxfgHve#hive-backup-credential",
         *             "type": [
         *               "HiveBackupCredential",
         *               "VerifiableCredential"
         *             ],
         *             "issuer": "did:elastos:iaETmuxAHQGYvG4VaxEZBLXoKdDywf6J95",
         *             "issuanceDate": "2026-03-02T09:50:00Z",
         *             "expirationDate": "2026-03-09T09:50:00Z",
         *             "credentialSubject": {
         *               "id": "did:elastos:iq7AfYGK53wH1zSXZBPNA6j95tksxfgHve",
         *               "sourceHiveNodeDID": "did:elastos:iq7AfYGK53wH1zSXZBPNA6j95tksxfgHve",
         *               "targetHiveNodeDID": "did:elastos:imVW4cmbQFa3tP24PvmiKtXu2ezktjCt8F",
         *               "targetNodeURL": "https://backup.example.org"
         *             },
         *             "proof": {
         *               "type": "ECDSAsecp256r1",
         *               "created": "2026-03-02T09:50:00Z",
         *               "verificationMethod": "did:elastos:iaETmuxAHQGYvG4VaxEZBLXoKdDywf6J95#primary",
         *               "signature": "5xNMih2VjHtPUA9d8eVuRFpB-MN15GlVe-FAY58C9QoBPmmcsU0H19hlopCwX7a179J-b-tDiN0u9SPMa6GfEg"
         *             }
         *           }
         *         ],
         *         "proof": {
         *           "type": "ECDSAsecp256r1",
         *           "created": "2026-03-02T09:51:01Z",
         *           "verificationMethod": "did:elastos:iq7AfYGK53wH1zSXZBPNA6j95tksxfgHve#primary",
         *           "realm": "did:elastos:imVW4cmbQFa3tP24PvmiKtXu2ezktjCt8F",
         *           "nonce": "uoZ1Qh6M81W-0JgkiUiLPTLHd65av4Dn",
         *           "signature": "hGabJvRCS1AUbyRzKYFCDVjHwP-RT7JSnrLtVPbYFdt3UGPi5_Ea_kmhVChZGKS__wImP9E9odHGrG-jISlK-g"
         *         }
         *       }
         *     }
         */
        BackupAuthRequest: {
            /** @description A presentation by the primary node (holder) with realm = this node's DID and the challenge nonce, holding the user's `HiveBackupCredential` about the primary; or a JWT whose `presentation` claim is that object. */
            challenge_response: components["schemas"]["VerifiablePresentation"] | string;
            /** @description The user's DID document, for a did:elastos user this node cannot resolve (no identity chain); self-certifying documents only. */
            issuer_document?: components["schemas"]["DidDocument"];
        };
        /**
         * @example {
         *       "bytes": 493650
         *     }
         */
        BeginBackupRequest: {
            /** @description Expected size of the backup (content bytes). */
            bytes: number;
        };
        /**
         * @example {
         *       "attempt_id": "0f6d2c4e-7b1a-4e93-8d25-6a9c3f1b0e47",
         *       "cids": [
         *         "bafkreic6iyydesfrvyd5nc2jcyh6le3x2saqw72gmiddg3z2k4dqtimjou",
         *         "bafkreicaqzinpbmi5a7mqlhzjv7eyy2ihwevg75ngrmpjajre33vl2rpku"
         *       ]
         *     }
         */
        HoldRootsRequest: {
            /**
             * @description The attempt `begin` opened.
             * @example 0f6d2c4e-7b1a-4e93-8d25-6a9c3f1b0e47
             */
            attempt_id: string;
            /** @description Roots of file DAGs and chunks, up to 10,000. */
            cids: components["schemas"]["Cid"][];
        };
        /**
         * @description A CIDv1, base32 (`bafy…` dag-pb, `bafk…` raw).
         * @example bafkreic6iyydesfrvyd5nc2jcyh6le3x2saqw72gmiddg3z2k4dqtimjou
         */
        Cid: string;
        /**
         * @example {
         *       "cids": [
         *         "bafkreicaqzinpbmi5a7mqlhzjv7eyy2ihwevg75ngrmpjajre33vl2rpku",
         *         "bafkreifgyaa6hbanqpzguy6eaen7wiprltmtyp7xrcghvgw6lpeqaeecyy",
         *         "bafkreic6iyydesfrvyd5nc2jcyh6le3x2saqw72gmiddg3z2k4dqtimjou"
         *       ]
         *     }
         */
        CidList: {
            /** @description Up to 10,000 CIDs. */
            cids: components["schemas"]["Cid"][];
        };
        /**
         * @example {
         *       "attempt_id": "0f6d2c4e-7b1a-4e93-8d25-6a9c3f1b0e47",
         *       "manifest": {
         *         "version": 1,
         *         "user_did": "did:elastos:iaETmuxAHQGYvG4VaxEZBLXoKdDywf6J95",
         *         "source_did": "did:elastos:iq7AfYGK53wH1zSXZBPNA6j95tksxfgHve",
         *         "created": 1772445063,
         *         "collections": [
         *           {
         *             "name": "notes",
         *             "documents": 2,
         *             "bytes": 11537,
         *             "chunks": [
         *               {
         *                 "cid": "bafkreicaqzinpbmi5a7mqlhzjv7eyy2ihwevg75ngrmpjajre33vl2rpku",
         *                 "documents": 2,
         *                 "bytes": 11537
         *               }
         *             ],
         *             "indexes": [
         *               {
         *                 "name": "tags_1_due_-1",
         *                 "keys": [
         *                   {
         *                     "path": "tags",
         *                     "direction": 1
         *                   },
         *                   {
         *                     "path": "due",
         *                     "direction": -1
         *                   }
         *                 ],
         *                 "unique": false
         *               }
         *             ]
         *           }
         *         ],
         *         "files": {
         *           "count": 1,
         *           "bytes": 482113,
         *           "chunks": [
         *             {
         *               "cid": "bafkreifgyaa6hbanqpzguy6eaen7wiprltmtyp7xrcghvgw6lpeqaeecyy",
         *               "documents": 1,
         *               "bytes": 61
         *             }
         *           ]
         *         }
         *       },
         *       "manifest_hash": "a1f4c09b7e2d3856c4b0e9f17a2d5c83e6b49f0d1c7a2e58b3f6d9c0e4a7b152"
         *     }
         */
        CommitBackupRequest: {
            /**
             * @description The attempt `begin` opened.
             * @example 0f6d2c4e-7b1a-4e93-8d25-6a9c3f1b0e47
             */
            attempt_id: string;
            manifest: components["schemas"]["BackupManifest"];
            /** @description SHA-256 (hex) of the canonical manifest JSON. */
            manifest_hash: string;
        };
        /**
         * @description What one backup holds: every collection of the vault database as content-addressed chunks (raw blocks of BSON documents, ≤ 1 MiB), and the file contents by CID.
         * @example {
         *       "version": 1,
         *       "user_did": "did:elastos:iaETmuxAHQGYvG4VaxEZBLXoKdDywf6J95",
         *       "source_did": "did:elastos:iq7AfYGK53wH1zSXZBPNA6j95tksxfgHve",
         *       "created": 1772445063,
         *       "collections": [
         *         {
         *           "name": "notes",
         *           "documents": 2,
         *           "bytes": 11537,
         *           "chunks": [
         *             {
         *               "cid": "bafkreicaqzinpbmi5a7mqlhzjv7eyy2ihwevg75ngrmpjajre33vl2rpku",
         *               "documents": 2,
         *               "bytes": 11537
         *             }
         *           ],
         *           "indexes": [
         *             {
         *               "name": "tags_1_due_-1",
         *               "keys": [
         *                 {
         *                   "path": "tags",
         *                   "direction": 1
         *                 },
         *                 {
         *                   "path": "due",
         *                   "direction": -1
         *                 }
         *               ],
         *               "unique": false
         *             }
         *           ]
         *         }
         *       ],
         *       "files": {
         *         "count": 1,
         *         "bytes": 482113,
         *         "chunks": [
         *           {
         *             "cid": "bafkreifgyaa6hbanqpzguy6eaen7wiprltmtyp7xrcghvgw6lpeqaeecyy",
         *             "documents": 1,
         *             "bytes": 61
         *           }
         *         ]
         *       }
         *     }
         */
        BackupManifest: {
            /**
             * @description The manifest format.
             * @constant
             */
            version: 1;
            /** @description Whose vault. */
            user_did: components["schemas"]["Did"];
            /** @description The node that made the backup. */
            source_did: components["schemas"]["Did"];
            /**
             * @description When the backup was made.
             * @example 1772443802
             */
            created: number;
            /** @description Every collection of the vault database. */
            collections: {
                /** @description The collection (internal ones included). */
                name: string;
                /** @description Documents in it. */
                documents: number;
                /** @description Their BSON size. */
                bytes: number;
                /** @description The chunks holding them, in order. */
                chunks: components["schemas"]["BackupChunk"][];
                /** @description The indexes created through the API (`_id_` and automatic ones excluded); absent when there are none, and in backups made before indexes were kept. */
                indexes?: components["schemas"]["BackupIndex"][];
            }[];
            /** @description The file contents of the vault, by CID. */
            files: {
                /** @description Distinct file contents (CIDs). */
                count: number;
                /** @description Sum of their sizes. */
                bytes: number;
                /** @description Chunks listing `{c: cid, s: size}`, one per distinct CID. */
                chunks: components["schemas"]["BackupChunk"][];
            };
        };
        /**
         * @example {
         *       "cid": "bafkreicaqzinpbmi5a7mqlhzjv7eyy2ihwevg75ngrmpjajre33vl2rpku",
         *       "documents": 2,
         *       "bytes": 11537
         *     }
         */
        BackupChunk: {
            cid: components["schemas"]["Cid"];
            /** @description Entries in the chunk. */
            documents: number;
            /** @description Size of the chunk (BSON bytes). */
            bytes: number;
        };
        /**
         * @description An index created through the API, rebuilt by a restore or a promotion once the documents are in (automatic indexes are not kept: queries make them again).
         * @example {
         *       "name": "tags_1_due_-1",
         *       "keys": [
         *         {
         *           "path": "tags",
         *           "direction": 1
         *         },
         *         {
         *           "path": "due",
         *           "direction": -1
         *         }
         *       ],
         *       "unique": false
         *     }
         */
        BackupIndex: {
            name: components["schemas"]["IndexName"];
            /** @description The indexed paths in order (a list: the manifest’s canonical form sorts object keys, and an index’s key order matters). */
            keys: {
                /** @description A field path (dotted into embedded documents). */
                path: string;
                /** @description `1` ascending, `-1` descending. */
                direction: 1 | -1;
            }[];
            /** @description Whether the index refuses a second document with the same keys. */
            unique: boolean;
        };
        /**
         * @example {
         *       "roots": [
         *         "bafkreic6iyydesfrvyd5nc2jcyh6le3x2saqw72gmiddg3z2k4dqtimjou"
         *       ],
         *       "cids": [
         *         "bafkreicaqzinpbmi5a7mqlhzjv7eyy2ihwevg75ngrmpjajre33vl2rpku",
         *         "bafkreifgyaa6hbanqpzguy6eaen7wiprltmtyp7xrcghvgw6lpeqaeecyy"
         *       ]
         *     }
         */
        ExportBlocksRequest: {
            /** @description Whole DAGs (file contents). */
            roots?: components["schemas"]["Cid"][];
            /** @description Single blocks (database chunks). */
            cids?: components["schemas"]["Cid"][];
        };
        /**
         * @description A document inserted, updated or deleted.
         * @example {
         *       "seq": 1042,
         *       "at": 1772444105000,
         *       "type": "document.inserted",
         *       "collection": "notes",
         *       "_id": {
         *         "$oid": "69a558980fa8f1f1d94ee8a8"
         *       },
         *       "document": {
         *         "_id": {
         *           "$oid": "69a558980fa8f1f1d94ee8a8"
         *         },
         *         "title": "Shopping list",
         *         "body": "oat milk, lemons, rye bread",
         *         "created": 1772444105,
         *         "modified": 1772444105
         *       }
         *     }
         */
        DocumentEvent: {
            /** @description The event's sequence number in the vault (the same as its `id:`); only grows. */
            seq: number;
            /** @description When the change was committed: milliseconds since the Unix epoch. */
            at: number;
            /**
             * @description What happened. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "document.inserted" | "document.updated" | "document.deleted";
            collection: components["schemas"]["CollectionName"];
            /** @description The document's `_id` in Extended JSON (an ObjectId as `{"$oid": "…"}`). */
            _id: unknown;
            /** @description The document as the change left it (inserted, updated) or as it was (deleted); absent when `document_too_large`. */
            document?: components["schemas"]["Document"];
            /**
             * @description The document is larger than the events carry (`CELLA_EVENTS_MAX_DOCUMENT_BYTES`, 16 KiB by default): read it with a find by `_id`.
             * @constant
             */
            document_too_large?: true;
        };
        /**
         * @description A collection created or dropped.
         * @example {
         *       "seq": 1040,
         *       "at": 1772444103000,
         *       "type": "collection.created",
         *       "collection": "notes"
         *     }
         */
        CollectionEvent: {
            /** @description The event's sequence number in the vault (the same as its `id:`); only grows. */
            seq: number;
            /** @description When the change was committed: milliseconds since the Unix epoch. */
            at: number;
            /**
             * @description What happened. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "collection.created" | "collection.dropped";
            collection: components["schemas"]["CollectionName"];
        };
        /**
         * @description An index created or dropped.
         * @example {
         *       "seq": 1041,
         *       "at": 1772444104000,
         *       "type": "index.created",
         *       "collection": "notes",
         *       "index": "by_due",
         *       "key": {
         *         "due": 1
         *       },
         *       "unique": false
         *     }
         */
        IndexEvent: {
            /** @description The event's sequence number in the vault (the same as its `id:`); only grows. */
            seq: number;
            /** @description When the change was committed: milliseconds since the Unix epoch. */
            at: number;
            /**
             * @description What happened. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "index.created" | "index.dropped";
            collection: components["schemas"]["CollectionName"];
            /** @description The index's name. */
            index: string;
            /** @description Its keys (index.created). */
            key?: {
                [key: string]: 1 | -1;
            };
            /** @description Whether it is unique (index.created). */
            unique?: boolean;
        };
        /**
         * @description A file written (uploaded, overwritten, copied to), moved, or deleted.
         * @example {
         *       "seq": 1043,
         *       "at": 1772444460000,
         *       "type": "file.written",
         *       "path": "photos/2026/cat.jpg",
         *       "cid": "bafkreic6iyydesfrvyd5nc2jcyh6le3x2saqw72gmiddg3z2k4dqtimjou",
         *       "size": 812144
         *     }
         */
        FileEvent: {
            /** @description The event's sequence number in the vault (the same as its `id:`); only grows. */
            seq: number;
            /** @description When the change was committed: milliseconds since the Unix epoch. */
            at: number;
            /**
             * @description What happened. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "file.written" | "file.moved" | "file.deleted";
            /** @description The file path (where it is now, for file.moved). */
            path: string;
            /** @description Where it was (file.moved). */
            from?: string;
            /** @description The CID of its content. */
            cid: string;
            /** @description Its size in bytes. */
            size: number;
        };
        /**
         * @description A script registered (or replaced) or deleted.
         * @example {
         *       "seq": 1044,
         *       "at": 1772444110000,
         *       "type": "script.registered",
         *       "name": "get_messages"
         *     }
         */
        ScriptEvent: {
            /** @description The event's sequence number in the vault (the same as its `id:`); only grows. */
            seq: number;
            /** @description When the change was committed: milliseconds since the Unix epoch. */
            at: number;
            /**
             * @description What happened. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "script.registered" | "script.deleted";
            /** @description The script's name. */
            name: string;
        };
        /**
         * @description The vault was frozen, unfrozen, subscribed again or unsubscribed.
         * @example {
         *       "seq": 1045,
         *       "at": 1772444699000,
         *       "type": "vault.state",
         *       "state": "frozen"
         *     }
         */
        VaultStateEvent: {
            /** @description The event's sequence number in the vault (the same as its `id:`); only grows. */
            seq: number;
            /** @description When the change was committed: milliseconds since the Unix epoch. */
            at: number;
            /**
             * @description What happened. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "vault.state";
            /**
             * @description running, frozen (read-only), or removed (unsubscribed: the last event of the vault).
             * @enum {string}
             */
            state: "running" | "frozen" | "removed";
        };
        /**
         * @description The vault's plan changed (a settled payment, or a paid plan that ended).
         * @example {
         *       "seq": 1046,
         *       "at": 1772444700000,
         *       "type": "vault.plan",
         *       "plan": "Standard",
         *       "quota": 5368709120,
         *       "end": 1775036700
         *     }
         */
        VaultPlanEvent: {
            /** @description The event's sequence number in the vault (the same as its `id:`); only grows. */
            seq: number;
            /** @description When the change was committed: milliseconds since the Unix epoch. */
            at: number;
            /**
             * @description What happened. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "vault.plan";
            /** @description The pricing plan now. */
            plan: string;
            /** @description Its storage quota in bytes. */
            quota: number;
            /**
             * @description When it ends (epoch seconds); -1 = never.
             * @example 1772444105
             */
            end: number;
        };
        /**
         * @description A vault export was imported (`POST /api/v2/vault/import`): the vault's whole content was written at once, with no event per document or file. Read again everything you show. Its `seq` comes after every earlier event's (the feed goes on).
         * @example {
         *       "seq": 1001048,
         *       "at": 1772445063000,
         *       "type": "vault.imported",
         *       "export": "bafyreiepgsauoycacbrdnspivlpd7svqrvaqqvmg4tdqy4fwyacbvcot2a",
         *       "mode": "replace",
         *       "documents": 1240,
         *       "files": 42
         *     }
         */
        VaultImportedEvent: {
            /** @description The event's sequence number in the vault (the same as its `id:`); only grows. */
            seq: number;
            /** @description When the change was committed: milliseconds since the Unix epoch. */
            at: number;
            /**
             * @description What happened. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "vault.imported";
            /** @description The root CID of the export imported (its id). */
            export: string;
            /**
             * @description `empty`: into an empty vault; `replace`: over the vault's previous content; `update`: the next export of the vault its last import came from (an incremental one, a move's next step).
             * @enum {string}
             */
            mode: "empty" | "replace" | "update";
            /** @description Documents the vault now holds. */
            documents: number;
            /** @description Files the vault now holds. */
            files: number;
        };
        /**
         * @description A backup or a restore started or ended. After a restore ends with success the vault holds the backup: read again what you show.
         * @example {
         *       "seq": 1047,
         *       "at": 1772445063000,
         *       "type": "backup.state",
         *       "kind": "backup",
         *       "result": "success",
         *       "message": "backed up 2 documents in 1 collection and 1 file"
         *     }
         */
        BackupEvent: {
            /** @description The event's sequence number in the vault (the same as its `id:`); only grows. */
            seq: number;
            /** @description When the change was committed: milliseconds since the Unix epoch. */
            at: number;
            /**
             * @description What happened. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "backup.state";
            /**
             * @description A backup to the backup node, or a restore from it.
             * @enum {string}
             */
            kind: "backup" | "restore";
            /**
             * @description running (it started), success or failed (it ended).
             * @enum {string}
             */
            result: "running" | "success" | "failed";
            /** @description What the job says (as `GET /api/v2/vault/backup/state` does). */
            message: string;
        };
        /**
         * @description The Hive Node API level the node serves (the reference node answers its release here; the Hive SDKs read `major`, `minor`, `patch`) and the Cella software version. The contract version is `info.version` of the OpenAPI document.
         * @example {
         *       "major": 2,
         *       "minor": 9,
         *       "patch": 2,
         *       "version": "2.9.2",
         *       "node_version": "0.1.0"
         *     }
         */
        NodeVersion: {
            /** @description Major version of the Hive Node API served (2): a change here breaks clients. */
            major: number;
            /** @description Minor version: features added, compatible. */
            minor: number;
            /** @description Patch version: fixes only. */
            patch: number;
            /** @description The release of the reference Hive Node whose v2 API this node serves (`major.minor.patch`): a dApp built for that release or an earlier one works unchanged. */
            version: string;
            /** @description The version of the Cella node software itself (semver). */
            node_version: string;
        };
        /**
         * @description The body of every error response. The HTTP status and `internal_code` together name the error (the Elastos Hive SDKs map exactly these pairs to their exception classes).
         * @example {
         *       "error": {
         *         "message": "no collection named \"notes\"",
         *         "internal_code": 4
         *       }
         *     }
         */
        ErrorBody: {
            /** @description What went wrong. */
            error: {
                /** @description Human-readable reason, safe to show to a user. */
                message: string;
                /** @description Refines the HTTP status (see the error table). */
                internal_code?: number;
            };
        };
        /**
         * @example {
         *       "service_did": "did:elastos:iq7AfYGK53wH1zSXZBPNA6j95tksxfgHve",
         *       "name": "Cella node",
         *       "version": "0.1.0",
         *       "role": "vault",
         *       "document_engine": "sqlite",
         *       "block_engine": "helia",
         *       "owner_did": "",
         *       "ownership_presentation": {
         *         "type": "VerifiablePresentation",
         *         "holder": "did:elastos:iq7AfYGK53wH1zSXZBPNA6j95tksxfgHve",
         *         "created": "2026-03-02T10:05:00Z",
         *         "verifiableCredential": [],
         *         "proof": {
         *           "type": "ECDSAsecp256r1",
         *           "created": "2026-03-02T10:05:00Z",
         *           "verificationMethod": "did:elastos:iq7AfYGK53wH1zSXZBPNA6j95tksxfgHve#primary",
         *           "realm": "did:elastos:iq7AfYGK53wH1zSXZBPNA6j95tksxfgHve",
         *           "nonce": "5b0c3f1e-9d2a-4c7b-8e61-3a4f2d9c0b17",
         *           "signature": "_ntUOmiRAfE8rmidPJmiH_1QyI0iYp0YAszS6lkWGE1gZRsO5ZcA5G9ZXsltxRq8IFNVQFTTXo1QmRsNtNNaWQ"
         *         }
         *       },
         *       "email": "operator@example.org",
         *       "description": "A vault node for the family",
         *       "last_commit_id": "9561be9f0d3c2a7e4b8156d0c3e9a2f7b1d4c6e8",
         *       "user_count": 3,
         *       "vault_count": 2,
         *       "backup_count": 0,
         *       "latest_access_time": 1772444105,
         *       "memory_used": 3421519872,
         *       "memory_total": 8335130624,
         *       "storage_used": 41943040000,
         *       "storage_total": 250790436864
         *     }
         */
        NodeInfo: {
            /** @description The node's own DID: the `iss` of its challenges and tokens. */
            service_did: components["schemas"]["Did"];
            /** @description A display name chosen by the operator (`CELLA_NODE_NAME`). */
            name: string;
            /** @description The node software version. */
            version: string;
            /**
             * @description `both` (the default): serves vaults and keeps backups, other nodes' and its own users' (the internal backup API); `backup`: a node dedicated to backups (same routes); `vault`: serves vaults, keeps no backups.
             * @enum {string}
             */
            role: "vault" | "backup" | "both";
            /**
             * @description Where documents are stored: embedded SQLite or a MongoDB server.
             * @enum {string}
             */
            document_engine: "sqlite" | "mongodb";
            /**
             * @description Where file content is stored: the embedded IPFS block store, a kubo daemon, or an IPFS Cluster peer.
             * @enum {string}
             */
            block_engine: "helia" | "kubo" | "cluster";
            /** @description The owner's DID: the issuer of the node's ownership credential ('' without one). */
            owner_did: string;
            /** @description A verifiable presentation by the node's DID (realm = the node DID, a fresh nonce) holding the owner's `HiveNodeOwnerCredential` (no credential without one). */
            ownership_presentation: {
                [key: string]: unknown;
            };
            /** @description The operator's contact address (`CELLA_NODE_EMAIL`; '' without one). */
            email: string;
            /** @description The operator's description of the node (`CELLA_NODE_DESCRIPTION`; '' without one). */
            description: string;
            /** @description The build's git commit, else the version. */
            last_commit_id: string;
            /** @description Users with a vault record here (also unsubscribed ones). */
            user_count: number;
            /** @description Vaults in use (not unsubscribed). */
            vault_count: number;
            /** @description Backups this node keeps. */
            backup_count: number;
            /**
             * @description The latest signed-in request; -1 = none yet.
             * @example 1772444105
             */
            latest_access_time: number;
            /** @description Bytes of memory in use on the machine. */
            memory_used: number;
            /** @description Bytes of memory of the machine. */
            memory_total: number;
            /** @description Bytes used on the data directory's file system. */
            storage_used: number;
            /** @description Bytes of the data directory's file system. */
            storage_total: number;
        };
        /**
         * @example {
         *       "status": "ok",
         *       "uptime_seconds": 86412
         *     }
         */
        Health: {
            /**
             * @description Always `ok`: a node that answers is serving.
             * @constant
             */
            status: "ok";
            /** @description Seconds since the node started. */
            uptime_seconds: number;
        };
        /**
         * @example {
         *       "status": "ready",
         *       "checks": {
         *         "document_store": {
         *           "status": "ok",
         *           "engine": "mongodb",
         *           "ms": 2
         *         },
         *         "block_store": {
         *           "status": "ok",
         *           "engine": "kubo",
         *           "ms": 3
         *         },
         *         "storage": {
         *           "status": "ok",
         *           "ms": 0
         *         },
         *         "identity_chain": {
         *           "status": "ok",
         *           "ms": 41
         *         },
         *         "payment_chain": {
         *           "status": "ok",
         *           "ms": 38
         *         }
         *       }
         *     }
         */
        Readiness: {
            /**
             * @description Always `ready`: every part answered.
             * @constant
             */
            status: "ready";
            checks: components["schemas"]["ReadinessChecks"];
        };
        /** @description One check per part: the stores and the node's disk always, the chains when configured. */
        ReadinessChecks: {
            document_store: components["schemas"]["ReadinessCheck"];
            block_store: components["schemas"]["ReadinessCheck"];
            /** @description The node's own disk (its data directory and the embedded stores' directories): `failed` with `storage full` when its free space is below `CELLA_MIN_FREE_BYTES`. */
            storage: components["schemas"]["ReadinessCheck"];
            /** @description Present when an identity chain is configured. */
            identity_chain?: components["schemas"]["ReadinessCheck"];
            /** @description Present when payments are on. */
            payment_chain?: components["schemas"]["ReadinessCheck"];
        };
        /** @description The check of one part the node needs. */
        ReadinessCheck: {
            /**
             * @description `ok` when the part answered in time.
             * @enum {string}
             */
            status: "ok" | "failed";
            /** @description The engine of a store (`sqlite`, `mongodb`, `helia`, `kubo`, …). */
            engine?: string;
            /** @description How long the check took, in milliseconds. */
            ms: number;
            /** @description Why the check failed (timed out, refused, wrong chain, …); details are in the log. */
            error?: string;
        };
        /**
         * @description The error body, plus the status of every check.
         * @example {
         *       "error": {
         *         "message": "not ready: block_store failed (refused)"
         *       },
         *       "checks": {
         *         "document_store": {
         *           "status": "ok",
         *           "engine": "mongodb",
         *           "ms": 2
         *         },
         *         "block_store": {
         *           "status": "failed",
         *           "engine": "kubo",
         *           "ms": 1,
         *           "error": "refused"
         *         },
         *         "storage": {
         *           "status": "ok",
         *           "ms": 0
         *         },
         *         "identity_chain": {
         *           "status": "ok",
         *           "ms": 41
         *         },
         *         "payment_chain": {
         *           "status": "ok",
         *           "ms": 38
         *         }
         *       }
         *     }
         */
        NotReady: {
            /** @description What went wrong. */
            error: {
                /** @description Human-readable reason, safe to show to a user. */
                message: string;
                /** @description Refines the HTTP status (see the error table). */
                internal_code?: number;
            };
            checks: components["schemas"]["ReadinessChecks"];
        };
        /**
         * @description The node's own DID document in the Elastos format (self-signed: its proof verifies with the key it lists, and its id derives from that key): the key that signs the node's challenges, access tokens and ownership presentation.
         * @example {
         *       "id": "did:elastos:iq7AfYGK53wH1zSXZBPNA6j95tksxfgHve",
         *       "publicKey": [
         *         {
         *           "id": "did:elastos:iq7AfYGK53wH1zSXZBPNA6j95tksxfgHve#primary",
         *           "type": "ECDSAsecp256r1",
         *           "controller": "did:elastos:iq7AfYGK53wH1zSXZBPNA6j95tksxfgHve",
         *           "publicKeyBase58": "pkPWfzbbLMtECXyJskAZVGxn4WbaZCT9qPZNGNNFhXV5"
         *         }
         *       ],
         *       "authentication": [
         *         "did:elastos:iq7AfYGK53wH1zSXZBPNA6j95tksxfgHve#primary"
         *       ],
         *       "expires": "2031-03-01T08:00:00Z",
         *       "proof": {
         *         "type": "ECDSAsecp256r1",
         *         "created": "2026-03-01T08:00:00Z",
         *         "creator": "did:elastos:iq7AfYGK53wH1zSXZBPNA6j95tksxfgHve#primary",
         *         "signatureValue": "vNS740_K5aW_a7yvuOIzwSbzaFIV_-DRM6juse3yCvFqiQyCb0DrzNe6uyh8VkWTd81FGB3TNfPV0z3Of4kZ6g"
         *       }
         *     }
         */
        NodeDidDocument: {
            [key: string]: unknown;
        };
        /**
         * @description An OpenAPI 3.1 document: this one.
         * @example {
         *       "openapi": "3.1.0",
         *       "info": {
         *         "title": "Cella vault node API",
         *         "version": "2.0.0",
         *         "license": {
         *           "name": "MIT",
         *           "identifier": "MIT"
         *         }
         *       },
         *       "servers": [
         *         {
         *           "url": "http://127.0.0.1:5000"
         *         }
         *       ],
         *       "paths": {
         *         "/api/v2/node/version": {
         *           "get": {
         *             "operationId": "nodeVersion"
         *           }
         *         }
         *       },
         *       "components": {
         *         "securitySchemes": {
         *           "bearer": {
         *             "type": "http",
         *             "scheme": "bearer",
         *             "bearerFormat": "JWT"
         *           }
         *         }
         *       }
         *     }
         */
        OpenApiDocument: {
            [key: string]: unknown;
        };
        /**
         * @example {
         *       "challenge": "eyJhbGciOiJFUzI1NiIsInR5cCI6IkpXVCIsInZlcnNpb24iOiIxLjAiLCJraWQiOiJkaWQ6ZWxhc3RvczppcTdBZllHSzUzd0gxelNYWkJQTkE2ajk1dGtzeGZnSHZlI3ByaW1hcnkifQ.eyJpc3MiOiJkaWQ6ZWxhc3RvczppcTdBZllHSzUzd0gxelNYWkJQTkE2ajk1dGtzeGZnSHZlIiwic3ViIjoiRElEQXV0aENoYWxsZW5nZSIsImF1ZCI6ImRpZDplbGFzdG9zOmlhRVRtdXhBSFFHWXZHNFZheEVaQkxYb0tkRHl3ZjZKOTUiLCJub25jZSI6ImwzUDNrdVVYMVJFNFhRVXZxQUdfMWl0YmlCQVpZYmhMIiwiaWF0IjoxNzcyNDQzODAwLCJuYmYiOjE3NzI0NDM4MDAsImV4cCI6MTc3MjQ0Mzk4MH0.ngRptKMPJPGb8wqGBLqmJx41yPfA64vTvM9EmtOxHG1Hcj6WEyB8pGj_P9r8bDPZpK0t0V0IT_UGTxZsM7gKGg"
         *     }
         */
        Challenge: {
            /** @description Challenge JWT (ES256, issued by the node): iss node DID, sub `DIDAuthChallenge`, aud user DID, nonce, iat, nbf, exp. */
            challenge: string;
        };
        /**
         * @example {
         *       "token": "eyJhbGciOiJFUzI1NiIsInR5cCI6IkpXVCIsInZlcnNpb24iOiIxLjAiLCJraWQiOiJkaWQ6ZWxhc3RvczppcTdBZllHSzUzd0gxelNYWkJQTkE2ajk1dGtzeGZnSHZlI3ByaW1hcnkifQ.eyJpc3MiOiJkaWQ6ZWxhc3RvczppcTdBZllHSzUzd0gxelNYWkJQTkE2ajk1dGtzeGZnSHZlIiwic3ViIjoiQWNjZXNzVG9rZW4iLCJhdWQiOiJkaWQ6ZWxhc3RvczppYUVUbXV4QUhRR1l2RzRWYXhFWkJMWG9LZER5d2Y2Sjk1IiwiaWF0IjoxNzcyNDQzODAxLCJuYmYiOjE3NzI0NDM4MDEsImV4cCI6MTc3MzA0ODYwMSwianRpIjoiM2YwYzlhNGUtOGE1MS00YzNlLTlhNTMtMGI4ZDdmMmU2MWM0IiwicHJvcHMiOiJ7XCJ1c2VyRGlkXCI6XCJkaWQ6ZWxhc3RvczppYUVUbXV4QUhRR1l2RzRWYXhFWkJMWG9LZER5d2Y2Sjk1XCIsXCJub25jZVwiOlwibDNQM2t1VVgxUkU0WFFVdnFBR18xaXRiaUJBWlliaExcIn0ifQ.za_MYbOQCBEPCzAo1tXN55lm2-a7c1vBE-8SuwnNsqwse-J-aYivRWtNttqBRFQTCizVFVRHlt-E4cAQY5k_2g",
         *       "exp": 1773048601
         *     }
         */
        AccessToken: {
            /** @description Access token JWT; send it as `Authorization: Bearer <token>`. */
            token: string;
            /**
             * @description Expiry of the token, seconds since the Unix epoch.
             * @example 1772443802
             */
            exp: number;
        };
        /**
         * @example {
         *       "service_did": "did:elastos:iq7AfYGK53wH1zSXZBPNA6j95tksxfgHve",
         *       "pricing_plan": "Standard",
         *       "storage_quota": 2097152000,
         *       "storage_used": 493650,
         *       "database_used": 11537,
         *       "files_used": 482113,
         *       "start_time": 1772444700,
         *       "end_time": 1775036700,
         *       "created": 1772443802,
         *       "updated": 1772444700,
         *       "state": "running",
         *       "app_count": 2,
         *       "access_count": 318,
         *       "access_amount": 1204733,
         *       "access_last_time": 1772444460
         *     }
         */
        VaultInfo: {
            /** @description The DID of the node holding the vault. */
            service_did: components["schemas"]["Did"];
            /** @description The current plan. */
            pricing_plan: string;
            /** @description Bytes. */
            storage_quota: number;
            /** @description Bytes: document bytes + logical file bytes. */
            storage_used: number;
            /** @description Bytes of documents (BSON size) in collections and scripts. */
            database_used: number;
            /** @description Bytes of files (a copy counts again). */
            files_used: number;
            /**
             * @description When the current plan started.
             * @example 1772443802
             */
            start_time: number;
            /** @description When the current plan ends (then the free plan applies); -1 = no end. */
            end_time: number;
            /**
             * @description When the vault was created.
             * @example 1772443802
             */
            created: number;
            /**
             * @description When the vault record last changed.
             * @example 1772443802
             */
            updated: number;
            /**
             * @description `running`; `frozen` by its owner (reads only); `read_only` = over quota: writes are refused until usage drops.
             * @enum {string}
             */
            state: "running" | "frozen" | "read_only";
            /** @description Applications that used the vault. */
            app_count: number;
            /** @description Signed-in requests to the vault. */
            access_count: number;
            /** @description Their bytes in and out. */
            access_amount: number;
            /**
             * @description The latest of them; -1 = never.
             * @example 1772444105
             */
            access_last_time: number;
        };
        /**
         * @example {
         *       "collections": [
         *         {
         *           "name": "contacts",
         *           "is_encrypt": false,
         *           "encrypt_method": ""
         *         },
         *         {
         *           "name": "notes",
         *           "is_encrypt": false,
         *           "encrypt_method": ""
         *         }
         *       ]
         *     }
         */
        CollectionList: {
            /** @description Sorted by name; `[]` when none. */
            collections: components["schemas"]["CollectionListItem"][];
            /** @description Present only when the answer was cut at the node's answer size cap (16 MiB by default): repeat the request with `skip` set to this value for the rest. At least one item is always answered. */
            next_skip?: number;
        };
        CollectionListItem: {
            name: components["schemas"]["CollectionName"];
            /** @description Created by the Hive SDK's encrypted service. */
            is_encrypt: boolean;
            /** @description '' when not encrypted. */
            encrypt_method: string;
        };
        /**
         * @example {
         *       "name": "notes",
         *       "created": true
         *     }
         */
        CreateCollectionResult: {
            name: components["schemas"]["CollectionName"];
            /** @description True when this request created it; false when it existed (`if_not_exists`). */
            created: boolean;
        };
        /**
         * @example {
         *       "acknowledged": true,
         *       "inserted_ids": [
         *         "69a558980fa8f1f1d94ee8a8",
         *         "69a558d5dfb698de2ce3a82f"
         *       ]
         *     }
         */
        InsertResult: {
            /** @description Always true: the write is durable when answered. */
            acknowledged: boolean;
            /** @description The `_id` of each document, in order: ObjectIds as 24 hex digits, other ids as given. */
            inserted_ids: string[];
        };
        /**
         * @example {
         *       "acknowledged": true,
         *       "matched_count": 1,
         *       "modified_count": 1,
         *       "upserted_id": null
         *     }
         */
        UpdateResult: {
            /** @description Always true. */
            acknowledged: boolean;
            /** @description Documents the filter matched. */
            matched_count: number;
            /** @description Documents actually changed. */
            modified_count: number;
            /** @description The `_id` of the inserted document when an upsert inserted one, else null. */
            upserted_id: string | null;
        };
        /**
         * @example {
         *       "acknowledged": true,
         *       "deleted_count": 2
         *     }
         */
        DeleteResult: {
            /** @description Always true: the write is durable when answered. */
            acknowledged: boolean;
            /** @description Documents deleted. */
            deleted_count: number;
        };
        /**
         * @example {
         *       "items": [
         *         {
         *           "_id": {
         *             "$oid": "69a558980fa8f1f1d94ee8a8"
         *           },
         *           "title": "Shopping list",
         *           "body": "oat milk, lemons, rye bread",
         *           "tags": [
         *             "home"
         *           ],
         *           "due": {
         *             "$date": "2026-03-03T18:00:00Z"
         *           },
         *           "created": 1772444105,
         *           "modified": 1772444105
         *         }
         *       ],
         *       "is_encrypt": false,
         *       "encrypt_method": ""
         *     }
         */
        FindResult: {
            /** @description The matching documents, in Extended JSON (relaxed). */
            items: components["schemas"]["Document"][];
            /** @description Created by the Hive SDK's encrypted service. */
            is_encrypt: boolean;
            /** @description '' when not encrypted. */
            encrypt_method: string;
            /** @description Present only when the answer was cut at the node's answer size cap (16 MiB by default): repeat the request with `skip` set to this value for the rest. At least one item is always answered. */
            next_skip?: number;
        };
        /**
         * @example {
         *       "count": 2
         *     }
         */
        CountResult: {
            /** @description The number of matching documents. */
            count: number;
        };
        /**
         * @example {
         *       "indexes": [
         *         {
         *           "name": "_id_",
         *           "key": {
         *             "_id": 1
         *           },
         *           "unique": true,
         *           "auto": false
         *         },
         *         {
         *           "name": "tags_1_due_-1",
         *           "key": {
         *             "tags": 1,
         *             "due": -1
         *           },
         *           "unique": false,
         *           "auto": false
         *         },
         *         {
         *           "name": "ax_title",
         *           "key": {
         *             "title": 1
         *           },
         *           "unique": false,
         *           "auto": true
         *         }
         *       ]
         *     }
         */
        IndexList: {
            /** @description `_id_` first, then the indexes created through the API, then automatic ones. */
            indexes: components["schemas"]["Index"][];
        };
        /**
         * @example {
         *       "name": "tags_1_due_-1",
         *       "key": {
         *         "tags": 1,
         *         "due": -1
         *       },
         *       "unique": false,
         *       "auto": false
         *     }
         */
        Index: {
            name: components["schemas"]["IndexName"];
            key: components["schemas"]["IndexKeys"];
            /** @description Whether the index refuses a second document with the same keys. */
            unique: boolean;
            /** @description Created by the node for a filtered or sorted field (at most 16 per collection); dropping one is allowed, a later query may create it again. */
            auto: boolean;
        };
        /**
         * @example {
         *       "name": "tags_1_due_-1"
         *     }
         */
        CreatedIndex: {
            name: components["schemas"]["IndexName"];
        };
        /**
         * @example {
         *       "name": "photos/2026/cat.jpg",
         *       "cid": "bafkreic6iyydesfrvyd5nc2jcyh6le3x2saqw72gmiddg3z2k4dqtimjou",
         *       "size": 482113
         *     }
         */
        UploadResult: {
            /** @description The normalised path of the stored file. */
            name: string;
            /** @description Content identifier (CIDv1, base32) of the content. */
            cid: string;
            /** @description Bytes stored. */
            size: number;
        };
        /**
         * @example {
         *       "value": [
         *         {
         *           "name": "photos/2026/cat.jpg",
         *           "is_file": true,
         *           "size": 482113,
         *           "cid": "bafkreic6iyydesfrvyd5nc2jcyh6le3x2saqw72gmiddg3z2k4dqtimjou",
         *           "created": 1772444460,
         *           "updated": 1772444460
         *         },
         *         {
         *           "name": "photos/2026/holidays",
         *           "is_file": false,
         *           "size": 0
         *         }
         *       ]
         *     }
         */
        FileList: {
            /** @description The entries, sorted by name, with full paths. */
            value: components["schemas"]["FileInfo"][];
            /** @description Present only when the answer was cut at the node's answer size cap (16 MiB by default): repeat the request with `skip` set to this value for the rest. At least one item is always answered. */
            next_skip?: number;
        };
        /**
         * @description A file or folder. Folders exist while files lie below them and carry only `name`, `is_file`, `size`.
         * @example {
         *       "name": "photos/2026/cat.jpg",
         *       "is_file": true,
         *       "size": 482113,
         *       "cid": "bafkreic6iyydesfrvyd5nc2jcyh6le3x2saqw72gmiddg3z2k4dqtimjou",
         *       "created": 1772444460,
         *       "updated": 1772444460
         *     }
         */
        FileInfo: {
            /** @description Full path inside the vault. */
            name: string;
            /** @description False for a folder. */
            is_file: boolean;
            /** @description Bytes; 0 for folders. */
            size: number;
            /** @description Content identifier (CIDv1) of a file; absent for folders. */
            cid?: string;
            /**
             * @description When the file was first stored (epoch seconds).
             * @example 1772443802
             */
            created?: number;
            /**
             * @description When its content last changed (epoch seconds).
             * @example 1772443802
             */
            updated?: number;
            /** @description A file's properties (`?comp=metadata`): the client encrypted the content (a flag it sent). */
            is_encrypt?: boolean;
            /** @description With `is_encrypt`: how the client encrypted it; '' when it did not. */
            encrypt_method?: string;
        };
        /**
         * @example {
         *       "name": "photos/2026/cat.jpg",
         *       "cid": "bafkreic6iyydesfrvyd5nc2jcyh6le3x2saqw72gmiddg3z2k4dqtimjou"
         *     }
         */
        FileHash: {
            /** @description The path. */
            name: string;
            /** @description The CID of the content. */
            cid: string;
        };
        /**
         * @example {
         *       "name": "photos/2026/pets/cat.jpg"
         *     }
         */
        MoveResult: {
            /** @description The destination path. */
            name: string;
        };
        /**
         * @example {
         *       "scripts": [
         *         {
         *           "name": "get_messages",
         *           "condition": {
         *             "type": "queryHasResults",
         *             "collection": "friends",
         *             "filter": {
         *               "did": "$caller_did"
         *             }
         *           },
         *           "executable": {
         *             "type": "find",
         *             "name": "get_messages",
         *             "collection": "messages",
         *             "filter": {
         *               "to": "$caller_did"
         *             },
         *             "options": {
         *               "limit": "$params.limit",
         *               "sort": {
         *                 "created": -1
         *               }
         *             }
         *           },
         *           "allowAnonymousUser": false,
         *           "allowAnonymousApp": false
         *         }
         *       ]
         *     }
         */
        ScriptList: {
            /** @description Sorted by name; `[]` when none. */
            scripts: components["schemas"]["Script"][];
            /** @description Present only when the answer was cut at the node's answer size cap (16 MiB by default): repeat the request with `skip` set to this value for the rest. At least one item is always answered. */
            next_skip?: number;
        };
        /**
         * @description A script as registered.
         * @example {
         *       "name": "get_messages",
         *       "condition": {
         *         "type": "queryHasResults",
         *         "collection": "friends",
         *         "filter": {
         *           "did": "$caller_did"
         *         }
         *       },
         *       "executable": {
         *         "type": "find",
         *         "name": "get_messages",
         *         "collection": "messages",
         *         "filter": {
         *           "to": "$caller_did"
         *         },
         *         "options": {
         *           "limit": "$params.limit",
         *           "sort": {
         *             "created": -1
         *           }
         *         }
         *       },
         *       "allowAnonymousUser": false,
         *       "allowAnonymousApp": false
         *     }
         */
        Script: {
            name: components["schemas"]["ScriptName"];
            /** @description Who may run it. Without one, anyone the auth rules admit may. */
            condition?: components["schemas"]["ConditionOutput"];
            executable: components["schemas"]["ExecutableOutput"];
            /** @description With `allowAnonymousApp`: callers without a token may run it. Default false. */
            allowAnonymousUser?: boolean;
            /** @description With `allowAnonymousUser`: callers without a token may run it. Default false. */
            allowAnonymousApp?: boolean;
        };
        /**
         * @example {
         *       "acknowledged": true,
         *       "matched_count": 0,
         *       "modified_count": 0,
         *       "upserted_id": "get_messages"
         *     }
         */
        RegisterScriptResult: {
            /** @description Always true. */
            acknowledged: boolean;
            /** @description 1 when a script of this name was replaced, else 0. */
            matched_count: number;
            /** @description 1 when a script of this name was replaced, else 0. */
            modified_count: number;
            /** @description The name when the script is new, else null. */
            upserted_id: string | null;
        };
        /**
         * @description One entry per executable with output, keyed by its name: find `{total, items}`, count `{count}`, insert `{acknowledged, inserted_id}`, update `{acknowledged, matched_count, modified_count, upserted_id}`, delete `{acknowledged, deleted_count}`, fileUpload/fileDownload `{transaction_id}`, fileProperties `{type, name, size, last_modify}`, fileHash `{SHA256, cid}`.
         * @example {
         *       "get_messages": {
         *         "total": 1,
         *         "items": [
         *           {
         *             "_id": {
         *               "$oid": "69a558d5dfb698de2ce3a82f"
         *             },
         *             "from": "did:elastos:iXEKuLg2gwhEv8K1rraa4ufeeupzA9JvvX",
         *             "to": "did:elastos:iaETmuxAHQGYvG4VaxEZBLXoKdDywf6J95",
         *             "text": "Dinner on Friday?",
         *             "read": false,
         *             "created": 1772444105
         *           }
         *         ]
         *       }
         *     }
         */
        RunScriptResult: {
            [key: string]: unknown;
        };
        /**
         * @description The error body, plus the oldest cursor still accepted.
         * @example {
         *       "error": {
         *         "message": "the cursor 512 is older than the events this vault still keeps (the oldest cursor accepted is 1040): read the data again, then stream from there"
         *       },
         *       "oldest_cursor": "1040"
         *     }
         */
        CursorExpired: {
            /** @description What went wrong. */
            error: {
                /** @description Human-readable reason, safe to show to a user. */
                message: string;
                /** @description Refines the HTTP status (see the error table). */
                internal_code?: number;
            };
            /** @description The oldest cursor the node still resumes from (`since`): everything after it is kept. After reading the data again, stream from now (no `since`) or from here. */
            oldest_cursor: components["schemas"]["EventCursor"];
        };
        /**
         * @example {
         *       "version": "1.0",
         *       "pricingPlans": [
         *         {
         *           "name": "Basic",
         *           "maxStorage": 500,
         *           "serviceDays": -1,
         *           "amount": 0,
         *           "currency": "ELA"
         *         },
         *         {
         *           "name": "Standard",
         *           "maxStorage": 2000,
         *           "serviceDays": 30,
         *           "amount": 2.5,
         *           "currency": "ELA"
         *         },
         *         {
         *           "name": "Premium",
         *           "maxStorage": 5000,
         *           "serviceDays": 30,
         *           "amount": 5,
         *           "currency": "ELA"
         *         }
         *       ],
         *       "backupPlans": [
         *         {
         *           "name": "Basic",
         *           "maxStorage": 500,
         *           "serviceDays": -1,
         *           "amount": 0,
         *           "currency": "ELA"
         *         },
         *         {
         *           "name": "Standard",
         *           "maxStorage": 2000,
         *           "serviceDays": 30,
         *           "amount": 1.5,
         *           "currency": "ELA"
         *         },
         *         {
         *           "name": "Premium",
         *           "maxStorage": 5000,
         *           "serviceDays": 30,
         *           "amount": 3,
         *           "currency": "ELA"
         *         }
         *       ],
         *       "payment": {
         *         "receivingAddress": "0x5EdFeacF4e5da8246F772fDb6E01D040381ECB21",
         *         "contractAddress": "0xcc8321D6375c494d043fDD0260f21bc0Ec51daCC",
         *         "chainId": 20,
         *         "confirmations": 2
         *       }
         *     }
         */
        PaymentConfig: {
            /** @description The version of the node's plans file. */
            version: string;
            /** @description Vault plans; the first free one is the default. */
            pricingPlans: components["schemas"]["PricingPlan"][];
            /** @description Plans of backups kept on this node. */
            backupPlans: components["schemas"]["PricingPlan"][];
            /** @description Where and how to pay. */
            payment: {
                /** @description EVM address that must receive payments; null when this node takes none. */
                receivingAddress: string | null;
                /** @description The payment contract to call `payOrder` on; null when this node takes no payments. */
                contractAddress: string | null;
                /** @description The EVM chain id of the contract. */
                chainId: number | null;
                /** @description Blocks a payment needs before `settle` accepts it. */
                confirmations: number;
            };
        };
        /**
         * @example {
         *       "name": "Standard",
         *       "maxStorage": 2000,
         *       "serviceDays": 30,
         *       "amount": 2.5,
         *       "currency": "ELA"
         *     }
         */
        PricingPlan: {
            /** @description The plan name, as `pricing_name` of an order. */
            name: string;
            /** @description Storage quota in MiB. */
            maxStorage: number;
            /** @description Days of service; -1 = no end. */
            serviceDays: number;
            /** @description Price in `currency`; 0 = free. */
            amount: number;
            /** @description The currency of `amount` (`ELA` on the Elastos Smart Chain). */
            currency: string;
        };
        /**
         * @example {
         *       "interim_orderid": "69a559125b686aaea5f8bd7e",
         *       "subscription": "vault",
         *       "pricing_plan": "Standard",
         *       "paying_did": "did:elastos:iaETmuxAHQGYvG4VaxEZBLXoKdDywf6J95",
         *       "payment_amount": 2.5,
         *       "payment_amount_wei": "2500000000000000000",
         *       "create_time": 1772443922,
         *       "expiration_time": 1773048722,
         *       "receiving_address": "0x5EdFeacF4e5da8246F772fDb6E01D040381ECB21",
         *       "state": "normal",
         *       "proof": "eyJhbGciOiJFUzI1NiIsInR5cCI6IkpXVCIsInZlcnNpb24iOiIxLjAiLCJraWQiOiJkaWQ6ZWxhc3RvczppcTdBZllHSzUzd0gxelNYWkJQTkE2ajk1dGtzeGZnSHZlI3ByaW1hcnkifQ.eyJpc3MiOiJkaWQ6ZWxhc3RvczppcTdBZllHSzUzd0gxelNYWkJQTkE2ajk1dGtzeGZnSHZlIiwic3ViIjoiSGl2ZSBQYXltZW50IiwiYXVkIjoiZGlkOmVsYXN0b3M6aWFFVG11eEFIUUdZdkc0VmF4RVpCTFhvS2REeXdmNko5NSIsImlhdCI6MTc3MjQ0MzkyMiwibmJmIjoxNzcyNDQzOTIyLCJleHAiOjE3NzMwNDg3MjIsIm9yZGVyIjp7ImludGVyaW1fb3JkZXJpZCI6IjY5YTU1OTEyNWI2ODZhYWVhNWY4YmQ3ZSIsInN1YnNjcmlwdGlvbiI6InZhdWx0IiwicHJpY2luZ19wbGFuIjoiU3RhbmRhcmQiLCJwYXlpbmdfZGlkIjoiZGlkOmVsYXN0b3M6aWFFVG11eEFIUUdZdkc0VmF4RVpCTFhvS2REeXdmNko5NSIsInBheW1lbnRfYW1vdW50IjoyLjUsImNyZWF0ZV90aW1lIjoxNzcyNDQzOTIyLCJleHBpcmF0aW9uX3RpbWUiOjE3NzMwNDg3MjIsInJlY2VpdmluZ19hZGRyZXNzIjoiMHg1RWRGZWFjRjRlNWRhODI0NkY3NzJmRGI2RTAxRDA0MDM4MUVDQjIxIiwic3RhdGUiOiJub3JtYWwifX0.k0cTHLr_A_eLzPH2csJuetvSHYvSCf8EVUMyLxlnGGkSPgZVVArTZ7FaZJtXUgJqqeOwajjRAj00iTT6Vo2kFA",
         *       "order_id": null
         *     }
         */
        Order: {
            /** @description The node's id of the order (24 hex digits). */
            interim_orderid: string;
            /**
             * @description `vault`: a plan of the vault; `backup`: a plan of backups on this node.
             * @enum {string}
             */
            subscription: "vault" | "backup";
            /** @description The plan ordered. */
            pricing_plan: string;
            /** @description The user who ordered. */
            paying_did: components["schemas"]["Did"];
            /** @description Price in the plan's currency (ELA on ESC). */
            payment_amount: number;
            /** @description The same price in wei (10^-18), as a decimal string: the exact `value` to send with `payOrder`. */
            payment_amount_wei: string;
            /**
             * @description When the order was placed.
             * @example 1772443802
             */
            create_time: number;
            /**
             * @description Pay and settle before this (7 days after placing).
             * @example 1772443802
             */
            expiration_time: number;
            /** @description The address the payment must go to. */
            receiving_address: string;
            /**
             * @description `normal`: waiting for payment; `paid`: settled; `expired`: not paid in time; `archive`: kept for the record.
             * @enum {string}
             */
            state: "normal" | "paid" | "expired" | "archive";
            /** @description Order proof JWT signed by the node; pass it as the memo of `payOrder`. */
            proof: string;
            /** @description The contract order id once settled. */
            order_id?: number | null;
        };
        /**
         * @example {
         *       "orders": [
         *         {
         *           "interim_orderid": "69a559125b686aaea5f8bd7e",
         *           "subscription": "vault",
         *           "pricing_plan": "Standard",
         *           "paying_did": "did:elastos:iaETmuxAHQGYvG4VaxEZBLXoKdDywf6J95",
         *           "payment_amount": 2.5,
         *           "payment_amount_wei": "2500000000000000000",
         *           "create_time": 1772443922,
         *           "expiration_time": 1773048722,
         *           "receiving_address": "0x5EdFeacF4e5da8246F772fDb6E01D040381ECB21",
         *           "state": "normal",
         *           "proof": "eyJhbGciOiJFUzI1NiIsInR5cCI6IkpXVCIsInZlcnNpb24iOiIxLjAiLCJraWQiOiJkaWQ6ZWxhc3RvczppcTdBZllHSzUzd0gxelNYWkJQTkE2ajk1dGtzeGZnSHZlI3ByaW1hcnkifQ.eyJpc3MiOiJkaWQ6ZWxhc3RvczppcTdBZllHSzUzd0gxelNYWkJQTkE2ajk1dGtzeGZnSHZlIiwic3ViIjoiSGl2ZSBQYXltZW50IiwiYXVkIjoiZGlkOmVsYXN0b3M6aWFFVG11eEFIUUdZdkc0VmF4RVpCTFhvS2REeXdmNko5NSIsImlhdCI6MTc3MjQ0MzkyMiwibmJmIjoxNzcyNDQzOTIyLCJleHAiOjE3NzMwNDg3MjIsIm9yZGVyIjp7ImludGVyaW1fb3JkZXJpZCI6IjY5YTU1OTEyNWI2ODZhYWVhNWY4YmQ3ZSIsInN1YnNjcmlwdGlvbiI6InZhdWx0IiwicHJpY2luZ19wbGFuIjoiU3RhbmRhcmQiLCJwYXlpbmdfZGlkIjoiZGlkOmVsYXN0b3M6aWFFVG11eEFIUUdZdkc0VmF4RVpCTFhvS2REeXdmNko5NSIsInBheW1lbnRfYW1vdW50IjoyLjUsImNyZWF0ZV90aW1lIjoxNzcyNDQzOTIyLCJleHBpcmF0aW9uX3RpbWUiOjE3NzMwNDg3MjIsInJlY2VpdmluZ19hZGRyZXNzIjoiMHg1RWRGZWFjRjRlNWRhODI0NkY3NzJmRGI2RTAxRDA0MDM4MUVDQjIxIiwic3RhdGUiOiJub3JtYWwifX0.k0cTHLr_A_eLzPH2csJuetvSHYvSCf8EVUMyLxlnGGkSPgZVVArTZ7FaZJtXUgJqqeOwajjRAj00iTT6Vo2kFA",
         *           "order_id": null
         *         }
         *       ]
         *     }
         */
        OrderList: {
            /** @description Oldest first; `[]` when none. */
            orders: components["schemas"]["Order"][];
            /** @description Present only when the answer was cut at the node's answer size cap (16 MiB by default): repeat the request with `skip` set to this value for the rest. At least one item is always answered. */
            next_skip?: number;
        };
        /**
         * @example {
         *       "receipt_id": "c2b7e0a4d91f3865a0e4b7d1",
         *       "order_id": 17,
         *       "interim_orderid": "69a559125b686aaea5f8bd7e",
         *       "subscription": "vault",
         *       "pricing_plan": "Standard",
         *       "payment_amount": 2.5,
         *       "paid_did": "did:elastos:iaETmuxAHQGYvG4VaxEZBLXoKdDywf6J95",
         *       "create_time": 1772444700,
         *       "receiving_address": "0x5EdFeacF4e5da8246F772fDb6E01D040381ECB21",
         *       "receipt_proof": "eyJhbGciOiJFUzI1NiIsInR5cCI6IkpXVCIsInZlcnNpb24iOiIxLjAiLCJraWQiOiJkaWQ6ZWxhc3RvczppcTdBZllHSzUzd0gxelNYWkJQTkE2ajk1dGtzeGZnSHZlI3ByaW1hcnkifQ.eyJpc3MiOiJkaWQ6ZWxhc3RvczppcTdBZllHSzUzd0gxelNYWkJQTkE2ajk1dGtzeGZnSHZlIiwic3ViIjoiSGl2ZSBSZWNlaXB0IiwiYXVkIjoiZGlkOmVsYXN0b3M6aWFFVG11eEFIUUdZdkc0VmF4RVpCTFhvS2REeXdmNko5NSIsImlhdCI6MTc3MjQ0NDcwMCwibmJmIjoxNzcyNDQ0NzAwLCJyZWNlaXB0Ijp7InJlY2VpcHRfaWQiOiJjMmI3ZTBhNGQ5MWYzODY1YTBlNGI3ZDEiLCJvcmRlcl9pZCI6MTcsImludGVyaW1fb3JkZXJpZCI6IjY5YTU1OTEyNWI2ODZhYWVhNWY4YmQ3ZSIsInN1YnNjcmlwdGlvbiI6InZhdWx0IiwicHJpY2luZ19wbGFuIjoiU3RhbmRhcmQiLCJwYXltZW50X2Ftb3VudCI6Mi41LCJwYWlkX2RpZCI6ImRpZDplbGFzdG9zOmlhRVRtdXhBSFFHWXZHNFZheEVaQkxYb0tkRHl3ZjZKOTUiLCJjcmVhdGVfdGltZSI6MTc3MjQ0NDcwMCwicmVjZWl2aW5nX2FkZHJlc3MiOiIweDVFZEZlYWNGNGU1ZGE4MjQ2Rjc3MmZEYjZFMDFEMDQwMzgxRUNCMjEifX0.R-03EFulWCcVwNXSkC1fLbZNstzuxwgzqNCm3fqpJCgjuABLUSfcKdX8eZ3Ig_Pl-gz2Ytuo7Ya6IjXFJQv4KQ"
         *     }
         */
        Receipt: {
            /** @description The id of the receipt (24 hex digits). */
            receipt_id: string;
            /** @description The contract order id. */
            order_id: number;
            /** @description The node's id of the order. */
            interim_orderid: string;
            /**
             * @description `vault`: a plan of the vault; `backup`: a plan of backups on this node.
             * @enum {string}
             */
            subscription: "vault" | "backup";
            /** @description The plan paid for. */
            pricing_plan: string;
            /** @description Price paid, in the plan's currency. */
            payment_amount: number;
            /** @description The user who paid. */
            paid_did: components["schemas"]["Did"];
            /**
             * @description When the payment was settled.
             * @example 1772443802
             */
            create_time: number;
            /** @description The address that received the payment. */
            receiving_address: string;
            /** @description Receipt JWT signed by the node. */
            receipt_proof: string;
        };
        /**
         * @example {
         *       "receipts": [
         *         {
         *           "receipt_id": "c2b7e0a4d91f3865a0e4b7d1",
         *           "order_id": 17,
         *           "interim_orderid": "69a559125b686aaea5f8bd7e",
         *           "subscription": "vault",
         *           "pricing_plan": "Standard",
         *           "payment_amount": 2.5,
         *           "paid_did": "did:elastos:iaETmuxAHQGYvG4VaxEZBLXoKdDywf6J95",
         *           "create_time": 1772444700,
         *           "receiving_address": "0x5EdFeacF4e5da8246F772fDb6E01D040381ECB21",
         *           "receipt_proof": "eyJhbGciOiJFUzI1NiIsInR5cCI6IkpXVCIsInZlcnNpb24iOiIxLjAiLCJraWQiOiJkaWQ6ZWxhc3RvczppcTdBZllHSzUzd0gxelNYWkJQTkE2ajk1dGtzeGZnSHZlI3ByaW1hcnkifQ.eyJpc3MiOiJkaWQ6ZWxhc3RvczppcTdBZllHSzUzd0gxelNYWkJQTkE2ajk1dGtzeGZnSHZlIiwic3ViIjoiSGl2ZSBSZWNlaXB0IiwiYXVkIjoiZGlkOmVsYXN0b3M6aWFFVG11eEFIUUdZdkc0VmF4RVpCTFhvS2REeXdmNko5NSIsImlhdCI6MTc3MjQ0NDcwMCwibmJmIjoxNzcyNDQ0NzAwLCJyZWNlaXB0Ijp7InJlY2VpcHRfaWQiOiJjMmI3ZTBhNGQ5MWYzODY1YTBlNGI3ZDEiLCJvcmRlcl9pZCI6MTcsImludGVyaW1fb3JkZXJpZCI6IjY5YTU1OTEyNWI2ODZhYWVhNWY4YmQ3ZSIsInN1YnNjcmlwdGlvbiI6InZhdWx0IiwicHJpY2luZ19wbGFuIjoiU3RhbmRhcmQiLCJwYXltZW50X2Ftb3VudCI6Mi41LCJwYWlkX2RpZCI6ImRpZDplbGFzdG9zOmlhRVRtdXhBSFFHWXZHNFZheEVaQkxYb0tkRHl3ZjZKOTUiLCJjcmVhdGVfdGltZSI6MTc3MjQ0NDcwMCwicmVjZWl2aW5nX2FkZHJlc3MiOiIweDVFZEZlYWNGNGU1ZGE4MjQ2Rjc3MmZEYjZFMDFEMDQwMzgxRUNCMjEifX0.R-03EFulWCcVwNXSkC1fLbZNstzuxwgzqNCm3fqpJCgjuABLUSfcKdX8eZ3Ig_Pl-gz2Ytuo7Ya6IjXFJQv4KQ"
         *         }
         *       ]
         *     }
         */
        ReceiptList: {
            /** @description Oldest first; `[]` when none. */
            receipts: components["schemas"]["Receipt"][];
            /** @description Present only when the answer was cut at the node's answer size cap (16 MiB by default): repeat the request with `skip` set to this value for the rest. At least one item is always answered. */
            next_skip?: number;
        };
        /**
         * @example {
         *       "state": "backup",
         *       "result": "success",
         *       "message": "backed up 2 files and 3 database chunks",
         *       "progress": {
         *         "bytes_done": 493650,
         *         "bytes_total": 493650,
         *         "items_done": 5,
         *         "items_total": 5,
         *         "vault_bytes": 493650,
         *         "network_bytes": 412907
         *       },
         *       "started_at": 1772445000,
         *       "finished_at": 1772445063,
         *       "last_success_at": 1772445063
         *     }
         */
        BackupState: {
            /**
             * @description The kind of the latest job; `idle` when none ever ran.
             * @enum {string}
             */
            state: "idle" | "backup" | "restore";
            /**
             * @description How the latest job went; `running` while it runs (it resumes after a restart).
             * @enum {string}
             */
            result: "running" | "success" | "failed";
            /** @description What happened, for people: the reason of a failure. */
            message: string;
            /** @description How far the latest job got. */
            progress: {
                /** @description Content bytes moved so far in this run. */
                bytes_done: number;
                /** @description Content bytes this run must move: only what the other side lacks (an incremental backup moves little). */
                bytes_total: number;
                /** @description Files and database chunks moved so far. */
                items_done: number;
                /** @description Files and database chunks this run must move. */
                items_total: number;
                /** @description Size of the whole vault content the job covers (files + documents). */
                vault_bytes: number;
                /** @description Bytes that actually travelled between the nodes (compressed, with protocol framing). */
                network_bytes: number;
            };
            /** @description When the latest job started; null when none ran. */
            started_at: number | null;
            /** @description When it ended; null while it runs. */
            finished_at: number | null;
            /** @description When a backup last completed; null when none ever did. */
            last_success_at: number | null;
        };
        /**
         * @description The vault now holds the export, every document, index, script and file of it.
         * @example {
         *       "export": "bafyreiepgsauoycacbrdnspivlpd7svqrvaqqvmg4tdqy4fwyacbvcot2a",
         *       "node": "did:elastos:iq7AfYGK53wH1zSXZBPNA6j95tksxfgHve",
         *       "user": "did:elastos:iaETmuxAHQGYvG4VaxEZBLXoKdDywf6J95",
         *       "created": 1772445063,
         *       "mode": "empty",
         *       "collections": 3,
         *       "documents": 1240,
         *       "files": 42,
         *       "file_bytes": 73400320,
         *       "bytes": 74125313,
         *       "seq": 1001048
         *     }
         */
        VaultImportResult: {
            export: components["schemas"]["ExportId"];
            /** @description The DID of the node that made (and signed) the export. */
            node: components["schemas"]["Did"];
            /** @description The DID whose vault the export is: the caller. */
            user: components["schemas"]["Did"];
            /**
             * @description When the export was made (epoch seconds).
             * @example 1772443802
             */
            created: number;
            /**
             * @description How the vault was written.
             * @enum {string}
             */
            mode: "empty" | "replace" | "update";
            /** @description Collections imported (every space). */
            collections: number;
            /** @description Documents imported (every collection, their `_id`s kept). */
            documents: number;
            /** @description Files imported (their CIDs kept). */
            files: number;
            /** @description The sum of the files' sizes. */
            file_bytes: number;
            /** @description Bytes of the CAR read. */
            bytes: number;
            /** @description The sequence number of the `vault.imported` event the import appended to the vault's change feed. */
            seq: number;
        };
        /**
         * @description What the vault's content came from: a mover asks it before sending (docs/portability.md, "Move").
         * @example {
         *       "export": "bafyreiepgsauoycacbrdnspivlpd7svqrvaqqvmg4tdqy4fwyacbvcot2a",
         *       "node": "did:elastos:iq7AfYGK53wH1zSXZBPNA6j95tksxfgHve",
         *       "seq": 1001048,
         *       "head": 1001048,
         *       "unchanged": true,
         *       "empty": false
         *     }
         */
        VaultImportState: {
            /** @description The export the vault's content was imported from (its last import), or null. */
            export: components["schemas"]["ExportId"] | null;
            /** @description The DID of the node that made that export, or null. */
            node: components["schemas"]["Did"] | null;
            /** @description The sequence number of that import's `vault.imported` event, or null. */
            seq: number | null;
            /** @description The vault's change feed's head now. */
            head: number;
            /** @description The vault holds exactly what its last import wrote (not written since: `head` = `seq`): `?mode=update` takes an incremental export since `export`. */
            unchanged: boolean;
            /** @description The vault holds no collection, document or file. */
            empty: boolean;
        };
        /**
         * @description The vault, now moved: read-only here, its writes refused with 403 `VAULT_MOVED` naming `moved_to`.
         * @example {
         *       "moved_to": "https://new-node.example",
         *       "export": "bafyreiepgsauoycacbrdnspivlpd7svqrvaqqvmg4tdqy4fwyacbvcot2a",
         *       "moved_at": 1772444105
         *     }
         */
        VaultMoved: {
            /**
             * @description The URL of the node the vault moved to.
             * @example https://new-node.example
             */
            moved_to: string;
            export: components["schemas"]["ExportId"];
            /** @description When the vault was marked moved: epoch seconds. */
            moved_at: number;
        };
        /**
         * @example {
         *       "token": "eyJhbGciOiJFUzI1NiIsInR5cCI6IkpXVCIsInZlcnNpb24iOiIxLjAiLCJraWQiOiJkaWQ6ZWxhc3RvczppbVZXNGNtYlFGYTN0UDI0UHZtaUt0WHUyZXprdGpDdDhGI3ByaW1hcnkifQ.eyJpc3MiOiJkaWQ6ZWxhc3RvczppbVZXNGNtYlFGYTN0UDI0UHZtaUt0WHUyZXprdGpDdDhGIiwic3ViIjoiQmFja3VwVG9rZW4iLCJhdWQiOiJkaWQ6ZWxhc3RvczppcTdBZllHSzUzd0gxelNYWkJQTkE2ajk1dGtzeGZnSHZlIiwiaWF0IjoxNzcyNDQ1MDYxLCJuYmYiOjE3NzI0NDUwNjEsImV4cCI6MTc3MzA0OTg2MSwianRpIjoiOWIzZDJmNGMtMWU3YS00ZjBiLThjNjUtMmQ3ZTlhMWIzYzU4IiwicHJvcHMiOiJ7XCJ1c2VyRGlkXCI6XCJkaWQ6ZWxhc3RvczppYUVUbXV4QUhRR1l2RzRWYXhFWkJMWG9LZER5d2Y2Sjk1XCIsXCJzb3VyY2VESURcIjpcImRpZDplbGFzdG9zOmlxN0FmWUdLNTN3SDF6U1haQlBOQTZqOTV0a3N4ZmdIdmVcIixcInRhcmdldERJRFwiOlwiZGlkOmVsYXN0b3M6aW1WVzRjbWJRRmEzdFAyNFB2bWlLdFh1MmV6a3RqQ3Q4RlwiLFwidGFyZ2V0SG9zdFwiOlwiaHR0cHM6Ly9iYWNrdXAuZXhhbXBsZS5vcmdcIixcIm5vbmNlXCI6XCJ1b1oxUWg2TTgxVy0wSmdraVVpTFBUTEhkNjVhdjREblwifSJ9.SXWE2wHHgKgIQa8vRUrN4662XzER6zkqo0R66_8wNXpeWyGszzLh5qN6meHSB0owhiDvKRS4jqIPYJkhZFeZTw",
         *       "exp": 1773049861,
         *       "document": {
         *         "id": "did:elastos:imVW4cmbQFa3tP24PvmiKtXu2ezktjCt8F",
         *         "publicKey": [
         *           {
         *             "id": "did:elastos:imVW4cmbQFa3tP24PvmiKtXu2ezktjCt8F#primary",
         *             "type": "ECDSAsecp256r1",
         *             "controller": "did:elastos:imVW4cmbQFa3tP24PvmiKtXu2ezktjCt8F",
         *             "publicKeyBase58": "pvBw6gpoivvZaQdyRXLG2JU7afR7bf9w6bwokccUGRB2"
         *           }
         *         ],
         *         "authentication": [
         *           "did:elastos:imVW4cmbQFa3tP24PvmiKtXu2ezktjCt8F#primary"
         *         ],
         *         "expires": "2031-01-31T09:30:00Z",
         *         "proof": {
         *           "type": "ECDSAsecp256r1",
         *           "created": "2026-01-31T09:30:00Z",
         *           "creator": "did:elastos:imVW4cmbQFa3tP24PvmiKtXu2ezktjCt8F#primary",
         *           "signatureValue": "UgwgdE3f3req2TJ0iaSbwMosc1P_J6MZnfCV9fAniFlsZQUcTucmZgRGe3uakb3oIiEvSuUHf4PqUHKaKM2CdA"
         *         }
         *       }
         *     }
         */
        BackupToken: {
            /** @description BackupToken JWT (sub `BackupToken`, aud = the primary node, bound to the user); send it as `Authorization: Bearer <token>` on the internal API. */
            token: string;
            /**
             * @description Expiry of the token (never after the credential).
             * @example 1772443802
             */
            exp: number;
            /** @description The backup node's own DID document: the primary checks it is genuine, is the `targetHiveNodeDID` of the credential, and signed the token. */
            document: components["schemas"]["DidDocument"];
        };
        /**
         * @example {
         *       "subscribed": true,
         *       "current": {
         *         "id": "5b0c2a8e-3f41-4d7a-9c62-1e8f0b4d7a93",
         *         "source_did": "did:elastos:iq7AfYGK53wH1zSXZBPNA6j95tksxfgHve",
         *         "created": 1772445063,
         *         "manifest_hash": "a1f4c09b7e2d3856c4b0e9f17a2d5c83e6b49f0d1c7a2e58b3f6d9c0e4a7b152",
         *         "bytes": 493650,
         *         "documents": 2,
         *         "collections": 1,
         *         "files": 1
         *       },
         *       "pending": null,
         *       "plan": {
         *         "name": "Basic",
         *         "quota": 524288000,
         *         "used": 493650
         *       }
         *     }
         */
        BackupNodeState: {
            /** @description Whether the user has a backup service here (a backup through the primary dialect subscribes the free backup plan on its first attempt; the Hive dialect needs `PUT /subscription/backup` first). */
            subscribed: boolean;
            /** @description The last complete, verified backup. */
            current: components["schemas"]["BackupSummary"] | null;
            /** @description An unfinished attempt, or null. */
            pending: {
                /** @description The unfinished attempt. */
                attempt_id: string;
                /** @description The node sending it. */
                source_did: components["schemas"]["Did"];
                /**
                 * @description When it began.
                 * @example 1772443802
                 */
                started_at: number;
                /**
                 * @description When data last arrived.
                 * @example 1772443802
                 */
                updated_at: number;
                /** @description Bytes received so far. */
                bytes_received: number;
            } | null;
            /** @description The user's backup plan on this node; null without a backup service. */
            plan: {
                /** @description The backup plan. */
                name: string;
                /** @description Bytes the plan allows. */
                quota: number;
                /** @description Bytes the current backup uses. */
                used: number;
            } | null;
        };
        /**
         * @description A complete, verified backup.
         * @example {
         *       "id": "5b0c2a8e-3f41-4d7a-9c62-1e8f0b4d7a93",
         *       "source_did": "did:elastos:iq7AfYGK53wH1zSXZBPNA6j95tksxfgHve",
         *       "created": 1772445063,
         *       "manifest_hash": "a1f4c09b7e2d3856c4b0e9f17a2d5c83e6b49f0d1c7a2e58b3f6d9c0e4a7b152",
         *       "bytes": 493650,
         *       "documents": 2,
         *       "collections": 1,
         *       "files": 1
         *     }
         */
        BackupSummary: {
            /** @description The id of this backup. */
            id: string;
            /** @description The node that made it. */
            source_did: components["schemas"]["Did"];
            /**
             * @description When it was committed.
             * @example 1772443802
             */
            created: number;
            /** @description SHA-256 (hex) of the canonical manifest JSON. */
            manifest_hash: string;
            /** @description Content bytes: documents + files. */
            bytes: number;
            /** @description Documents in all collections. */
            documents: number;
            /** @description Collections. */
            collections: number;
            /** @description Distinct file contents. */
            files: number;
        };
        /**
         * @example {
         *       "attempt_id": "0f6d2c4e-7b1a-4e93-8d25-6a9c3f1b0e47",
         *       "resumed": false,
         *       "quota": 524288000
         *     }
         */
        BeginBackupResponse: {
            /** @description Names the attempt in the calls that follow. */
            attempt_id: string;
            /** @description True when an unfinished attempt from this primary was picked up again. */
            resumed: boolean;
            /** @description Bytes the user's backup plan allows. */
            quota: number;
        };
        /**
         * @example {
         *       "missing": [
         *         "bafkreic6iyydesfrvyd5nc2jcyh6le3x2saqw72gmiddg3z2k4dqtimjou"
         *       ]
         *     }
         */
        MissingCids: {
            /** @description Those of the CIDs sent that this node lacks. */
            missing: components["schemas"]["Cid"][];
        };
        /**
         * @example {
         *       "blocks": 1,
         *       "bytes": 482113
         *     }
         */
        PutBlocksResponse: {
            /** @description Blocks received and verified. */
            blocks: number;
            /** @description Their bytes. */
            bytes: number;
        };
        /**
         * @example {
         *       "summary": {
         *         "id": "5b0c2a8e-3f41-4d7a-9c62-1e8f0b4d7a93",
         *         "source_did": "did:elastos:iq7AfYGK53wH1zSXZBPNA6j95tksxfgHve",
         *         "created": 1772445063,
         *         "manifest_hash": "a1f4c09b7e2d3856c4b0e9f17a2d5c83e6b49f0d1c7a2e58b3f6d9c0e4a7b152",
         *         "bytes": 493650,
         *         "documents": 2,
         *         "collections": 1,
         *         "files": 1
         *       },
         *       "manifest": {
         *         "version": 1,
         *         "user_did": "did:elastos:iaETmuxAHQGYvG4VaxEZBLXoKdDywf6J95",
         *         "source_did": "did:elastos:iq7AfYGK53wH1zSXZBPNA6j95tksxfgHve",
         *         "created": 1772445063,
         *         "collections": [
         *           {
         *             "name": "notes",
         *             "documents": 2,
         *             "bytes": 11537,
         *             "chunks": [
         *               {
         *                 "cid": "bafkreicaqzinpbmi5a7mqlhzjv7eyy2ihwevg75ngrmpjajre33vl2rpku",
         *                 "documents": 2,
         *                 "bytes": 11537
         *               }
         *             ],
         *             "indexes": [
         *               {
         *                 "name": "tags_1_due_-1",
         *                 "keys": [
         *                   {
         *                     "path": "tags",
         *                     "direction": 1
         *                   },
         *                   {
         *                     "path": "due",
         *                     "direction": -1
         *                   }
         *                 ],
         *                 "unique": false
         *               }
         *             ]
         *           }
         *         ],
         *         "files": {
         *           "count": 1,
         *           "bytes": 482113,
         *           "chunks": [
         *             {
         *               "cid": "bafkreifgyaa6hbanqpzguy6eaen7wiprltmtyp7xrcghvgw6lpeqaeecyy",
         *               "documents": 1,
         *               "bytes": 61
         *             }
         *           ]
         *         }
         *       }
         *     }
         */
        BackupManifestResponse: {
            summary: components["schemas"]["BackupSummary"];
            manifest: components["schemas"]["BackupManifestOutput"];
        };
        /**
         * @description Access condition: `queryHasResults` on the owner's collection, or `and` / `or` of conditions. Conditions nest at most 5 levels, with at most 16 operands each. Evaluated on the vault the script belongs to, for every caller (the owner too).
         * @example {
         *       "type": "queryHasResults",
         *       "collection": "friends",
         *       "filter": {
         *         "did": "$caller_did"
         *       }
         *     }
         */
        ConditionOutput: {
            /**
             * @description `queryHasResults`: the owner's `collection` has a document matching `filter`; `and` / `or`: of `conditions`.
             * @enum {string}
             */
            type: "queryHasResults" | "and" | "or";
            /** @description A label; not used by the node. */
            name?: string;
            /** @description queryHasResults: the owner's collection to query. */
            collection?: string;
            /** @description queryHasResults: the filter; `$caller_did`, `$caller_app_did` and `$params.<name>` are substituted. */
            filter?: components["schemas"]["Filter"];
            /** @description Accepted for compatibility. */
            options?: {
                [key: string]: unknown;
            };
            /** @description Reference Hive Node form: the fields above nested in `body` (a list for and/or). */
            body?: unknown;
            /** @description and/or: the operands. */
            conditions?: {
                /**
                 * @description `queryHasResults`: the owner's `collection` has a document matching `filter`; `and` / `or`: of `conditions`.
                 * @enum {string}
                 */
                type: "queryHasResults" | "and" | "or";
                /** @description A label; not used by the node. */
                name?: string;
                /** @description queryHasResults: the owner's collection to query. */
                collection?: string;
                /** @description queryHasResults: the filter; `$caller_did`, `$caller_app_did` and `$params.<name>` are substituted. */
                filter?: components["schemas"]["Filter"];
                /** @description Accepted for compatibility. */
                options?: {
                    [key: string]: unknown;
                };
                /** @description Reference Hive Node form: the fields above nested in `body` (a list for and/or). */
                body?: unknown;
                /** @description and/or: the operands. */
                conditions?: {
                    /**
                     * @description `queryHasResults`: the owner's `collection` has a document matching `filter`; `and` / `or`: of `conditions`.
                     * @enum {string}
                     */
                    type: "queryHasResults" | "and" | "or";
                    /** @description A label; not used by the node. */
                    name?: string;
                    /** @description queryHasResults: the owner's collection to query. */
                    collection?: string;
                    /** @description queryHasResults: the filter; `$caller_did`, `$caller_app_did` and `$params.<name>` are substituted. */
                    filter?: components["schemas"]["Filter"];
                    /** @description Accepted for compatibility. */
                    options?: {
                        [key: string]: unknown;
                    };
                    /** @description Reference Hive Node form: the fields above nested in `body` (a list for and/or). */
                    body?: unknown;
                    /** @description and/or: the operands. */
                    conditions?: {
                        /**
                         * @description `queryHasResults`: the owner's `collection` has a document matching `filter`; `and` / `or`: of `conditions`.
                         * @enum {string}
                         */
                        type: "queryHasResults" | "and" | "or";
                        /** @description A label; not used by the node. */
                        name?: string;
                        /** @description queryHasResults: the owner's collection to query. */
                        collection?: string;
                        /** @description queryHasResults: the filter; `$caller_did`, `$caller_app_did` and `$params.<name>` are substituted. */
                        filter?: components["schemas"]["Filter"];
                        /** @description Accepted for compatibility. */
                        options?: {
                            [key: string]: unknown;
                        };
                        /** @description Reference Hive Node form: the fields above nested in `body` (a list for and/or). */
                        body?: unknown;
                        /** @description and/or: the operands. */
                        conditions?: {
                            /**
                             * @description `queryHasResults`: the owner's `collection` has a document matching `filter`; `and` / `or`: of `conditions`.
                             * @enum {string}
                             */
                            type: "queryHasResults" | "and" | "or";
                            /** @description A label; not used by the node. */
                            name?: string;
                            /** @description queryHasResults: the owner's collection to query. */
                            collection?: string;
                            /** @description queryHasResults: the filter; `$caller_did`, `$caller_app_did` and `$params.<name>` are substituted. */
                            filter?: components["schemas"]["Filter"];
                            /** @description Accepted for compatibility. */
                            options?: {
                                [key: string]: unknown;
                            };
                            /** @description Reference Hive Node form: the fields above nested in `body` (a list for and/or). */
                            body?: unknown;
                            /** @description and/or: the operands. */
                            conditions?: unknown[];
                        }[];
                    }[];
                }[];
            }[];
        };
        /**
         * @description What a script does when it runs. Its result is keyed by `name` in the run response.
         * @example {
         *       "type": "find",
         *       "name": "get_messages",
         *       "collection": "messages",
         *       "filter": {
         *         "to": "$caller_did"
         *       },
         *       "options": {
         *         "limit": "$params.limit",
         *         "sort": {
         *           "created": -1
         *         }
         *       }
         *     }
         */
        ExecutableOutput: {
            /**
             * @description What it does: `find`, `count`, `insert` (one), `update` (the first match), `delete` (the first match) on `collection`; `fileUpload`, `fileDownload` (a transaction id for the stream endpoints), `fileProperties`, `fileHash` on `path`; `aggregated`: its `executables` in order.
             * @enum {string}
             */
            type: "find" | "count" | "insert" | "update" | "delete" | "fileUpload" | "fileDownload" | "fileProperties" | "fileHash" | "aggregated";
            /** @description Key of this executable's result in the run response. Default: the script name (inside `aggregated`: the executable's type). */
            name?: string;
            /** @description Include the result in the run response. Default true. */
            output?: boolean;
            /** @description Database executables: the owner's collection. */
            collection?: string;
            /** @description find, count, update, delete: the filter; `$caller_did`, `$caller_app_did` and `$params.<name>` are substituted. */
            filter?: components["schemas"]["Filter"];
            /** @description insert: the document (variables substituted). */
            document?: components["schemas"]["Document"];
            /** @description update: update operators (variables substituted). */
            update?: {
                [key: string]: unknown;
            };
            /** @description find: `skip`, `limit` (at most 1,000), `sort`, `projection`; insert/update: `timestamp` (default false), update: `upsert`. */
            options?: {
                [key: string]: unknown;
            };
            /** @description File executables: the path; `$params.<name>` and `$caller_did` are substituted inside it. */
            path?: string;
            /** @description Reference Hive Node form: the fields above nested in `body` (a list for aggregated). */
            body?: unknown;
            /** @description aggregated: the executables to run in order (1–16, none aggregated). */
            executables?: components["schemas"]["ExecutableStepOutput"][];
        };
        /**
         * @description One executable of an `aggregated` one (not itself aggregated).
         * @example {
         *       "type": "count",
         *       "name": "unread",
         *       "collection": "messages",
         *       "filter": {
         *         "to": "$caller_did",
         *         "read": false
         *       }
         *     }
         */
        ExecutableStepOutput: {
            /**
             * @description What it does: `find`, `count`, `insert` (one), `update` (the first match), `delete` (the first match) on `collection`; `fileUpload`, `fileDownload` (a transaction id for the stream endpoints), `fileProperties`, `fileHash` on `path`; `aggregated`: its `executables` in order.
             * @enum {string}
             */
            type: "find" | "count" | "insert" | "update" | "delete" | "fileUpload" | "fileDownload" | "fileProperties" | "fileHash" | "aggregated";
            /** @description Key of this executable's result in the run response. Default: the script name (inside `aggregated`: the executable's type). */
            name?: string;
            /** @description Include the result in the run response. Default true. */
            output?: boolean;
            /** @description Database executables: the owner's collection. */
            collection?: string;
            /** @description find, count, update, delete: the filter; `$caller_did`, `$caller_app_did` and `$params.<name>` are substituted. */
            filter?: components["schemas"]["Filter"];
            /** @description insert: the document (variables substituted). */
            document?: components["schemas"]["Document"];
            /** @description update: update operators (variables substituted). */
            update?: {
                [key: string]: unknown;
            };
            /** @description find: `skip`, `limit` (at most 1,000), `sort`, `projection`; insert/update: `timestamp` (default false), update: `upsert`. */
            options?: {
                [key: string]: unknown;
            };
            /** @description File executables: the path; `$params.<name>` and `$caller_did` are substituted inside it. */
            path?: string;
            /** @description Reference Hive Node form: the fields above nested in `body` (a list for aggregated). */
            body?: unknown;
        };
        /**
         * @description What one backup holds: every collection of the vault database as content-addressed chunks (raw blocks of BSON documents, ≤ 1 MiB), and the file contents by CID.
         * @example {
         *       "version": 1,
         *       "user_did": "did:elastos:iaETmuxAHQGYvG4VaxEZBLXoKdDywf6J95",
         *       "source_did": "did:elastos:iq7AfYGK53wH1zSXZBPNA6j95tksxfgHve",
         *       "created": 1772445063,
         *       "collections": [
         *         {
         *           "name": "notes",
         *           "documents": 2,
         *           "bytes": 11537,
         *           "chunks": [
         *             {
         *               "cid": "bafkreicaqzinpbmi5a7mqlhzjv7eyy2ihwevg75ngrmpjajre33vl2rpku",
         *               "documents": 2,
         *               "bytes": 11537
         *             }
         *           ],
         *           "indexes": [
         *             {
         *               "name": "tags_1_due_-1",
         *               "keys": [
         *                 {
         *                   "path": "tags",
         *                   "direction": 1
         *                 },
         *                 {
         *                   "path": "due",
         *                   "direction": -1
         *                 }
         *               ],
         *               "unique": false
         *             }
         *           ]
         *         }
         *       ],
         *       "files": {
         *         "count": 1,
         *         "bytes": 482113,
         *         "chunks": [
         *           {
         *             "cid": "bafkreifgyaa6hbanqpzguy6eaen7wiprltmtyp7xrcghvgw6lpeqaeecyy",
         *             "documents": 1,
         *             "bytes": 61
         *           }
         *         ]
         *       }
         *     }
         */
        BackupManifestOutput: {
            /**
             * @description The manifest format.
             * @constant
             */
            version: 1;
            /** @description Whose vault. */
            user_did: components["schemas"]["Did"];
            /** @description The node that made the backup. */
            source_did: components["schemas"]["Did"];
            /**
             * @description When the backup was made.
             * @example 1772443802
             */
            created: number;
            /** @description Every collection of the vault database. */
            collections: {
                /** @description The collection (internal ones included). */
                name: string;
                /** @description Documents in it. */
                documents: number;
                /** @description Their BSON size. */
                bytes: number;
                /** @description The chunks holding them, in order. */
                chunks: components["schemas"]["BackupChunkOutput"][];
                /** @description The indexes created through the API (`_id_` and automatic ones excluded); absent when there are none, and in backups made before indexes were kept. */
                indexes?: components["schemas"]["BackupIndexOutput"][];
            }[];
            /** @description The file contents of the vault, by CID. */
            files: {
                /** @description Distinct file contents (CIDs). */
                count: number;
                /** @description Sum of their sizes. */
                bytes: number;
                /** @description Chunks listing `{c: cid, s: size}`, one per distinct CID. */
                chunks: components["schemas"]["BackupChunkOutput"][];
            };
        };
        /**
         * @example {
         *       "cid": "bafkreicaqzinpbmi5a7mqlhzjv7eyy2ihwevg75ngrmpjajre33vl2rpku",
         *       "documents": 2,
         *       "bytes": 11537
         *     }
         */
        BackupChunkOutput: {
            cid: components["schemas"]["Cid"];
            /** @description Entries in the chunk. */
            documents: number;
            /** @description Size of the chunk (BSON bytes). */
            bytes: number;
        };
        /**
         * @description An index created through the API, rebuilt by a restore or a promotion once the documents are in (automatic indexes are not kept: queries make them again).
         * @example {
         *       "name": "tags_1_due_-1",
         *       "keys": [
         *         {
         *           "path": "tags",
         *           "direction": 1
         *         },
         *         {
         *           "path": "due",
         *           "direction": -1
         *         }
         *       ],
         *       "unique": false
         *     }
         */
        BackupIndexOutput: {
            name: components["schemas"]["IndexName"];
            /** @description The indexed paths in order (a list: the manifest’s canonical form sorts object keys, and an index’s key order matters). */
            keys: {
                /** @description A field path (dotted into embedded documents). */
                path: string;
                /** @description `1` ascending, `-1` descending. */
                direction: 1 | -1;
            }[];
            /** @description Whether the index refuses a second document with the same keys. */
            unique: boolean;
        };
        /** @description One change of the vault: the `data:` of one Server-Sent Event, whose `event:` is the `type` and whose `id:` is the `seq` (the cursor to resume after it). Each type's fields are below; a client ignores fields and types it does not know. */
        VaultEvent: components["schemas"]["DocumentEvent"] | components["schemas"]["CollectionEvent"] | components["schemas"]["IndexEvent"] | components["schemas"]["FileEvent"] | components["schemas"]["ScriptEvent"] | components["schemas"]["VaultStateEvent"] | components["schemas"]["VaultPlanEvent"] | components["schemas"]["VaultImportedEvent"] | components["schemas"]["BackupEvent"];
        /**
         * @description A document the script lets the caller see was inserted, updated or deleted.
         * @example {
         *       "seq": 1042,
         *       "at": 1772444105000,
         *       "type": "document.inserted",
         *       "_id": {
         *         "$oid": "69a558980fa8f1f1d94ee8a8"
         *       },
         *       "document": {
         *         "_id": {
         *           "$oid": "69a558980fa8f1f1d94ee8a8"
         *         },
         *         "to": "did:elastos:iXEKuLg2gwhEv8K1rraa4ufeeupzA9JvvX",
         *         "text": "see you at 6"
         *       }
         *     }
         */
        ScriptStreamEvent: {
            /** @description The event's sequence number in the vault (the same as its `id:`); only grows. */
            seq: number;
            /** @description When the change was committed: milliseconds since the Unix epoch. */
            at: number;
            /**
             * @description What happened.
             * @enum {string}
             */
            type: "document.inserted" | "document.updated" | "document.deleted";
            /** @description The document's `_id` in Extended JSON (an ObjectId as `{"$oid": "…"}`). */
            _id: unknown;
            /** @description The document (inserted, updated: as the change left it, projected by the script's options); absent for a delete. */
            document?: components["schemas"]["Document"];
        };
    };
    responses: {
        /** @description `INVALID_PARAMETER` (internal_code 1): A path, query or body field is missing, malformed or out of range. */
        InvalidParameter: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description `REQUEST_TIMEOUT` (internal_code 3000): The request was not sent in time: its headers within the header timeout, or its body too slowly (a pause past the idle timeout, or below the minimum rate). */
        RequestTimeout: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description `URI_TOO_LONG` (internal_code 3000): The request line is longer than the node accepts. */
        UriTooLong: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description `RATE_LIMITED`: Too many requests; retry later. */
        RateLimited: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description `HEADERS_TOO_LARGE` (internal_code 3000): The request line and headers together are larger than the node accepts. */
        HeadersTooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
        Internal: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description `OVERLOADED` (internal_code 3000): Too many open connections, from this address or in all; retry later (`Retry-After`). */
        Overloaded: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
    };
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    nodeVersion: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The version. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NodeVersion"];
                };
            };
            400: components["responses"]["InvalidParameter"];
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Overloaded"];
        };
    };
    nodeInfo: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Node information. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NodeInfo"];
                };
            };
            400: components["responses"]["InvalidParameter"];
            /** @description `UNAUTHORIZED`: Missing, malformed, expired or foreign access token, or a failed sign-in. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Overloaded"];
        };
    };
    health: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The node is serving. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
            400: components["responses"]["InvalidParameter"];
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Overloaded"];
        };
    };
    readiness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every part answered. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Readiness"];
                };
            };
            400: components["responses"]["InvalidParameter"];
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            /**
             * @description `UNAVAILABLE`: A dependency (chain RPC, IPFS, database) is unreachable.
             *
             *     `OVERLOADED` (internal_code 3000): Too many open connections, from this address or in all; retry later (`Retry-After`).
             */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotReady"];
                };
            };
        };
    };
    nodeDidDocument: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The node's DID document. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NodeDidDocument"];
                };
            };
            400: components["responses"]["InvalidParameter"];
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Overloaded"];
        };
    };
    openApiDocument: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The OpenAPI 3.1 document. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenApiDocument"];
                };
            };
            400: components["responses"]["InvalidParameter"];
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Overloaded"];
        };
    };
    openApiHiveDocument: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The OpenAPI 3.1 document of the Hive dialect. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenApiDocument"];
                };
            };
            400: components["responses"]["InvalidParameter"];
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Overloaded"];
        };
    };
    apiReference: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An HTML page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            400: components["responses"]["InvalidParameter"];
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Overloaded"];
        };
    };
    apiReferenceHive: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An HTML page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            400: components["responses"]["InvalidParameter"];
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Overloaded"];
        };
    };
    signin: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SigninRequest"];
            };
        };
        responses: {
            /** @description The challenge JWT. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Challenge"];
                };
            };
            400: components["responses"]["InvalidParameter"];
            /** @description `UNAUTHORIZED`: Missing, malformed, expired or foreign access token, or a failed sign-in. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            /**
             * @description `UNAVAILABLE`: A dependency (chain RPC, IPFS, database) is unreachable.
             *
             *     `OVERLOADED` (internal_code 3000): Too many open connections, from this address or in all; retry later (`Retry-After`).
             */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    auth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AuthRequest"];
            };
        };
        responses: {
            /** @description The access token and its expiry. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccessToken"];
                };
            };
            400: components["responses"]["InvalidParameter"];
            /** @description `UNAUTHORIZED`: Missing, malformed, expired or foreign access token, or a failed sign-in. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            /**
             * @description `UNAVAILABLE`: A dependency (chain RPC, IPFS, database) is unreachable.
             *
             *     `OVERLOADED` (internal_code 3000): Too many open connections, from this address or in all; retry later (`Retry-After`).
             */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    vaultInfo: {
        parameters: {
            query?: {
                /** @description The reference node's option to add `files_used` to the answer; accepted for its clients, the answer carries `files_used` either way. */
                files_used?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The vault. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VaultInfo"];
                };
            };
            400: components["responses"]["InvalidParameter"];
            /** @description `UNAUTHORIZED`: Missing, malformed, expired or foreign access token, or a failed sign-in. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `VAULT_NOT_FOUND` (internal_code 1): No vault for this user on this node. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Overloaded"];
        };
    };
    subscribeVault: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The vault. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VaultInfo"];
                };
            };
            400: components["responses"]["InvalidParameter"];
            /** @description `UNAUTHORIZED`: Missing, malformed, expired or foreign access token, or a failed sign-in. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Overloaded"];
        };
    };
    setVaultState: {
        parameters: {
            query: {
                /** @description `deactivation` freezes the vault (read-only), `activation` unfreezes it. */
                op: "activation" | "deactivation";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The vault in its new state. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VaultInfo"];
                };
            };
            400: components["responses"]["InvalidParameter"];
            /** @description `UNAUTHORIZED`: Missing, malformed, expired or foreign access token, or a failed sign-in. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `VAULT_NOT_FOUND` (internal_code 1): No vault for this user on this node. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Overloaded"];
        };
    };
    unsubscribeVault: {
        parameters: {
            query?: {
                /** @description `true`: delete the vault and everything in it (documents, scripts, files). Otherwise the vault is only switched off: every vault call answers 404 until `PUT /api/v2/subscription/vault` restores it with its data. */
                force?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Unsubscribed. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["InvalidParameter"];
            /** @description `UNAUTHORIZED`: Missing, malformed, expired or foreign access token, or a failed sign-in. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `VAULT_NOT_FOUND` (internal_code 1): No vault for this user on this node. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Overloaded"];
        };
    };
    listCollections: {
        parameters: {
            query?: {
                /** @description Items to leave out at the start. An answer cut at the node's answer size cap says where to continue: pass its `next_skip` here. */
                skip?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The collections. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CollectionList"];
                };
            };
            400: components["responses"]["InvalidParameter"];
            /** @description `UNAUTHORIZED`: Missing, malformed, expired or foreign access token, or a failed sign-in. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `VAULT_NOT_FOUND` (internal_code 1): No vault for this user on this node. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Overloaded"];
        };
    };
    createCollection: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateCollectionRequest"];
            };
        };
        responses: {
            /** @description The collection was created (or, with `if_not_exists`, exists). */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateCollectionResult"];
                };
            };
            400: components["responses"]["InvalidParameter"];
            /** @description `UNAUTHORIZED`: Missing, malformed, expired or foreign access token, or a failed sign-in. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `VAULT_FROZEN` (internal_code 1): The vault is frozen (read-only) and the request writes. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `VAULT_NOT_FOUND` (internal_code 1): No vault for this user on this node. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            /** @description `ALREADY_EXISTS`: The collection, file, vault, backup or index already exists, or a document with the same `_id` or unique-index key. */
            455: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            500: components["responses"]["Internal"];
            503: components["responses"]["Overloaded"];
            /**
             * @description `INSUFFICIENT_STORAGE`: The write would exceed the vault storage quota.
             *
             *     `STORAGE_FULL` (internal_code 1): The node's own storage is full (its disk, not the vault's quota): writes are refused until its operator frees space; reads and deletes still work. Retry later or use another node.
             */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    deleteCollection: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A collection name: 1–64 letters, digits, `_`, `.` and `-`, not starting with `.` or `-`. Names of internal collections (starting with `__` or `system.`, and `collections`, `scripts`, `ipfs_files`, …) are refused. */
                name: components["schemas"]["CollectionName"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["InvalidParameter"];
            /** @description `UNAUTHORIZED`: Missing, malformed, expired or foreign access token, or a failed sign-in. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `VAULT_FROZEN` (internal_code 1): The vault is frozen (read-only) and the request writes. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description `COLLECTION_NOT_FOUND` (internal_code 4): No collection of that name.
             *
             *     `VAULT_NOT_FOUND` (internal_code 1): No vault for this user on this node.
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Overloaded"];
        };
    };
    findDocuments: {
        parameters: {
            query?: {
                /** @description URL-encoded JSON filter. Default `{}`. */
                filter?: string;
                /** @description Items to leave out at the start. An answer cut at the node's answer size cap says where to continue: pass its `next_skip` here. */
                skip?: number;
                /** @description At most 10,000 documents per call; 0 or absent = up to that cap. */
                limit?: number;
                /** @description URL-encoded JSON object `{field: 1|-1}`. */
                sort?: string;
                /** @description URL-encoded JSON projection `{field: 0|1}`. */
                projection?: string;
                /** @description The query's time limit in milliseconds (MongoDB's `maxTimeMS`); 0 or absent: the node's default (5 s unless configured); more than the node allows (60 s unless configured) counts as that. Past it the query is stopped: 400, internal_code 50 (MaxTimeMSExpired). */
                maxTimeMS?: number;
            };
            header?: never;
            path: {
                /** @description A collection name: 1–64 letters, digits, `_`, `.` and `-`, not starting with `.` or `-`. Names of internal collections (starting with `__` or `system.`, and `collections`, `scripts`, `ipfs_files`, …) are refused. */
                collection: components["schemas"]["CollectionName"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The matching documents. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FindResult"];
                };
            };
            /**
             * @description `INVALID_PARAMETER` (internal_code 1): A path, query or body field is missing, malformed or out of range.
             *
             *     `QUERY_TIMEOUT` (internal_code 50): A database query ran past its time limit and was stopped (MongoDB's MaxTimeMSExpired, error 50): the request's `maxTimeMS`, else the node's default (`CELLA_QUERY_TIMEOUT`). Narrow the filter, use an index, or allow more time.
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `UNAUTHORIZED`: Missing, malformed, expired or foreign access token, or a failed sign-in. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description `COLLECTION_NOT_FOUND` (internal_code 4): No collection of that name.
             *
             *     `VAULT_NOT_FOUND` (internal_code 1): No vault for this user on this node.
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Overloaded"];
        };
    };
    updateDocuments: {
        parameters: {
            query?: {
                /** @description Update only the first match. Default false. */
                updateone?: boolean;
            };
            header?: never;
            path: {
                /** @description A collection name: 1–64 letters, digits, `_`, `.` and `-`, not starting with `.` or `-`. Names of internal collections (starting with `__` or `system.`, and `collections`, `scripts`, `ipfs_files`, …) are refused. */
                collection: components["schemas"]["CollectionName"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateRequest"];
            };
        };
        responses: {
            /** @description Match and change counts. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UpdateResult"];
                };
            };
            400: components["responses"]["InvalidParameter"];
            /** @description `UNAUTHORIZED`: Missing, malformed, expired or foreign access token, or a failed sign-in. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `VAULT_FROZEN` (internal_code 1): The vault is frozen (read-only) and the request writes. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description `COLLECTION_NOT_FOUND` (internal_code 4): No collection of that name.
             *
             *     `VAULT_NOT_FOUND` (internal_code 1): No vault for this user on this node.
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Overloaded"];
            /**
             * @description `INSUFFICIENT_STORAGE`: The write would exceed the vault storage quota.
             *
             *     `STORAGE_FULL` (internal_code 1): The node's own storage is full (its disk, not the vault's quota): writes are refused until its operator frees space; reads and deletes still work. Retry later or use another node.
             */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    insertDocuments: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A collection name: 1–64 letters, digits, `_`, `.` and `-`, not starting with `.` or `-`. Names of internal collections (starting with `__` or `system.`, and `collections`, `scripts`, `ipfs_files`, …) are refused. */
                collection: components["schemas"]["CollectionName"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InsertRequest"];
            };
        };
        responses: {
            /** @description The ids of the inserted documents. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InsertResult"];
                };
            };
            400: components["responses"]["InvalidParameter"];
            /** @description `UNAUTHORIZED`: Missing, malformed, expired or foreign access token, or a failed sign-in. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `VAULT_FROZEN` (internal_code 1): The vault is frozen (read-only) and the request writes. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description `COLLECTION_NOT_FOUND` (internal_code 4): No collection of that name.
             *
             *     `VAULT_NOT_FOUND` (internal_code 1): No vault for this user on this node.
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            /** @description `ALREADY_EXISTS`: The collection, file, vault, backup or index already exists, or a document with the same `_id` or unique-index key. */
            455: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            500: components["responses"]["Internal"];
            503: components["responses"]["Overloaded"];
            /**
             * @description `INSUFFICIENT_STORAGE`: The write would exceed the vault storage quota.
             *
             *     `STORAGE_FULL` (internal_code 1): The node's own storage is full (its disk, not the vault's quota): writes are refused until its operator frees space; reads and deletes still work. Retry later or use another node.
             */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    deleteDocuments: {
        parameters: {
            query?: {
                /** @description Delete only the first match. Default false. */
                deleteone?: boolean;
                /** @description The filter, when the client cannot send a DELETE body. */
                filter?: string;
            };
            header?: never;
            path: {
                /** @description A collection name: 1–64 letters, digits, `_`, `.` and `-`, not starting with `.` or `-`. Names of internal collections (starting with `__` or `system.`, and `collections`, `scripts`, `ipfs_files`, …) are refused. */
                collection: components["schemas"]["CollectionName"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["DeleteRequest"];
            };
        };
        responses: {
            /** @description Deleted. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeleteResult"];
                };
            };
            400: components["responses"]["InvalidParameter"];
            /** @description `UNAUTHORIZED`: Missing, malformed, expired or foreign access token, or a failed sign-in. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `VAULT_FROZEN` (internal_code 1): The vault is frozen (read-only) and the request writes. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description `COLLECTION_NOT_FOUND` (internal_code 4): No collection of that name.
             *
             *     `VAULT_NOT_FOUND` (internal_code 1): No vault for this user on this node.
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Overloaded"];
        };
    };
    countDocuments: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A collection name: 1–64 letters, digits, `_`, `.` and `-`, not starting with `.` or `-`. Names of internal collections (starting with `__` or `system.`, and `collections`, `scripts`, `ipfs_files`, …) are refused. */
                collection: components["schemas"]["CollectionName"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CountRequest"];
            };
        };
        responses: {
            /** @description The count. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CountResult"];
                };
            };
            /**
             * @description `INVALID_PARAMETER` (internal_code 1): A path, query or body field is missing, malformed or out of range.
             *
             *     `QUERY_TIMEOUT` (internal_code 50): A database query ran past its time limit and was stopped (MongoDB's MaxTimeMSExpired, error 50): the request's `maxTimeMS`, else the node's default (`CELLA_QUERY_TIMEOUT`). Narrow the filter, use an index, or allow more time.
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `UNAUTHORIZED`: Missing, malformed, expired or foreign access token, or a failed sign-in. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description `COLLECTION_NOT_FOUND` (internal_code 4): No collection of that name.
             *
             *     `VAULT_NOT_FOUND` (internal_code 1): No vault for this user on this node.
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Overloaded"];
        };
    };
    listIndexes: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A collection name: 1–64 letters, digits, `_`, `.` and `-`, not starting with `.` or `-`. Names of internal collections (starting with `__` or `system.`, and `collections`, `scripts`, `ipfs_files`, …) are refused. */
                collection: components["schemas"]["CollectionName"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The indexes. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IndexList"];
                };
            };
            400: components["responses"]["InvalidParameter"];
            /** @description `UNAUTHORIZED`: Missing, malformed, expired or foreign access token, or a failed sign-in. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `COLLECTION_NOT_FOUND` (internal_code 4): No collection of that name. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Overloaded"];
        };
    };
    createIndex: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A collection name: 1–64 letters, digits, `_`, `.` and `-`, not starting with `.` or `-`. Names of internal collections (starting with `__` or `system.`, and `collections`, `scripts`, `ipfs_files`, …) are refused. */
                collection: components["schemas"]["CollectionName"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateIndexRequest"];
            };
        };
        responses: {
            /** @description The index exists. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedIndex"];
                };
            };
            400: components["responses"]["InvalidParameter"];
            /** @description `UNAUTHORIZED`: Missing, malformed, expired or foreign access token, or a failed sign-in. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `VAULT_FROZEN` (internal_code 1): The vault is frozen (read-only) and the request writes. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `COLLECTION_NOT_FOUND` (internal_code 4): No collection of that name. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            /** @description `ALREADY_EXISTS`: The collection, file, vault, backup or index already exists, or a document with the same `_id` or unique-index key. */
            455: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            500: components["responses"]["Internal"];
            503: components["responses"]["Overloaded"];
            /** @description `STORAGE_FULL` (internal_code 1): The node's own storage is full (its disk, not the vault's quota): writes are refused until its operator frees space; reads and deletes still work. Retry later or use another node. */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    dropIndex: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A collection name: 1–64 letters, digits, `_`, `.` and `-`, not starting with `.` or `-`. Names of internal collections (starting with `__` or `system.`, and `collections`, `scripts`, `ipfs_files`, …) are refused. */
                collection: components["schemas"]["CollectionName"];
                /** @description An index name: 1–64 letters, digits, `_`, `.` and `-`, not starting with `.` or `-`. `_id_` and names starting with `ax_` (automatic indexes) are the node’s own. */
                name: components["schemas"]["IndexName"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Dropped. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["InvalidParameter"];
            /** @description `UNAUTHORIZED`: Missing, malformed, expired or foreign access token, or a failed sign-in. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `VAULT_FROZEN` (internal_code 1): The vault is frozen (read-only) and the request writes. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description `COLLECTION_NOT_FOUND` (internal_code 4): No collection of that name.
             *
             *     `INDEX_NOT_FOUND` (internal_code 10): No index of that name on the collection.
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Overloaded"];
        };
    };
    downloadFile: {
        parameters: {
            query?: {
                /** @description List the folder at `path` instead of downloading. */
                list?: boolean;
                /** @description With `list`: every entry below the folder, not only direct children. */
                recursive?: boolean;
                /** @description Items to leave out at the start. An answer cut at the node's answer size cap says where to continue: pass its `next_skip` here. */
                skip?: number;
                /** @description Reference Hive Node form: `metadata` = the properties of the file or folder. (`comp=children` and `comp=hash` are the Hive dialect's: its listing and its SHA-256.) */
                comp?: "metadata";
            };
            header?: never;
            path: {
                /** @description A path inside the vault, URL-encoded per segment; `/` separates folders. Normalised on the server (Unicode NFC, one trailing `/` dropped); refused: `.` and `..` segments, empty segments, NUL, more than 1024 bytes of UTF-8. The empty path is the root folder (listing and properties only). */
                path: components["schemas"]["FilePath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The content, or a listing / properties as JSON. */
            200: {
                headers: {
                    /** @description The CID of the content. */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                    "application/json": components["schemas"]["FileList"] | components["schemas"]["FileInfo"] | components["schemas"]["FileHash"];
                };
            };
            /** @description Partial content for a `Range` request. */
            206: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            400: components["responses"]["InvalidParameter"];
            /** @description `UNAUTHORIZED`: Missing, malformed, expired or foreign access token, or a failed sign-in. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description `FILE_NOT_FOUND` (internal_code 6): No file or folder at that path.
             *
             *     `VAULT_NOT_FOUND` (internal_code 1): No vault for this user on this node.
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            /** @description `RANGE_NOT_SATISFIABLE`: The requested byte range lies outside the file. */
            416: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Overloaded"];
        };
    };
    uploadFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A path inside the vault, URL-encoded per segment; `/` separates folders. Normalised on the server (Unicode NFC, one trailing `/` dropped); refused: `.` and `..` segments, empty segments, NUL, more than 1024 bytes of UTF-8. The empty path is the root folder (listing and properties only). */
                path: components["schemas"]["FilePath"];
            };
            cookie?: never;
        };
        /** @description The file content, raw (not multipart). */
        requestBody: {
            content: {
                "application/octet-stream": string;
            };
        };
        responses: {
            /** @description Stored. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UploadResult"];
                };
            };
            400: components["responses"]["InvalidParameter"];
            /** @description `UNAUTHORIZED`: Missing, malformed, expired or foreign access token, or a failed sign-in. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `VAULT_FROZEN` (internal_code 1): The vault is frozen (read-only) and the request writes. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `VAULT_NOT_FOUND` (internal_code 1): No vault for this user on this node. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            /** @description `ALREADY_EXISTS`: The collection, file, vault, backup or index already exists, or a document with the same `_id` or unique-index key. */
            455: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            500: components["responses"]["Internal"];
            503: components["responses"]["Overloaded"];
            /**
             * @description `INSUFFICIENT_STORAGE`: The write would exceed the vault storage quota.
             *
             *     `STORAGE_FULL` (internal_code 1): The node's own storage is full (its disk, not the vault's quota): writes are refused until its operator frees space; reads and deletes still work. Retry later or use another node.
             */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    deleteFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A path inside the vault, URL-encoded per segment; `/` separates folders. Normalised on the server (Unicode NFC, one trailing `/` dropped); refused: `.` and `..` segments, empty segments, NUL, more than 1024 bytes of UTF-8. The empty path is the root folder (listing and properties only). */
                path: components["schemas"]["FilePath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["InvalidParameter"];
            /** @description `UNAUTHORIZED`: Missing, malformed, expired or foreign access token, or a failed sign-in. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `VAULT_FROZEN` (internal_code 1): The vault is frozen (read-only) and the request writes. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description `FILE_NOT_FOUND` (internal_code 6): No file or folder at that path.
             *
             *     `VAULT_NOT_FOUND` (internal_code 1): No vault for this user on this node.
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Overloaded"];
        };
    };
    moveFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A path inside the vault, URL-encoded per segment; `/` separates folders. Normalised on the server (Unicode NFC, one trailing `/` dropped); refused: `.` and `..` segments, empty segments, NUL, more than 1024 bytes of UTF-8. The empty path is the root folder (listing and properties only). */
                path: components["schemas"]["FilePath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MoveRequest"];
            };
        };
        responses: {
            /** @description Moved. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MoveResult"];
                };
            };
            400: components["responses"]["InvalidParameter"];
            /** @description `UNAUTHORIZED`: Missing, malformed, expired or foreign access token, or a failed sign-in. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `VAULT_FROZEN` (internal_code 1): The vault is frozen (read-only) and the request writes. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description `FILE_NOT_FOUND` (internal_code 6): No file or folder at that path.
             *
             *     `VAULT_NOT_FOUND` (internal_code 1): No vault for this user on this node.
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            /** @description `ALREADY_EXISTS`: The collection, file, vault, backup or index already exists, or a document with the same `_id` or unique-index key. */
            455: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            500: components["responses"]["Internal"];
            503: components["responses"]["Overloaded"];
            /** @description `STORAGE_FULL` (internal_code 1): The node's own storage is full (its disk, not the vault's quota): writes are refused until its operator frees space; reads and deletes still work. Retry later or use another node. */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    copyFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A path inside the vault, URL-encoded per segment; `/` separates folders. Normalised on the server (Unicode NFC, one trailing `/` dropped); refused: `.` and `..` segments, empty segments, NUL, more than 1024 bytes of UTF-8. The empty path is the root folder (listing and properties only). */
                path: components["schemas"]["FilePath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MoveRequest"];
            };
        };
        responses: {
            /** @description Copied. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MoveResult"];
                };
            };
            400: components["responses"]["InvalidParameter"];
            /** @description `UNAUTHORIZED`: Missing, malformed, expired or foreign access token, or a failed sign-in. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `VAULT_FROZEN` (internal_code 1): The vault is frozen (read-only) and the request writes. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description `FILE_NOT_FOUND` (internal_code 6): No file or folder at that path.
             *
             *     `VAULT_NOT_FOUND` (internal_code 1): No vault for this user on this node.
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            /** @description `ALREADY_EXISTS`: The collection, file, vault, backup or index already exists, or a document with the same `_id` or unique-index key. */
            455: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            500: components["responses"]["Internal"];
            503: components["responses"]["Overloaded"];
            /**
             * @description `INSUFFICIENT_STORAGE`: The write would exceed the vault storage quota.
             *
             *     `STORAGE_FULL` (internal_code 1): The node's own storage is full (its disk, not the vault's quota): writes are refused until its operator frees space; reads and deletes still work. Retry later or use another node.
             */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    fileHash: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A path inside the vault, URL-encoded per segment; `/` separates folders. Normalised on the server (Unicode NFC, one trailing `/` dropped); refused: `.` and `..` segments, empty segments, NUL, more than 1024 bytes of UTF-8. The empty path is the root folder (listing and properties only). */
                path: components["schemas"]["FilePath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The CID. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FileHash"];
                };
            };
            400: components["responses"]["InvalidParameter"];
            /** @description `UNAUTHORIZED`: Missing, malformed, expired or foreign access token, or a failed sign-in. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description `FILE_NOT_FOUND` (internal_code 6): No file or folder at that path.
             *
             *     `VAULT_NOT_FOUND` (internal_code 1): No vault for this user on this node.
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Overloaded"];
        };
    };
    listScripts: {
        parameters: {
            query?: {
                /** @description Only the script of this name. */
                name?: components["schemas"]["ScriptName"];
                /** @description Items to leave out at the start. An answer cut at the node's answer size cap says where to continue: pass its `next_skip` here. */
                skip?: number;
                /** @description At most this many (up to 1,000); 0 or absent = all. */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The scripts. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScriptList"];
                };
            };
            400: components["responses"]["InvalidParameter"];
            /** @description `UNAUTHORIZED`: Missing, malformed, expired or foreign access token, or a failed sign-in. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `VAULT_NOT_FOUND` (internal_code 1): No vault for this user on this node. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Overloaded"];
        };
    };
    registerScript: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A script name: 1–128 letters, digits, `_`, `.` and `-`, not starting with `.` or `-`; names starting with `__` are reserved. */
                script_name: components["schemas"]["ScriptName"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RegisterScriptRequest"];
            };
        };
        responses: {
            /** @description Registered. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RegisterScriptResult"];
                };
            };
            400: components["responses"]["InvalidParameter"];
            /** @description `UNAUTHORIZED`: Missing, malformed, expired or foreign access token, or a failed sign-in. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `VAULT_FROZEN` (internal_code 1): The vault is frozen (read-only) and the request writes. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `VAULT_NOT_FOUND` (internal_code 1): No vault for this user on this node. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Overloaded"];
            /**
             * @description `INSUFFICIENT_STORAGE`: The write would exceed the vault storage quota.
             *
             *     `STORAGE_FULL` (internal_code 1): The node's own storage is full (its disk, not the vault's quota): writes are refused until its operator frees space; reads and deletes still work. Retry later or use another node.
             */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    unregisterScript: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A script name: 1–128 letters, digits, `_`, `.` and `-`, not starting with `.` or `-`; names starting with `__` are reserved. */
                script_name: components["schemas"]["ScriptName"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["InvalidParameter"];
            /** @description `UNAUTHORIZED`: Missing, malformed, expired or foreign access token, or a failed sign-in. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `VAULT_FROZEN` (internal_code 1): The vault is frozen (read-only) and the request writes. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description `SCRIPT_NOT_FOUND` (internal_code 3): No script of that name.
             *
             *     `VAULT_NOT_FOUND` (internal_code 1): No vault for this user on this node.
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Overloaded"];
        };
    };
    runScript: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A script name: 1–128 letters, digits, `_`, `.` and `-`, not starting with `.` or `-`; names starting with `__` are reserved. */
                script_name: components["schemas"]["ScriptName"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["RunScriptRequest"];
            };
        };
        responses: {
            /** @description The results. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RunScriptResult"];
                };
            };
            /**
             * @description `INVALID_PARAMETER` (internal_code 1): A path, query or body field is missing, malformed or out of range.
             *
             *     `BAD_REQUEST`: The request cannot be served as sent (e.g. a script condition the caller does not meet).
             *
             *     `QUERY_TIMEOUT` (internal_code 50): A database query ran past its time limit and was stopped (MongoDB's MaxTimeMSExpired, error 50): the request's `maxTimeMS`, else the node's default (`CELLA_QUERY_TIMEOUT`). Narrow the filter, use an index, or allow more time.
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `UNAUTHORIZED`: Missing, malformed, expired or foreign access token, or a failed sign-in. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `VAULT_FROZEN` (internal_code 1): The vault is frozen (read-only) and the request writes. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description `VAULT_NOT_FOUND` (internal_code 1): No vault for this user on this node.
             *
             *     `COLLECTION_NOT_FOUND` (internal_code 4): No collection of that name.
             *
             *     `FILE_NOT_FOUND` (internal_code 6): No file or folder at that path.
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Overloaded"];
            /**
             * @description `INSUFFICIENT_STORAGE`: The write would exceed the vault storage quota.
             *
             *     `STORAGE_FULL` (internal_code 1): The node's own storage is full (its disk, not the vault's quota): writes are refused until its operator frees space; reads and deletes still work. Retry later or use another node.
             */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    downloadByTransaction: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Returned by a fileUpload/fileDownload executable: single use, expires (default one hour). */
                transaction_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The content. */
            200: {
                headers: {
                    /** @description The CID of the content. */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            /** @description Partial content for a `Range` request. */
            206: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            /**
             * @description `INVALID_PARAMETER` (internal_code 1): A path, query or body field is missing, malformed or out of range.
             *
             *     `BAD_REQUEST`: The request cannot be served as sent (e.g. a script condition the caller does not meet).
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `UNAUTHORIZED`: Missing, malformed, expired or foreign access token, or a failed sign-in. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `FORBIDDEN`: The caller may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description `VAULT_NOT_FOUND` (internal_code 1): No vault for this user on this node.
             *
             *     `FILE_NOT_FOUND` (internal_code 6): No file or folder at that path.
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            /** @description `RANGE_NOT_SATISFIABLE`: The requested byte range lies outside the file. */
            416: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Overloaded"];
        };
    };
    uploadByTransaction: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Returned by a fileUpload/fileDownload executable: single use, expires (default one hour). */
                transaction_id: string;
            };
            cookie?: never;
        };
        /** @description The file content, raw (not multipart). */
        requestBody: {
            content: {
                "application/octet-stream": string;
            };
        };
        responses: {
            /** @description Stored. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UploadResult"];
                };
            };
            /**
             * @description `INVALID_PARAMETER` (internal_code 1): A path, query or body field is missing, malformed or out of range.
             *
             *     `BAD_REQUEST`: The request cannot be served as sent (e.g. a script condition the caller does not meet).
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `UNAUTHORIZED`: Missing, malformed, expired or foreign access token, or a failed sign-in. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description `FORBIDDEN`: The caller may not do this.
             *
             *     `VAULT_FROZEN` (internal_code 1): The vault is frozen (read-only) and the request writes.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `VAULT_NOT_FOUND` (internal_code 1): No vault for this user on this node. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            /** @description `ALREADY_EXISTS`: The collection, file, vault, backup or index already exists, or a document with the same `_id` or unique-index key. */
            455: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            500: components["responses"]["Internal"];
            503: components["responses"]["Overloaded"];
            /**
             * @description `INSUFFICIENT_STORAGE`: The write would exceed the vault storage quota.
             *
             *     `STORAGE_FULL` (internal_code 1): The node's own storage is full (its disk, not the vault's quota): writes are refused until its operator frees space; reads and deletes still work. Retry later or use another node.
             */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    vaultEvents: {
        parameters: {
            query?: {
                /** @description Resume after this event: the stream replays every later event, then goes on live, nothing lost or repeated. Or the `Last-Event-ID` header (the query wins). Absent: only what happens from now on. Older than the node keeps (`CELLA_EVENTS_RETENTION`, 7 days): 410 with the oldest cursor still held; ahead of the newest event: 400. */
                since?: components["schemas"]["EventCursor"];
                /** @description Only these collections' events (document, collection and index events), comma-separated. */
                collections?: string;
                /** @description Only file events under these path prefixes, comma-separated (`photos/` matches `photos/2026/cat.jpg`). */
                paths?: string;
                /** @description Only these event types or families (the part before the dot: `document`, `file`, …), comma-separated. */
                types?: string;
                /** @description A MongoDB filter the documents of document events must match; needs `collections` naming exactly one collection. A delete is matched on the document as it was. */
                filter?: string;
            };
            header?: {
                /** @description The cursor to resume after, as EventSource sends it when it reconnects (`since` wins when both are given). */
                "last-event-id"?: components["schemas"]["EventCursor"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The stream (`text/event-stream`, kept open): events as they are committed; the schema is that of one `data:` line. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            400: components["responses"]["InvalidParameter"];
            /** @description `UNAUTHORIZED`: Missing, malformed, expired or foreign access token, or a failed sign-in. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `VAULT_NOT_FOUND` (internal_code 1): No vault for this user on this node. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            /** @description `CURSOR_EXPIRED`: The event cursor is older than the events the node keeps: resynchronise (read the data again), then stream from the oldest cursor the answer names or from now. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CursorExpired"];
                };
            };
            414: components["responses"]["UriTooLong"];
            /**
             * @description `TOO_MANY_STREAMS` (internal_code 1): The caller holds as many open event streams as the node allows: close one first.
             *
             *     `RATE_LIMITED`: Too many requests; retry later.
             */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Overloaded"];
        };
    };
    scriptEvents: {
        parameters: {
            query?: {
                /** @description Resume after this event: the stream replays every later event, then goes on live, nothing lost or repeated. Or the `Last-Event-ID` header (the query wins). Absent: only what happens from now on. Older than the node keeps (`CELLA_EVENTS_RETENTION`, 7 days): 410 with the oldest cursor still held; ahead of the newest event: 400. */
                since?: components["schemas"]["EventCursor"];
                /** @description The run's `params` (a JSON object), substituted as in a run. */
                parameters?: string;
                /** @description The script owner's DID (the run's `context.target_did`); default: the caller. */
                target_did?: components["schemas"]["Did"];
                /** @description The application space the script lives in (the run's `context.target_app_did`). */
                target_app_did?: components["schemas"]["Did"];
            };
            header?: {
                /** @description The cursor to resume after, as EventSource sends it when it reconnects (`since` wins when both are given). */
                "last-event-id"?: components["schemas"]["EventCursor"];
            };
            path: {
                /** @description A script name: 1–128 letters, digits, `_`, `.` and `-`, not starting with `.` or `-`; names starting with `__` are reserved. */
                script_name: components["schemas"]["ScriptName"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The stream (`text/event-stream`, kept open) of the matching document events; the schema is that of one `data:` line. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            /**
             * @description `INVALID_PARAMETER` (internal_code 1): A path, query or body field is missing, malformed or out of range.
             *
             *     `BAD_REQUEST`: The request cannot be served as sent (e.g. a script condition the caller does not meet).
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `UNAUTHORIZED`: Missing, malformed, expired or foreign access token, or a failed sign-in. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `VAULT_NOT_FOUND` (internal_code 1): No vault for this user on this node. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            /** @description `CURSOR_EXPIRED`: The event cursor is older than the events the node keeps: resynchronise (read the data again), then stream from the oldest cursor the answer names or from now. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CursorExpired"];
                };
            };
            414: components["responses"]["UriTooLong"];
            /**
             * @description `TOO_MANY_STREAMS` (internal_code 1): The caller holds as many open event streams as the node allows: close one first.
             *
             *     `RATE_LIMITED`: Too many requests; retry later.
             */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Overloaded"];
        };
    };
    paymentConfig: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Plans and payment settings. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentConfig"];
                };
            };
            400: components["responses"]["InvalidParameter"];
            /** @description `UNAUTHORIZED`: Missing, malformed, expired or foreign access token, or a failed sign-in. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Overloaded"];
        };
    };
    placeOrder: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PlaceOrderRequest"];
            };
        };
        responses: {
            /** @description The order with its signed proof. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            400: components["responses"]["InvalidParameter"];
            /** @description `UNAUTHORIZED`: Missing, malformed, expired or foreign access token, or a failed sign-in. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description `PLAN_NOT_FOUND` (internal_code 5): No pricing plan of that name.
             *
             *     `VAULT_NOT_FOUND` (internal_code 1): No vault for this user on this node.
             *
             *     `BACKUP_NOT_FOUND` (internal_code 2): No backup for this user on this node.
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            /** @description `FEATURE_NOT_OFFERED` (internal_code 1): This node does not offer the feature (e.g. it takes no payments): asking again will not help; use a node that does. */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            503: components["responses"]["Overloaded"];
        };
    };
    listOrders: {
        parameters: {
            query?: {
                /** @description Items to leave out at the start. An answer cut at the node's answer size cap says where to continue: pass its `next_skip` here. */
                skip?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The orders. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrderList"];
                };
            };
            400: components["responses"]["InvalidParameter"];
            /** @description `UNAUTHORIZED`: Missing, malformed, expired or foreign access token, or a failed sign-in. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Overloaded"];
        };
    };
    settleOrder: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SettleRequest"];
            };
        };
        responses: {
            /** @description The receipt; the plan is upgraded. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Receipt"];
                };
            };
            /**
             * @description `INVALID_PARAMETER` (internal_code 1): A path, query or body field is missing, malformed or out of range.
             *
             *     `BAD_REQUEST`: The request cannot be served as sent (e.g. a script condition the caller does not meet).
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `UNAUTHORIZED`: Missing, malformed, expired or foreign access token, or a failed sign-in. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description `ORDER_NOT_FOUND` (internal_code 7): No order with that id for this user.
             *
             *     `VAULT_NOT_FOUND` (internal_code 1): No vault for this user on this node.
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            /** @description `ALREADY_EXISTS`: The collection, file, vault, backup or index already exists, or a document with the same `_id` or unique-index key. */
            455: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            500: components["responses"]["Internal"];
            /** @description `FEATURE_NOT_OFFERED` (internal_code 1): This node does not offer the feature (e.g. it takes no payments): asking again will not help; use a node that does. */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description `UNAVAILABLE`: A dependency (chain RPC, IPFS, database) is unreachable.
             *
             *     `OVERLOADED` (internal_code 3000): Too many open connections, from this address or in all; retry later (`Retry-After`).
             */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listReceipts: {
        parameters: {
            query?: {
                /** @description Items to leave out at the start. An answer cut at the node's answer size cap says where to continue: pass its `next_skip` here. */
                skip?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The receipts. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReceiptList"];
                };
            };
            400: components["responses"]["InvalidParameter"];
            /** @description `UNAUTHORIZED`: Missing, malformed, expired or foreign access token, or a failed sign-in. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Overloaded"];
        };
    };
    startBackup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StartBackupRequest"];
            };
        };
        responses: {
            /** @description Started. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BackupState"];
                };
            };
            /**
             * @description `INVALID_PARAMETER` (internal_code 1): A path, query or body field is missing, malformed or out of range.
             *
             *     `BAD_REQUEST`: The request cannot be served as sent (e.g. a script condition the caller does not meet).
             *
             *     `BACKUP_IN_PROGRESS` (internal_code 2): A backup or restore of this vault is running.
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `UNAUTHORIZED`: Missing, malformed, expired or foreign access token, or a failed sign-in. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `VAULT_NOT_FOUND` (internal_code 1): No vault for this user on this node. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            /**
             * @description `UNAVAILABLE`: A dependency (chain RPC, IPFS, database) is unreachable.
             *
             *     `OVERLOADED` (internal_code 3000): Too many open connections, from this address or in all; retry later (`Retry-After`).
             */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    backupState: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The state. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BackupState"];
                };
            };
            400: components["responses"]["InvalidParameter"];
            /** @description `UNAUTHORIZED`: Missing, malformed, expired or foreign access token, or a failed sign-in. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Overloaded"];
        };
    };
    restoreBackup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RestoreRequest"];
            };
        };
        responses: {
            /** @description Started. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BackupState"];
                };
            };
            /**
             * @description `INVALID_PARAMETER` (internal_code 1): A path, query or body field is missing, malformed or out of range.
             *
             *     `BACKUP_IN_PROGRESS` (internal_code 2): A backup or restore of this vault is running.
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `UNAUTHORIZED`: Missing, malformed, expired or foreign access token, or a failed sign-in. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `BACKUP_NOT_FOUND` (internal_code 2): No backup for this user on this node. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            /**
             * @description `UNAVAILABLE`: A dependency (chain RPC, IPFS, database) is unreachable.
             *
             *     `OVERLOADED` (internal_code 3000): Too many open connections, from this address or in all; retry later (`Retry-After`).
             */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    promoteBackup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new vault. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VaultInfo"];
                };
            };
            /**
             * @description `BACKUP_IN_PROGRESS` (internal_code 2): A backup or restore of this vault is running.
             *
             *     `INVALID_PARAMETER` (internal_code 1): A path, query or body field is missing, malformed or out of range.
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `UNAUTHORIZED`: Missing, malformed, expired or foreign access token, or a failed sign-in. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `BACKUP_NOT_FOUND` (internal_code 2): No backup for this user on this node. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            /** @description `ALREADY_EXISTS`: The collection, file, vault, backup or index already exists, or a document with the same `_id` or unique-index key. */
            455: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            500: components["responses"]["Internal"];
            503: components["responses"]["Overloaded"];
            /**
             * @description `INSUFFICIENT_STORAGE`: The write would exceed the vault storage quota.
             *
             *     `STORAGE_FULL` (internal_code 1): The node's own storage is full (its disk, not the vault's quota): writes are refused until its operator frees space; reads and deletes still work. Retry later or use another node.
             */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    exportVault: {
        parameters: {
            query?: {
                /** @description An incremental export: only the pages and file contents the vault did not hold at that point (the manifest is whole, and names its base). Either an earlier export of this vault by this node (its id, `X-Cella-Export-Root`), or an event cursor (the manifest's `seq`, or an `id:` of the change feed): the export starts from the newest export this node made of the vault at or before that cursor. A malformed cursor or one ahead of the newest event: 400. A cursor older than the events the node keeps, or no export the node still knows at or before it: 410. */
                since?: components["schemas"]["EventCursor"] | components["schemas"]["ExportId"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The export, streamed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.ipld.car": string;
                };
            };
            400: components["responses"]["InvalidParameter"];
            /** @description `UNAUTHORIZED`: Missing, malformed, expired or foreign access token, or a failed sign-in. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `VAULT_NOT_FOUND` (internal_code 1): No vault for this user on this node. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            /** @description `CURSOR_EXPIRED`: The event cursor is older than the events the node keeps: resynchronise (read the data again), then stream from the oldest cursor the answer names or from now. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CursorExpired"];
                };
            };
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            /**
             * @description `UNAVAILABLE`: A dependency (chain RPC, IPFS, database) is unreachable.
             *
             *     `OVERLOADED` (internal_code 3000): Too many open connections, from this address or in all; retry later (`Retry-After`).
             */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    vaultImportState: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The vault's import state. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VaultImportState"];
                };
            };
            400: components["responses"]["InvalidParameter"];
            /** @description `UNAUTHORIZED`: Missing, malformed, expired or foreign access token, or a failed sign-in. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `VAULT_NOT_FOUND` (internal_code 1): No vault for this user on this node. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Overloaded"];
        };
    };
    importVault: {
        parameters: {
            query?: {
                /** @description `empty` (the default): the vault must hold no collection, document or file, else 409. `replace`: the vault's whole content is replaced by the export's, all at once. `update` (a move's next step, docs/portability.md "Move"): the vault must be empty or as its last import left it (not written since, else 409 `VAULT_CHANGED`); the body is then an incremental export whose base is the export the vault last imported, or a full export made by the same node as that one; the content is replaced by the export's as with `replace`. */
                mode?: "empty" | "replace" | "update";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description A CARv1 vault export (docs/portability.md), streamed. */
        requestBody: {
            content: {
                "application/vnd.ipld.car": string;
                "application/octet-stream": string;
            };
        };
        responses: {
            /** @description Imported. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VaultImportResult"];
                };
            };
            /**
             * @description `BAD_REQUEST`: The request cannot be served as sent (e.g. a script condition the caller does not meet).
             *
             *     `INVALID_PARAMETER` (internal_code 1): A path, query or body field is missing, malformed or out of range.
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `UNAUTHORIZED`: Missing, malformed, expired or foreign access token, or a failed sign-in. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description `FORBIDDEN`: The caller may not do this.
             *
             *     `VAULT_FROZEN` (internal_code 1): The vault is frozen (read-only) and the request writes.
             *
             *     `VAULT_MOVED` (internal_code 2): The vault moved to another node and the request writes: the message and the body's `moved_to` name the node it lives on now. Reads still answer, and the owner may delete it.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `VAULT_NOT_FOUND` (internal_code 1): No vault for this user on this node. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            /**
             * @description `VAULT_NOT_EMPTY` (internal_code 1): The vault already holds collections, documents or files: an import into it must say `?mode=replace` to replace them.
             *
             *     `VAULT_CHANGED`: The vault is not in the state the request builds on. Marking it moved: it changed after the export the request names (the other node does not hold that change): export again (incrementally, `since` that export), import it, then retry. Importing with `mode=update`: the vault was written since its last import, or the export does not follow that import (an incremental export of another base, a full export of another node).
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            /**
             * @description `UNAVAILABLE`: A dependency (chain RPC, IPFS, database) is unreachable.
             *
             *     `OVERLOADED` (internal_code 3000): Too many open connections, from this address or in all; retry later (`Retry-After`).
             */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description `INSUFFICIENT_STORAGE`: The write would exceed the vault storage quota.
             *
             *     `STORAGE_FULL` (internal_code 1): The node's own storage is full (its disk, not the vault's quota): writes are refused until its operator frees space; reads and deletes still work. Retry later or use another node.
             */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    markVaultMoved: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MarkVaultMoved"];
            };
        };
        responses: {
            /** @description The vault, moved. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VaultMoved"];
                };
            };
            400: components["responses"]["InvalidParameter"];
            /** @description `UNAUTHORIZED`: Missing, malformed, expired or foreign access token, or a failed sign-in. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `VAULT_NOT_FOUND` (internal_code 1): No vault for this user on this node. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            /** @description `VAULT_CHANGED`: The vault is not in the state the request builds on. Marking it moved: it changed after the export the request names (the other node does not hold that change): export again (incrementally, `since` that export), import it, then retry. Importing with `mode=update`: the vault was written since its last import, or the export does not follow that import (an incremental export of another base, a full export of another node). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `CURSOR_EXPIRED`: The event cursor is older than the events the node keeps: resynchronise (read the data again), then stream from the oldest cursor the answer names or from now. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CursorExpired"];
                };
            };
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Overloaded"];
        };
    };
    backupAuth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BackupAuthRequest"];
            };
        };
        responses: {
            /** @description The BackupToken and its expiry. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BackupToken"];
                };
            };
            400: components["responses"]["InvalidParameter"];
            /** @description `UNAUTHORIZED`: Missing, malformed, expired or foreign access token, or a failed sign-in. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `FORBIDDEN`: The caller may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            /**
             * @description `UNAVAILABLE`: A dependency (chain RPC, IPFS, database) is unreachable.
             *
             *     `OVERLOADED` (internal_code 3000): Too many open connections, from this address or in all; retry later (`Retry-After`).
             */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    backupNodeState: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The state. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BackupNodeState"];
                };
            };
            400: components["responses"]["InvalidParameter"];
            /** @description `UNAUTHORIZED`: Missing, malformed, expired or foreign access token, or a failed sign-in. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `FORBIDDEN`: The caller may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Overloaded"];
        };
    };
    backupNodeBegin: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BeginBackupRequest"];
            };
        };
        responses: {
            /** @description The attempt. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BeginBackupResponse"];
                };
            };
            /**
             * @description `BACKUP_IN_PROGRESS` (internal_code 2): A backup or restore of this vault is running.
             *
             *     `INVALID_PARAMETER` (internal_code 1): A path, query or body field is missing, malformed or out of range.
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `UNAUTHORIZED`: Missing, malformed, expired or foreign access token, or a failed sign-in. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `FORBIDDEN`: The caller may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Overloaded"];
            /**
             * @description `INSUFFICIENT_STORAGE`: The write would exceed the vault storage quota.
             *
             *     `STORAGE_FULL` (internal_code 1): The node's own storage is full (its disk, not the vault's quota): writes are refused until its operator frees space; reads and deletes still work. Retry later or use another node.
             */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    backupNodeHoldRoots: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["HoldRootsRequest"];
            };
        };
        responses: {
            /** @description The CIDs still to send. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MissingCids"];
                };
            };
            400: components["responses"]["InvalidParameter"];
            /** @description `UNAUTHORIZED`: Missing, malformed, expired or foreign access token, or a failed sign-in. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `FORBIDDEN`: The caller may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `BACKUP_NOT_FOUND` (internal_code 2): No backup for this user on this node. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Overloaded"];
        };
    };
    backupNodeMissingBlocks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CidList"];
            };
        };
        responses: {
            /** @description The missing blocks. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MissingCids"];
                };
            };
            400: components["responses"]["InvalidParameter"];
            /** @description `UNAUTHORIZED`: Missing, malformed, expired or foreign access token, or a failed sign-in. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `FORBIDDEN`: The caller may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Overloaded"];
        };
    };
    backupNodePutBlocks: {
        parameters: {
            query: {
                /** @description The attempt `begin` opened. */
                attempt_id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description A CARv1 stream of blocks. */
        requestBody: {
            content: {
                "application/vnd.ipld.car": string;
                "application/octet-stream": string;
            };
        };
        responses: {
            /** @description Blocks stored. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PutBlocksResponse"];
                };
            };
            400: components["responses"]["InvalidParameter"];
            /** @description `UNAUTHORIZED`: Missing, malformed, expired or foreign access token, or a failed sign-in. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `FORBIDDEN`: The caller may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `BACKUP_NOT_FOUND` (internal_code 2): No backup for this user on this node. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Overloaded"];
            /**
             * @description `INSUFFICIENT_STORAGE`: The write would exceed the vault storage quota.
             *
             *     `STORAGE_FULL` (internal_code 1): The node's own storage is full (its disk, not the vault's quota): writes are refused until its operator frees space; reads and deletes still work. Retry later or use another node.
             */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    backupNodeCommit: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CommitBackupRequest"];
            };
        };
        responses: {
            /** @description The new backup. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BackupSummary"];
                };
            };
            /**
             * @description `BAD_REQUEST`: The request cannot be served as sent (e.g. a script condition the caller does not meet).
             *
             *     `INVALID_PARAMETER` (internal_code 1): A path, query or body field is missing, malformed or out of range.
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `UNAUTHORIZED`: Missing, malformed, expired or foreign access token, or a failed sign-in. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `FORBIDDEN`: The caller may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `BACKUP_NOT_FOUND` (internal_code 2): No backup for this user on this node. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Overloaded"];
            /**
             * @description `INSUFFICIENT_STORAGE`: The write would exceed the vault storage quota.
             *
             *     `STORAGE_FULL` (internal_code 1): The node's own storage is full (its disk, not the vault's quota): writes are refused until its operator frees space; reads and deletes still work. Retry later or use another node.
             */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    backupNodeAbort: {
        parameters: {
            query: {
                /** @description The attempt `begin` opened. */
                attempt_id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Abandoned (or there was nothing to abandon). */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["InvalidParameter"];
            /** @description `UNAUTHORIZED`: Missing, malformed, expired or foreign access token, or a failed sign-in. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `FORBIDDEN`: The caller may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Overloaded"];
        };
    };
    backupNodeManifest: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The manifest. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BackupManifestResponse"];
                };
            };
            400: components["responses"]["InvalidParameter"];
            /** @description `UNAUTHORIZED`: Missing, malformed, expired or foreign access token, or a failed sign-in. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `FORBIDDEN`: The caller may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `BACKUP_NOT_FOUND` (internal_code 2): No backup for this user on this node. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Overloaded"];
        };
    };
    backupNodeExportBlocks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ExportBlocksRequest"];
            };
        };
        responses: {
            /** @description A CARv1 stream. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.ipld.car": string;
                };
            };
            400: components["responses"]["InvalidParameter"];
            /** @description `UNAUTHORIZED`: Missing, malformed, expired or foreign access token, or a failed sign-in. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `FORBIDDEN`: The caller may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description `BACKUP_NOT_FOUND` (internal_code 2): No backup for this user on this node.
             *
             *     `NOT_FOUND`: The resource does not exist.
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Overloaded"];
        };
    };
}
