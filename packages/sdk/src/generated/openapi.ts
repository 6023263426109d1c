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
        /** Version of the node software */
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
        /** Identity, role and engines of the node */
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
        /** Liveness probe */
        get: operations["health"];
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
        /** This OpenAPI document */
        get: operations["openApiDocument"];
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
        /** The API reference page (self-contained HTML) */
        get: operations["apiReference"];
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
         * @description The document must be genuine (valid proof, not expired). The challenge expires after 3 minutes; its nonce can be used once.
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
        /** Finish sign-in: send the signed presentation, get an access token */
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
        /** The caller's vault: plan, quota, usage, dates */
        get: operations["vaultInfo"];
        /** Create the caller's vault with the free plan (or return the existing one) */
        put: operations["subscribeVault"];
        /**
         * Freeze (`op=deactivation`) or unfreeze (`op=activation`) the caller's vault
         * @description A frozen vault keeps its data and answers reads; every write is refused with 403 (internal_code 1) until it is activated again.
         */
        post: operations["setVaultState"];
        /**
         * Unsubscribe the caller's vault: switch it off (data kept) or, with `force=true`, delete it
         * @description Without `force` the vault keeps its data and every vault call answers 404 (internal_code 1) until `PUT /api/v2/subscription/vault` restores it. With `force=true` its documents, scripts and files are deleted and the vault record removed (a later call creates a new, empty vault with the free plan); payment orders and receipts are kept. Refused with 400 (internal_code 2) while a backup or restore of the vault runs.
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
        /** List the caller's collections */
        get: operations["listCollections"];
        put?: never;
        /** Create a collection */
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
        /** Delete a collection and its documents */
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
        /** Find documents */
        get: operations["findDocuments"];
        /** Update one or more documents (optionally upsert) */
        put: operations["updateDocuments"];
        /**
         * Insert one or more documents
         * @description All or nothing: a duplicate `_id` or a quota overrun stores none of the documents.
         */
        post: operations["insertDocuments"];
        /**
         * Delete one or more documents
         * @description The filter travels in the JSON body `{"filter": {…}}` or, for clients that cannot send a DELETE body, in the `filter` query parameter.
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
        /** Count documents */
        post: operations["countDocuments"];
        delete?: never;
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
         * @description Downloads honour `Range` (206 partial content) and carry `ETag` = the CID. With `list=true` the answer is a JSON listing of the folder (direct children including sub-folders; `recursive=true` for the whole tree); the root folder is the empty path `/api/v2/vault/files/`.
         */
        get: operations["downloadFile"];
        /**
         * Upload a file (overwrites)
         * @description The body is streamed; the file appears only once complete. Send `Content-Length` so the quota can be checked before the first byte.
         */
        put: operations["uploadFile"];
        post?: never;
        /** Delete a file or a folder with everything in it */
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
        /** Move or rename a file or folder */
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
        /** Copy a file or folder (the content is shared, not duplicated; it counts against the quota again) */
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
         * @description When `{path}` is a folder, `{path}/hash` is read as the path of a file named `hash` inside it, and the answer is that file's content (as a download). A file and a folder cannot share a name, so only one reading can exist.
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
        /** List the caller's scripts */
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
        /** Register (or replace) a script */
        post: operations["registerScript"];
        /** Remove a script */
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
         * @description Works without a token only for scripts registered with `allowAnonymousUser` and `allowAnonymousApp` (then `context.target_did` is required); a token that is sent must be valid (401). A script missing in the target vault and an unmet condition are 400 (as the reference).
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
         * @description Single use (a range request uses it too); expires (default one hour); bound to its caller unless the script allows anonymous callers.
         */
        get: operations["downloadByTransaction"];
        /**
         * Upload the content of a fileUpload transaction
         * @description Single use; expires (default one hour). Only the caller who ran the script may use it, unless the script allows anonymous callers. The file goes to the path the script fixed in the owner's vault.
         */
        put: operations["uploadByTransaction"];
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
        /** The node's plans and where to pay (payment_config) */
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
        /** Place an order for a plan upgrade */
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
        /** List the caller's orders */
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
        /** Settle an order by verifying its on-chain payment */
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
        /** List the caller's payment receipts */
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
         * @description Returns at once; watch progress with the state endpoint.
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
        /** State and progress of the latest backup or restore */
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
        /** Restore the vault from its latest complete backup */
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
        /** On the backup node: turn the caller's backup into a live vault here */
        post: operations["promoteBackup"];
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
        /** The user's backup on this node: the last good one, an unfinished attempt, the backup plan */
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
        /** Keep the given contents (file DAGs, chunks) for the attempt; answers those not stored completely here */
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
        /** Which of these blocks this node does not store */
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
        /** Send blocks as a CAR stream (`Content-Encoding: gzip` allowed); every block is verified against its CID */
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
        /** Abandon the unfinished attempt and release what it held */
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
        /** The manifest of the user's last good backup (restore) */
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
        /** Blocks of the user's last good backup as a CAR stream (restore) */
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
        SigninRequest: {
            /** @description The signing-in DID document. */
            document?: components["schemas"]["DidDocument"];
            /**
             * @deprecated
             * @description Reference Hive Node name of `document`; accepted for compatibility.
             */
            id?: components["schemas"]["DidDocument"];
        };
        /** @description A DID document in the Elastos DID format (normalized or compact), or a did:key document. */
        DidDocument: {
            [key: string]: unknown;
        };
        AuthRequest: {
            /** @description The presentation object, or (reference compatibility) a JWT signed by the holder whose `presentation` claim is that object. */
            challenge_response: components["schemas"]["VerifiablePresentation"] | string;
        };
        /** @description An Elastos Verifiable Presentation whose proof has realm = node DID and nonce = the challenge nonce. */
        VerifiablePresentation: {
            [key: string]: unknown;
        };
        CreateCollectionRequest: {
            name: components["schemas"]["CollectionName"];
        };
        /**
         * @description A collection name. Names of internal collections are refused.
         * @example notes
         */
        CollectionName: string;
        InsertRequest: {
            /** @description One document or a list of up to 10,000. */
            document: components["schemas"]["Document"] | components["schemas"]["Document"][];
            options?: {
                /** @description Add integer `created` and `modified` (epoch seconds). Default true. */
                timestamp?: boolean;
                /** @description Accepted for compatibility; inserts are always all-or-nothing. */
                ordered?: boolean;
                /** @description Accepted for compatibility; ignored. */
                bypass_document_validation?: boolean;
            };
        };
        /** @description A JSON object. ObjectId and Date values use MongoDB Extended JSON: `{"$oid": "…"}`, `{"$date": "…"}`. */
        Document: {
            [key: string]: unknown;
        };
        UpdateRequest: {
            filter: components["schemas"]["Filter"];
            /** @description Update operators (`$set`, `$inc`, …). */
            update: {
                [key: string]: unknown;
            };
            options?: {
                upsert?: boolean;
                /** @description Set integer `modified` (and `created` on upsert). Default true. */
                timestamp?: boolean;
                bypass_document_validation?: boolean;
            };
        };
        /** @description A MongoDB query filter. Operators that run code or reach other databases are refused. */
        Filter: {
            [key: string]: unknown;
        };
        DeleteRequest: {
            filter: components["schemas"]["Filter"];
        };
        CountRequest: {
            filter: components["schemas"]["Filter"];
            options?: {
                skip?: number;
                limit?: number;
            };
        };
        /**
         * @description A path inside the vault, URL-encoded per segment; `/` separates folders. Normalised on the server (Unicode NFC, one trailing `/` dropped); refused: `.` and `..` segments, empty segments, NUL, more than 1024 bytes of UTF-8. The empty path is the root folder (listing and properties only).
         * @example photos/2026/cat.jpg
         */
        FilePath: string;
        MoveRequest: {
            /** @description Destination path. It must not exist. */
            to: components["schemas"]["FilePath"];
        };
        /** @example get_messages */
        ScriptName: string;
        RegisterScriptRequest: {
            condition?: components["schemas"]["Condition"];
            executable: components["schemas"]["Executable"];
            allowAnonymousUser?: boolean;
            allowAnonymousApp?: boolean;
        };
        /** @description Access condition: `queryHasResults` on the owner's collection, or `and` / `or` of conditions. Conditions nest at most 5 levels. */
        Condition: {
            /** @enum {string} */
            type: "queryHasResults" | "and" | "or";
            name?: string;
            /** @description queryHasResults: the owner's collection to query. */
            collection?: string;
            filter?: components["schemas"]["Filter"];
            options?: {
                [key: string]: unknown;
            };
            /** @description Reference Hive Node form: the fields above nested in `body` (a list for and/or). */
            body?: unknown;
            /** @description and/or: the operands. */
            conditions?: {
                /** @enum {string} */
                type: "queryHasResults" | "and" | "or";
                name?: string;
                /** @description queryHasResults: the owner's collection to query. */
                collection?: string;
                filter?: components["schemas"]["Filter"];
                options?: {
                    [key: string]: unknown;
                };
                /** @description Reference Hive Node form: the fields above nested in `body` (a list for and/or). */
                body?: unknown;
                /** @description and/or: the operands. */
                conditions?: {
                    /** @enum {string} */
                    type: "queryHasResults" | "and" | "or";
                    name?: string;
                    /** @description queryHasResults: the owner's collection to query. */
                    collection?: string;
                    filter?: components["schemas"]["Filter"];
                    options?: {
                        [key: string]: unknown;
                    };
                    /** @description Reference Hive Node form: the fields above nested in `body` (a list for and/or). */
                    body?: unknown;
                    /** @description and/or: the operands. */
                    conditions?: {
                        /** @enum {string} */
                        type: "queryHasResults" | "and" | "or";
                        name?: string;
                        /** @description queryHasResults: the owner's collection to query. */
                        collection?: string;
                        filter?: components["schemas"]["Filter"];
                        options?: {
                            [key: string]: unknown;
                        };
                        /** @description Reference Hive Node form: the fields above nested in `body` (a list for and/or). */
                        body?: unknown;
                        /** @description and/or: the operands. */
                        conditions?: {
                            /** @enum {string} */
                            type: "queryHasResults" | "and" | "or";
                            name?: string;
                            /** @description queryHasResults: the owner's collection to query. */
                            collection?: string;
                            filter?: components["schemas"]["Filter"];
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
        Executable: {
            /** @enum {string} */
            type: "find" | "count" | "insert" | "update" | "delete" | "fileUpload" | "fileDownload" | "fileProperties" | "fileHash" | "aggregated";
            /** @description Key of this executable's result in the run response. Default: the script name (inside `aggregated`: the executable's type). */
            name?: string;
            /** @description Include the result in the run response. Default true. */
            output?: boolean;
            collection?: string;
            filter?: components["schemas"]["Filter"];
            document?: components["schemas"]["Document"];
            update?: {
                [key: string]: unknown;
            };
            options?: {
                [key: string]: unknown;
            };
            /** @description File executables: the path; `$params.<name>` and `$caller_did` are substituted inside it. */
            path?: string;
            /** @description Reference Hive Node form: the fields above nested in `body` (a list for aggregated). */
            body?: unknown;
            /** @description aggregated: the executables to run in order. */
            executables?: components["schemas"]["ExecutableStep"][];
        };
        /** @description One executable of an `aggregated` one (not itself aggregated). */
        ExecutableStep: {
            /** @enum {string} */
            type: "find" | "count" | "insert" | "update" | "delete" | "fileUpload" | "fileDownload" | "fileProperties" | "fileHash" | "aggregated";
            /** @description Key of this executable's result in the run response. Default: the script name (inside `aggregated`: the executable's type). */
            name?: string;
            /** @description Include the result in the run response. Default true. */
            output?: boolean;
            collection?: string;
            filter?: components["schemas"]["Filter"];
            document?: components["schemas"]["Document"];
            update?: {
                [key: string]: unknown;
            };
            options?: {
                [key: string]: unknown;
            };
            /** @description File executables: the path; `$params.<name>` and `$caller_did` are substituted inside it. */
            path?: string;
            /** @description Reference Hive Node form: the fields above nested in `body` (a list for aggregated). */
            body?: unknown;
        };
        RunScriptRequest: {
            context?: {
                /** @description Owner of the vault the script lives in. Default: the caller. */
                target_did: components["schemas"]["Did"];
                target_app_did?: string;
            };
            params?: {
                [key: string]: unknown;
            };
        };
        /**
         * @description A decentralized identifier, e.g. `did:elastos:i…` or `did:key:zDn…`.
         * @example did:elastos:iXyZ…
         */
        Did: string;
        PlaceOrderRequest: {
            /**
             * @default vault
             * @enum {string}
             */
            subscription: "vault" | "backup";
            pricing_name: string;
        };
        SettleRequest: {
            /** @description The order id assigned by the payment contract. */
            order_id: number;
        };
        StartBackupRequest: {
            credential: components["schemas"]["BackupCredential"];
        };
        /** @description A `HiveBackupCredential` VC issued by the user to this node, naming the backup node (`targetHiveNodeDID`, `targetNodeURL`), as an object or a JSON string. */
        BackupCredential: {
            [key: string]: unknown;
        } | string;
        RestoreRequest: {
            credential: components["schemas"]["BackupCredential"];
        };
        BackupAuthRequest: {
            /** @description A presentation by the primary node (holder) with realm = this node's DID and the challenge nonce, holding the user's `HiveBackupCredential` about the primary; or a JWT whose `presentation` claim is that object. */
            challenge_response: components["schemas"]["VerifiablePresentation"] | string;
            /** @description The user's DID document, for a did:elastos user this node cannot resolve (no identity chain); self-certifying documents only. */
            issuer_document?: components["schemas"]["DidDocument"];
        };
        BeginBackupRequest: {
            /** @description Expected size of the backup (content bytes). */
            bytes: number;
        };
        HoldRootsRequest: {
            attempt_id: string;
            cids: components["schemas"]["Cid"][];
        };
        /** @description A CIDv1, base32 (`bafy…` dag-pb, `bafk…` raw). */
        Cid: string;
        CidList: {
            cids: components["schemas"]["Cid"][];
        };
        CommitBackupRequest: {
            attempt_id: string;
            manifest: components["schemas"]["BackupManifest"];
            manifest_hash: string;
        };
        /** @description What one backup holds: every collection of the vault database as content-addressed chunks (raw blocks of BSON documents, ≤ 1 MiB), and the file contents by CID. */
        BackupManifest: {
            /** @constant */
            version: 1;
            user_did: components["schemas"]["Did"];
            source_did: components["schemas"]["Did"];
            /** @description Seconds since the Unix epoch. */
            created: number;
            collections: {
                name: string;
                documents: number;
                bytes: number;
                chunks: components["schemas"]["BackupChunk"][];
            }[];
            files: {
                /** @description Distinct file contents (CIDs). */
                count: number;
                /** @description Sum of their sizes. */
                bytes: number;
                /** @description Chunks listing `{c: cid, s: size}`, one per distinct CID. */
                chunks: components["schemas"]["BackupChunk"][];
            };
        };
        BackupChunk: {
            cid: components["schemas"]["Cid"];
            /** @description Entries in the chunk. */
            documents: number;
            /** @description Size of the chunk (BSON bytes). */
            bytes: number;
        };
        ExportBlocksRequest: {
            /** @description Whole DAGs (file contents). */
            roots?: components["schemas"]["Cid"][];
            /** @description Single blocks (database chunks). */
            cids?: components["schemas"]["Cid"][];
        };
        NodeVersion: {
            major: number;
            minor: number;
            patch: number;
            version: string;
        };
        /** @description The body of every error response. */
        Error: {
            error: {
                /** @description Human-readable reason, safe to show to a user. */
                message: string;
                /** @description Refines the HTTP status (see the error table). */
                internal_code?: number;
            };
        };
        NodeInfo: {
            service_did: components["schemas"]["Did"];
            name: string;
            version: string;
            /** @enum {string} */
            role: "vault" | "backup";
            /** @enum {string} */
            document_engine: "sqlite" | "mongodb";
            /** @enum {string} */
            block_engine: "helia" | "kubo";
        };
        Health: {
            /** @constant */
            status: "ok";
            uptime_seconds: number;
        };
        Challenge: {
            /** @description Challenge JWT (ES256, issued by the node): iss node DID, sub `DIDAuthChallenge`, aud user DID, nonce, exp. */
            challenge: string;
        };
        AccessToken: {
            /** @description Access token JWT; send it as `Authorization: Bearer <token>`. */
            token: string;
            /** @description Expiry of the token, seconds since the Unix epoch. */
            exp: number;
        };
        VaultInfo: {
            service_did: components["schemas"]["Did"];
            pricing_plan: string;
            /** @description Bytes. */
            storage_quota: number;
            /** @description Bytes: document bytes + logical file bytes. */
            storage_used: number;
            database_used: number;
            files_used: number;
            /** @description Seconds since the Unix epoch. */
            start_time: number;
            /** @description -1 = no end. */
            end_time: number;
            /** @description Seconds since the Unix epoch. */
            created: number;
            /** @description Seconds since the Unix epoch. */
            updated: number;
            /**
             * @description `read_only` = over quota; writes are refused until usage drops.
             * @enum {string}
             */
            state: "running" | "frozen" | "read_only";
        };
        CollectionList: {
            collections: components["schemas"]["Collection"][];
            /** @description Present only when the answer was cut at the node's answer size cap (16 MiB by default): repeat the request with `skip` set to this value for the rest. At least one item is always answered. */
            next_skip?: number;
        };
        Collection: {
            name: components["schemas"]["CollectionName"];
        };
        InsertResult: {
            acknowledged: boolean;
            inserted_ids: string[];
        };
        UpdateResult: {
            acknowledged: boolean;
            matched_count: number;
            modified_count: number;
            upserted_id: string | null;
        };
        FindResult: {
            items: components["schemas"]["Document"][];
            /** @description Present only when the answer was cut at the node's answer size cap (16 MiB by default): repeat the request with `skip` set to this value for the rest. At least one item is always answered. */
            next_skip?: number;
        };
        CountResult: {
            count: number;
        };
        UploadResult: {
            name: string;
            cid: string;
            size: number;
        };
        FileList: {
            value: components["schemas"]["FileInfo"][];
            /** @description Present only when the answer was cut at the node's answer size cap (16 MiB by default): repeat the request with `skip` set to this value for the rest. At least one item is always answered. */
            next_skip?: number;
        };
        FileInfo: {
            /** @description Full path inside the vault. */
            name: string;
            is_file: boolean;
            /** @description Bytes; 0 for folders. */
            size: number;
            /** @description Content identifier (CIDv1) of a file. */
            cid?: string;
            /** @description Seconds since the Unix epoch. */
            created?: number;
            /** @description Seconds since the Unix epoch. */
            updated?: number;
        };
        FileHash: {
            name: string;
            /** @description The CID of the content. */
            cid: string;
        };
        MoveResult: {
            /** @description The destination path. */
            name: string;
        };
        ScriptList: {
            scripts: components["schemas"]["Script"][];
            /** @description Present only when the answer was cut at the node's answer size cap (16 MiB by default): repeat the request with `skip` set to this value for the rest. At least one item is always answered. */
            next_skip?: number;
        };
        Script: {
            condition?: components["schemas"]["ConditionOutput"];
            executable: components["schemas"]["ExecutableOutput"];
            allowAnonymousUser?: boolean;
            allowAnonymousApp?: boolean;
            name: components["schemas"]["ScriptName"];
        };
        RegisterScriptResult: {
            acknowledged: boolean;
            matched_count: number;
            modified_count: number;
            upserted_id: string | null;
        };
        /** @description One entry per executable with output, keyed by its name. */
        RunScriptResult: {
            [key: string]: unknown;
        };
        PaymentConfig: {
            version: string;
            pricingPlans: components["schemas"]["PricingPlan"][];
            backupPlans: components["schemas"]["PricingPlan"][];
            /** @description Where and how to pay. */
            payment: {
                /** @description EVM address that must receive payments. */
                receivingAddress: string | null;
                contractAddress: string | null;
                chainId: number | null;
                confirmations: number;
            };
        };
        PricingPlan: {
            name: string;
            /** @description Storage quota in MiB. */
            maxStorage: number;
            /** @description Days of service; -1 = no end. */
            serviceDays: number;
            /** @description Price in `currency`; 0 = free. */
            amount: number;
            currency: string;
        };
        Order: {
            interim_orderid: string;
            /** @enum {string} */
            subscription: "vault" | "backup";
            pricing_plan: string;
            paying_did: components["schemas"]["Did"];
            /** @description Price in the plan's currency (ELA on ESC). */
            payment_amount: number;
            /** @description The same price in wei (10^-18), as a decimal string: the exact `value` to send with `payOrder`. */
            payment_amount_wei: string;
            /** @description Seconds since the Unix epoch. */
            create_time: number;
            /** @description Seconds since the Unix epoch. */
            expiration_time: number;
            receiving_address: string;
            /** @enum {string} */
            state: "normal" | "paid" | "expired" | "archive";
            /** @description Order proof JWT signed by the node; pass it as the memo of `payOrder`. */
            proof: string;
            /** @description The contract order id once settled. */
            order_id?: number | null;
        };
        OrderList: {
            orders: components["schemas"]["Order"][];
            /** @description Present only when the answer was cut at the node's answer size cap (16 MiB by default): repeat the request with `skip` set to this value for the rest. At least one item is always answered. */
            next_skip?: number;
        };
        Receipt: {
            receipt_id: string;
            /** @description The contract order id. */
            order_id: number;
            interim_orderid: string;
            /** @enum {string} */
            subscription: "vault" | "backup";
            pricing_plan: string;
            payment_amount: number;
            paid_did: components["schemas"]["Did"];
            /** @description Seconds since the Unix epoch. */
            create_time: number;
            receiving_address: string;
            /** @description Receipt JWT signed by the node. */
            receipt_proof: string;
        };
        ReceiptList: {
            receipts: components["schemas"]["Receipt"][];
            /** @description Present only when the answer was cut at the node's answer size cap (16 MiB by default): repeat the request with `skip` set to this value for the rest. At least one item is always answered. */
            next_skip?: number;
        };
        BackupState: {
            /**
             * @description The kind of the latest job; `idle` when none ever ran.
             * @enum {string}
             */
            state: "idle" | "backup" | "restore";
            /** @enum {string} */
            result: "running" | "success" | "failed";
            message: string;
            progress: {
                /** @description Content bytes moved so far in this run. */
                bytes_done: number;
                /** @description Content bytes this run must move: only what the other side lacks (an incremental backup moves little). */
                bytes_total: number;
                items_done: number;
                /** @description Files and database chunks this run must move. */
                items_total: number;
                /** @description Size of the whole vault content the job covers (files + documents). */
                vault_bytes: number;
                /** @description Bytes that actually travelled between the nodes (compressed, with protocol framing). */
                network_bytes: number;
            };
            started_at: number | null;
            finished_at: number | null;
            last_success_at: number | null;
        };
        BackupToken: {
            /** @description BackupToken JWT (sub `BackupToken`, aud = the primary node, bound to the user); send it as `Authorization: Bearer <token>` on the internal API. */
            token: string;
            /** @description Seconds since the Unix epoch. */
            exp: number;
            /** @description The backup node's own DID document: the primary checks it is genuine, is the `targetHiveNodeDID` of the credential, and signed the token. */
            document: components["schemas"]["DidDocument"];
        };
        BackupNodeState: {
            /** @description The last complete, verified backup. */
            current: components["schemas"]["BackupSummary"] | null;
            pending: {
                attempt_id: string;
                source_did: components["schemas"]["Did"];
                /** @description Seconds since the Unix epoch. */
                started_at: number;
                /** @description Seconds since the Unix epoch. */
                updated_at: number;
                bytes_received: number;
            } | null;
            plan: {
                name: string;
                quota: number;
                used: number;
            };
        };
        BackupSummary: {
            id: string;
            source_did: components["schemas"]["Did"];
            /** @description Seconds since the Unix epoch. */
            created: number;
            /** @description SHA-256 (hex) of the canonical manifest JSON. */
            manifest_hash: string;
            bytes: number;
            documents: number;
            collections: number;
            files: number;
        };
        BeginBackupResponse: {
            attempt_id: string;
            /** @description True when an unfinished attempt from this primary was picked up again. */
            resumed: boolean;
            quota: number;
        };
        MissingCids: {
            missing: components["schemas"]["Cid"][];
        };
        PutBlocksResponse: {
            blocks: number;
            bytes: number;
        };
        BackupManifestResponse: {
            summary: components["schemas"]["BackupSummary"];
            manifest: components["schemas"]["BackupManifestOutput"];
        };
        /** @description Access condition: `queryHasResults` on the owner's collection, or `and` / `or` of conditions. Conditions nest at most 5 levels. */
        ConditionOutput: {
            /** @enum {string} */
            type: "queryHasResults" | "and" | "or";
            name?: string;
            /** @description queryHasResults: the owner's collection to query. */
            collection?: string;
            filter?: components["schemas"]["Filter"];
            options?: {
                [key: string]: unknown;
            };
            /** @description Reference Hive Node form: the fields above nested in `body` (a list for and/or). */
            body?: unknown;
            /** @description and/or: the operands. */
            conditions?: {
                /** @enum {string} */
                type: "queryHasResults" | "and" | "or";
                name?: string;
                /** @description queryHasResults: the owner's collection to query. */
                collection?: string;
                filter?: components["schemas"]["Filter"];
                options?: {
                    [key: string]: unknown;
                };
                /** @description Reference Hive Node form: the fields above nested in `body` (a list for and/or). */
                body?: unknown;
                /** @description and/or: the operands. */
                conditions?: {
                    /** @enum {string} */
                    type: "queryHasResults" | "and" | "or";
                    name?: string;
                    /** @description queryHasResults: the owner's collection to query. */
                    collection?: string;
                    filter?: components["schemas"]["Filter"];
                    options?: {
                        [key: string]: unknown;
                    };
                    /** @description Reference Hive Node form: the fields above nested in `body` (a list for and/or). */
                    body?: unknown;
                    /** @description and/or: the operands. */
                    conditions?: {
                        /** @enum {string} */
                        type: "queryHasResults" | "and" | "or";
                        name?: string;
                        /** @description queryHasResults: the owner's collection to query. */
                        collection?: string;
                        filter?: components["schemas"]["Filter"];
                        options?: {
                            [key: string]: unknown;
                        };
                        /** @description Reference Hive Node form: the fields above nested in `body` (a list for and/or). */
                        body?: unknown;
                        /** @description and/or: the operands. */
                        conditions?: {
                            /** @enum {string} */
                            type: "queryHasResults" | "and" | "or";
                            name?: string;
                            /** @description queryHasResults: the owner's collection to query. */
                            collection?: string;
                            filter?: components["schemas"]["Filter"];
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
        ExecutableOutput: {
            /** @enum {string} */
            type: "find" | "count" | "insert" | "update" | "delete" | "fileUpload" | "fileDownload" | "fileProperties" | "fileHash" | "aggregated";
            /** @description Key of this executable's result in the run response. Default: the script name (inside `aggregated`: the executable's type). */
            name?: string;
            /** @description Include the result in the run response. Default true. */
            output?: boolean;
            collection?: string;
            filter?: components["schemas"]["Filter"];
            document?: components["schemas"]["Document"];
            update?: {
                [key: string]: unknown;
            };
            options?: {
                [key: string]: unknown;
            };
            /** @description File executables: the path; `$params.<name>` and `$caller_did` are substituted inside it. */
            path?: string;
            /** @description Reference Hive Node form: the fields above nested in `body` (a list for aggregated). */
            body?: unknown;
            /** @description aggregated: the executables to run in order. */
            executables?: components["schemas"]["ExecutableStepOutput"][];
        };
        /** @description One executable of an `aggregated` one (not itself aggregated). */
        ExecutableStepOutput: {
            /** @enum {string} */
            type: "find" | "count" | "insert" | "update" | "delete" | "fileUpload" | "fileDownload" | "fileProperties" | "fileHash" | "aggregated";
            /** @description Key of this executable's result in the run response. Default: the script name (inside `aggregated`: the executable's type). */
            name?: string;
            /** @description Include the result in the run response. Default true. */
            output?: boolean;
            collection?: string;
            filter?: components["schemas"]["Filter"];
            document?: components["schemas"]["Document"];
            update?: {
                [key: string]: unknown;
            };
            options?: {
                [key: string]: unknown;
            };
            /** @description File executables: the path; `$params.<name>` and `$caller_did` are substituted inside it. */
            path?: string;
            /** @description Reference Hive Node form: the fields above nested in `body` (a list for aggregated). */
            body?: unknown;
        };
        /** @description What one backup holds: every collection of the vault database as content-addressed chunks (raw blocks of BSON documents, ≤ 1 MiB), and the file contents by CID. */
        BackupManifestOutput: {
            /** @constant */
            version: 1;
            user_did: components["schemas"]["Did"];
            source_did: components["schemas"]["Did"];
            /** @description Seconds since the Unix epoch. */
            created: number;
            collections: {
                name: string;
                documents: number;
                bytes: number;
                chunks: components["schemas"]["BackupChunkOutput"][];
            }[];
            files: {
                /** @description Distinct file contents (CIDs). */
                count: number;
                /** @description Sum of their sizes. */
                bytes: number;
                /** @description Chunks listing `{c: cid, s: size}`, one per distinct CID. */
                chunks: components["schemas"]["BackupChunkOutput"][];
            };
        };
        BackupChunkOutput: {
            cid: components["schemas"]["Cid"];
            /** @description Entries in the chunk. */
            documents: number;
            /** @description Size of the chunk (BSON bytes). */
            bytes: number;
        };
    };
    responses: {
        /** @description `INVALID_PARAMETER` (internal_code 1): A path, query or body field is missing, malformed or out of range. */
        InvalidParameter: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `REQUEST_TIMEOUT` (internal_code 3000): The request was not sent in time: its headers within the header timeout, or its body too slowly (a pause past the idle timeout, or below the minimum rate). */
        RequestTimeout: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `URI_TOO_LONG` (internal_code 3000): The request line is longer than the node accepts. */
        UriTooLong: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `RATE_LIMITED`: Too many requests; retry later. */
        RateLimited: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `HEADERS_TOO_LARGE` (internal_code 3000): The request line and headers together are larger than the node accepts. */
        HeadersTooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
        Internal: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `OVERLOADED` (internal_code 3000): Too many open connections, from this address or in all; retry later (`Retry-After`). */
        Overloaded: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
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
                    "application/json": components["schemas"]["Error"];
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
                    "application/json": {
                        [key: string]: unknown;
                    };
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
                    "application/json": components["schemas"]["Error"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Overloaded"];
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
                    "application/json": components["schemas"]["Error"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Overloaded"];
        };
    };
    vaultInfo: {
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
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `VAULT_NOT_FOUND` (internal_code 1): No vault for this user on this node. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
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
                    "application/json": components["schemas"]["Error"];
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
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `VAULT_NOT_FOUND` (internal_code 1): No vault for this user on this node. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
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
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `UNAUTHORIZED`: Missing, malformed, expired or foreign access token, or a failed sign-in. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `VAULT_NOT_FOUND` (internal_code 1): No vault for this user on this node. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
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
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `VAULT_NOT_FOUND` (internal_code 1): No vault for this user on this node. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
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
            /** @description The collection was created. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Collection"];
                };
            };
            400: components["responses"]["InvalidParameter"];
            /** @description `UNAUTHORIZED`: Missing, malformed, expired or foreign access token, or a failed sign-in. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `VAULT_FROZEN` (internal_code 1): The vault is frozen (read-only) and the request writes. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `VAULT_NOT_FOUND` (internal_code 1): No vault for this user on this node. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            /** @description `ALREADY_EXISTS`: The collection, file, vault or backup already exists. */
            455: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["Internal"];
            503: components["responses"]["Overloaded"];
            /** @description `INSUFFICIENT_STORAGE`: The write would exceed the vault storage quota. */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteCollection: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A collection name. Names of internal collections are refused. */
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
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `VAULT_FROZEN` (internal_code 1): The vault is frozen (read-only) and the request writes. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
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
                    "application/json": components["schemas"]["Error"];
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
                filter?: string;
                skip?: number;
                /** @description At most 10,000 documents per call; 0 or absent = up to that cap. */
                limit?: number;
                sort?: string;
                projection?: string;
            };
            header?: never;
            path: {
                /** @description A collection name. Names of internal collections are refused. */
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
            400: components["responses"]["InvalidParameter"];
            /** @description `UNAUTHORIZED`: Missing, malformed, expired or foreign access token, or a failed sign-in. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
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
                    "application/json": components["schemas"]["Error"];
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
                /** @description A collection name. Names of internal collections are refused. */
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
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `VAULT_FROZEN` (internal_code 1): The vault is frozen (read-only) and the request writes. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
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
                    "application/json": components["schemas"]["Error"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Overloaded"];
            /** @description `INSUFFICIENT_STORAGE`: The write would exceed the vault storage quota. */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    insertDocuments: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A collection name. Names of internal collections are refused. */
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
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `VAULT_FROZEN` (internal_code 1): The vault is frozen (read-only) and the request writes. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
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
                    "application/json": components["schemas"]["Error"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            /** @description `ALREADY_EXISTS`: The collection, file, vault or backup already exists. */
            455: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["Internal"];
            503: components["responses"]["Overloaded"];
            /** @description `INSUFFICIENT_STORAGE`: The write would exceed the vault storage quota. */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteDocuments: {
        parameters: {
            query?: {
                /** @description Delete only the first match. Default false. */
                deleteone?: boolean;
                filter?: string;
            };
            header?: never;
            path: {
                /** @description A collection name. Names of internal collections are refused. */
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
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `VAULT_FROZEN` (internal_code 1): The vault is frozen (read-only) and the request writes. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
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
                    "application/json": components["schemas"]["Error"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
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
                /** @description A collection name. Names of internal collections are refused. */
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
            400: components["responses"]["InvalidParameter"];
            /** @description `UNAUTHORIZED`: Missing, malformed, expired or foreign access token, or a failed sign-in. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
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
                    "application/json": components["schemas"]["Error"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
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
                skip?: number;
                /** @description Reference Hive Node form: `children` = list, `metadata` = properties, `hash` = CID. */
                comp?: "children" | "metadata" | "hash";
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
                    "application/json": components["schemas"]["Error"];
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
                    "application/json": components["schemas"]["Error"];
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
                    "application/json": components["schemas"]["Error"];
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
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `VAULT_FROZEN` (internal_code 1): The vault is frozen (read-only) and the request writes. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `VAULT_NOT_FOUND` (internal_code 1): No vault for this user on this node. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            /** @description `ALREADY_EXISTS`: The collection, file, vault or backup already exists. */
            455: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["Internal"];
            503: components["responses"]["Overloaded"];
            /** @description `INSUFFICIENT_STORAGE`: The write would exceed the vault storage quota. */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
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
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `VAULT_FROZEN` (internal_code 1): The vault is frozen (read-only) and the request writes. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
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
                    "application/json": components["schemas"]["Error"];
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
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `VAULT_FROZEN` (internal_code 1): The vault is frozen (read-only) and the request writes. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
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
                    "application/json": components["schemas"]["Error"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            /** @description `ALREADY_EXISTS`: The collection, file, vault or backup already exists. */
            455: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["Internal"];
            503: components["responses"]["Overloaded"];
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
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `VAULT_FROZEN` (internal_code 1): The vault is frozen (read-only) and the request writes. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
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
                    "application/json": components["schemas"]["Error"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            /** @description `ALREADY_EXISTS`: The collection, file, vault or backup already exists. */
            455: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["Internal"];
            503: components["responses"]["Overloaded"];
            /** @description `INSUFFICIENT_STORAGE`: The write would exceed the vault storage quota. */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
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
                    "application/json": components["schemas"]["Error"];
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
                    "application/json": components["schemas"]["Error"];
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
                name?: components["schemas"]["ScriptName"];
                skip?: number;
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
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `VAULT_NOT_FOUND` (internal_code 1): No vault for this user on this node. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
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
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `VAULT_FROZEN` (internal_code 1): The vault is frozen (read-only) and the request writes. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `VAULT_NOT_FOUND` (internal_code 1): No vault for this user on this node. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Overloaded"];
            /** @description `INSUFFICIENT_STORAGE`: The write would exceed the vault storage quota. */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    unregisterScript: {
        parameters: {
            query?: never;
            header?: never;
            path: {
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
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `VAULT_FROZEN` (internal_code 1): The vault is frozen (read-only) and the request writes. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
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
                    "application/json": components["schemas"]["Error"];
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
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `UNAUTHORIZED`: Missing, malformed, expired or foreign access token, or a failed sign-in. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `VAULT_FROZEN` (internal_code 1): The vault is frozen (read-only) and the request writes. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
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
                    "application/json": components["schemas"]["Error"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Overloaded"];
            /** @description `INSUFFICIENT_STORAGE`: The write would exceed the vault storage quota. */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    downloadByTransaction: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Returned by a fileUpload/fileDownload executable. */
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
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `UNAUTHORIZED`: Missing, malformed, expired or foreign access token, or a failed sign-in. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `FORBIDDEN`: The caller may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
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
                    "application/json": components["schemas"]["Error"];
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
                    "application/json": components["schemas"]["Error"];
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
                /** @description Returned by a fileUpload/fileDownload executable. */
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
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `UNAUTHORIZED`: Missing, malformed, expired or foreign access token, or a failed sign-in. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
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
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `VAULT_NOT_FOUND` (internal_code 1): No vault for this user on this node. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            /** @description `ALREADY_EXISTS`: The collection, file, vault or backup already exists. */
            455: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["Internal"];
            503: components["responses"]["Overloaded"];
            /** @description `INSUFFICIENT_STORAGE`: The write would exceed the vault storage quota. */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
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
                    "application/json": components["schemas"]["Error"];
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
                    "application/json": components["schemas"]["Error"];
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
                    "application/json": components["schemas"]["Error"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
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
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listOrders: {
        parameters: {
            query?: {
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
                    "application/json": components["schemas"]["Error"];
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
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `UNAUTHORIZED`: Missing, malformed, expired or foreign access token, or a failed sign-in. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
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
                    "application/json": components["schemas"]["Error"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            /** @description `ALREADY_EXISTS`: The collection, file, vault or backup already exists. */
            455: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
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
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listReceipts: {
        parameters: {
            query?: {
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
                    "application/json": components["schemas"]["Error"];
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
             *     `BACKUP_IN_PROGRESS` (internal_code 2): A backup or restore of this vault is running.
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `UNAUTHORIZED`: Missing, malformed, expired or foreign access token, or a failed sign-in. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `VAULT_NOT_FOUND` (internal_code 1): No vault for this user on this node. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
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
                    "application/json": components["schemas"]["Error"];
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
                    "application/json": components["schemas"]["Error"];
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
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `UNAUTHORIZED`: Missing, malformed, expired or foreign access token, or a failed sign-in. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `BACKUP_NOT_FOUND` (internal_code 2): No backup for this user on this node. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
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
                    "application/json": components["schemas"]["Error"];
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
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `UNAUTHORIZED`: Missing, malformed, expired or foreign access token, or a failed sign-in. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `BACKUP_NOT_FOUND` (internal_code 2): No backup for this user on this node. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            /** @description `ALREADY_EXISTS`: The collection, file, vault or backup already exists. */
            455: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["Internal"];
            503: components["responses"]["Overloaded"];
            /** @description `INSUFFICIENT_STORAGE`: The write would exceed the vault storage quota. */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
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
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `FORBIDDEN`: The caller may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
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
                    "application/json": components["schemas"]["Error"];
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
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `FORBIDDEN`: The caller may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
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
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `UNAUTHORIZED`: Missing, malformed, expired or foreign access token, or a failed sign-in. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `FORBIDDEN`: The caller may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Overloaded"];
            /** @description `INSUFFICIENT_STORAGE`: The write would exceed the vault storage quota. */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
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
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `FORBIDDEN`: The caller may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `BACKUP_NOT_FOUND` (internal_code 2): No backup for this user on this node. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
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
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `FORBIDDEN`: The caller may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
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
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `FORBIDDEN`: The caller may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `BACKUP_NOT_FOUND` (internal_code 2): No backup for this user on this node. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Overloaded"];
            /** @description `INSUFFICIENT_STORAGE`: The write would exceed the vault storage quota. */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
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
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `UNAUTHORIZED`: Missing, malformed, expired or foreign access token, or a failed sign-in. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `FORBIDDEN`: The caller may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `BACKUP_NOT_FOUND` (internal_code 2): No backup for this user on this node. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Overloaded"];
            /** @description `INSUFFICIENT_STORAGE`: The write would exceed the vault storage quota. */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    backupNodeAbort: {
        parameters: {
            query: {
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
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `FORBIDDEN`: The caller may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
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
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `FORBIDDEN`: The caller may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `BACKUP_NOT_FOUND` (internal_code 2): No backup for this user on this node. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
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
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `FORBIDDEN`: The caller may not do this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
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
                    "application/json": components["schemas"]["Error"];
                };
            };
            408: components["responses"]["RequestTimeout"];
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
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
