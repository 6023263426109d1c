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
        /**
         * Create a collection (Hive SDK `createCollection`)
         * @description In the caller's space (the application of the access token). The body is `{}`, or the encrypted service's flags, which `GET /vault/db/collections` and finds then report. An existing name is 455.
         */
        put: operations["hiveCreateCollection"];
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
        /** Move or rename a file or folder (Hive SDK `move`) */
        patch: operations["hiveMoveFile"];
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
        /**
         * Register (or replace) a script (Hive SDK `registerScript`)
         * @description In the caller's space. The reference's `{name, type, body, output}` executables and conditions.
         */
        put: operations["hiveRegisterScript"];
        /** Register (or replace) a script */
        post: operations["registerScript"];
        /** Remove a script */
        delete: operations["unregisterScript"];
        options?: never;
        head?: never;
        /**
         * Run a script (Hive SDK `callScript`)
         * @description In the target's space of `context` (`target_did`, `target_app_did`); without a context, the caller's own. Anonymous callers only for scripts registered with both anonymous flags. `__anonymous_files__` is the node's own: a download transaction of a file uploaded as public (`params.path`).
         */
        patch: operations["hiveRunScript"];
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
        /**
         * The caller's orders (Hive SDK `getOrder` / `getOrders`)
         * @description Filters in the query or in the JSON body of the GET (where the SDK sends them). None is 404 (internal_code 7). When one order matches, its fields are also at the top level (SDK 2.9.14 reads them there).
         */
        get: operations["hiveListOrders"];
        /**
         * Place an order for a vault or backup plan (Hive SDK `placeOrder`)
         * @description A plan that does not exist or is free is 400 (internal_code 1), as the reference; a backup plan needs the backup service on this node (404/2).
         */
        put: operations["hivePlaceOrder"];
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
    "/api/v2/node/commit_id": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The commit the node was built from (Hive SDK `getLatestCommitId`)
         * @description `CELLA_COMMIT_ID` when the build set it, else the node's version.
         */
        get: operations["hiveCommitId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/about/version": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The node's version (the reference's alias of `/node/version`) */
        get: operations["hiveAboutVersion"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/about/commit_id": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The commit the node was built from (the reference's alias of `/node/commit_id`) */
        get: operations["hiveAboutCommitId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/subscription/pricing_plan": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The node's pricing plans (Hive SDK `getPricingPlanList` / `getPricingPlan`)
         * @description Only the lists asked for; a `name` no plan has is 404 (internal_code 5).
         */
        get: operations["hivePricingPlans"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/subscription/vault/app_stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The applications that used the caller's vault (Hive SDK `getAppStats`)
         * @description One entry per application that signed in to the vault with an AppIdCredential: its name and icon from its DID's `#appinfo` credential, the bytes of its space, its requests. None is 404 (internal_code 9).
         */
        get: operations["hiveAppStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/subscription/backup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's backup service (Hive SDK `BackupSubscription.checkSubscription`)
         * @description None is 404 (internal_code 2).
         */
        get: operations["hiveBackupInfo"];
        /**
         * Subscribe the backup service on a backup node, free plan (Hive SDK `BackupSubscription.subscribe`)
         * @description Subscribed already is 455; a node that keeps no backups answers 403.
         */
        put: operations["hiveSubscribeBackup"];
        post?: never;
        /**
         * Unsubscribe the backup service: the backup kept here is deleted (Hive SDK `unsubscribe`)
         * @description Refused with 400 (internal_code 2) while a backup is being received.
         */
        delete: operations["hiveUnsubscribeBackup"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/vault/db/{collection}#hiveDropCollection": {
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
         * Drop a collection with its documents (Hive SDK `deleteCollection`)
         * @description Shares its method and path with the primary table's delete-documents: a body of exactly `{}` and no query drops the collection; a `filter` (body or query) deletes documents; no body is the delete-documents refusal (400), never a drop.
         */
        delete: operations["hiveDropCollection"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/vault/db/collection/{collection}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Insert documents (Hive SDK `insertOne` / `insertMany`)
         * @description All or nothing. `timestamp` (default true) adds integer `created` and `modified` (epoch seconds).
         */
        post: operations["hiveInsertDocuments"];
        /** Delete documents (Hive SDK `deleteOne` / `deleteMany`) */
        delete: operations["hiveDeleteDocuments"];
        options?: never;
        head?: never;
        /**
         * Update documents (Hive SDK `updateOne` / `updateMany`)
         * @description The update must consist of operators. `timestamp` (default true) sets `modified` (and `created` on upsert).
         */
        patch: operations["hiveUpdateDocuments"];
        trace?: never;
    };
    "/api/v2/vault/db/collection/{collection}?op=count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Count documents (Hive SDK `countDocuments`)
         * @description Told apart from the insert on the same path by `op=count`.
         */
        post: operations["hiveCountDocuments"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/vault/db/query": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Query documents with options (Hive SDK `query`)
         * @description `sort` as pairs `[["n", -1]]` or an object. Documents in relaxed Extended JSON. `query` and `collection` are reserved collection names, so this path is never an insert.
         */
        post: operations["hiveQueryDocuments"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/vault/files/{path}?public&is_encrypt&encrypt_method": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Upload a file with the reference's flags (Hive SDK `upload`)
         * @description Raw body, streamed (any Content-Type, the SDK sends `application/x-www-form-urlencoded`). With `public=true` anyone may download it (`__anonymous_files__`, `GET /ipfs/{cid}`); uploading the path again without it makes it private. Without any of the three parameters this is the primary table's upload; with `dest` a copy.
         */
        put: operations["hiveUploadFile"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/vault/files/{path}?dest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Copy a file or folder (Hive SDK `copy`)
         * @description Told apart from an upload by `dest`; the body is empty or exactly `{}` (never stored). The content is shared, its size counts against the quota again; the destination must not exist (455).
         */
        put: operations["hiveCopyFile"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/vault/files/{path}?comp=children": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every file below a folder (Hive SDK `list`)
         * @description The reference's listing: every file below the folder, sub-folders included, no folder entries; the root is the empty path. A folder with no file below it is 404 (internal_code 6). (`?list=true` is the primary table's directory view.)
         */
        get: operations["hiveListFiles"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/vault/files/{path}?comp=hash": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The SHA-256 of a file's content (Hive SDK `hash`)
         * @description The reference's hash; the primary table's `{path}/hash` answers the CID.
         */
        get: operations["hiveFileHash"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ipfs/{cid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The content of a public file by its CID (Hive SDK `IpfsRunner`)
         * @description Serves only CIDs of files some vault uploaded with `public=true` and still holds so; any other CID is 404. No token.
         */
        get: operations["hiveIpfsContent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/vault/scripting/scripts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's scripts (Hive SDK `getScripts`)
         * @description In the caller's space, by name. None is 404 (internal_code 3), as the reference.
         */
        get: operations["hiveListScripts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/vault/scripting/{script_name}/{target}/{params}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Run a script from its URL alone (Hive SDK `callScriptUrl`, `hive://` URLs)
         * @description `{target}` is `<target DID>@<application DID>`; everything after it is the URL-encoded JSON of the parameters (a `/` inside them is kept).
         */
        get: operations["hiveRunScriptUrl"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/payment/version": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The version of the node's payment configuration (Hive SDK `getVersion`) */
        get: operations["hivePaymentVersion"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/payment/order/{order_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Settle an order paid on-chain (Hive SDK `settleOrder`)
         * @description The same checks as `POST /api/v2/payment/settle`; the plan is applied once per on-chain order.
         */
        post: operations["hiveSettleOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/payment/receipt": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's receipts (Hive SDK `getReceipts`)
         * @description Filter `order_id` (the contract's) in the query or the JSON body. None is 404 (internal_code 8).
         */
        get: operations["hiveListReceipts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/vault/content": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The state of the caller's latest backup or restore (Hive SDK `checkResult`)
         * @description Before any job: `stop`/`success`/`""`. A job started by the POST reads `process` from the moment the POST returns until it ends.
         */
        get: operations["hiveBackupState"];
        put?: never;
        /**
         * Back up the caller's vault to the node the credential names (Hive SDK `startBackup`)
         * @description Every space of the vault. Answers at once; the job runs in the background.
         */
        post: operations["hiveStartBackup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/vault/content?from=hive_node": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Restore the caller's vault from the node the credential names (Hive SDK `restoreFrom`)
         * @description The whole vault, every space, switched in one step once complete.
         */
        post: operations["hiveStartRestore"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/backup/promotion": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make the backup kept here the caller's vault on this node (Hive SDK `promote`)
         * @description On the backup node. A vault already here is 455; no backup 404 (internal_code 2).
         */
        post: operations["hivePromote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/provider/vaults": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every vault of this node (Hive SDK `Provider.getVaults`)
         * @description Only the node's owner (the issuer of its ownership credential, `CELLA_NODE_CREDENTIAL`) may call it; anyone else gets 403. None is 404 (internal_code 1).
         */
        get: operations["hiveProviderVaults"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/provider/backups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every backup service of this node (Hive SDK `Provider.getBackups`)
         * @description Only the node's owner (the issuer of its ownership credential, `CELLA_NODE_CREDENTIAL`) may call it; anyone else gets 403. None is 404 (internal_code 2).
         */
        get: operations["hiveProviderBackups"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/provider/filled_orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every settled order of this node (Hive SDK `Provider.getFilledOrders`)
         * @description Only the node's owner (the issuer of its ownership credential, `CELLA_NODE_CREDENTIAL`) may call it; anyone else gets 403. Receipts with the fields the SDK reads. None is 404 (internal_code 8).
         */
        get: operations["hiveProviderFilledOrders"];
        put?: never;
        post?: never;
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
        HiveCreateCollectionRequest: {
            /** @description The client encrypts the documents (the node stores the flag). */
            is_encrypt?: boolean;
            /** @description How, e.g. `user_did`; required with `is_encrypt: true`. */
            encrypt_method?: string;
        };
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
        /** @description Exactly `{}` (what the Hive SDK sends on calls that take no body). */
        HiveEmptyBody: Record<string, never>;
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
        /** @description As `RegisterScriptRequest`; no other fields. */
        HiveRegisterScriptRequest: {
            condition?: components["schemas"]["Condition"];
            executable: components["schemas"]["Executable"];
            allowAnonymousUser?: boolean;
            allowAnonymousApp?: boolean;
        };
        HiveRunScriptRequest: {
            /** @description Without it: the caller's own vault and application. */
            context?: {
                /** @description Owner of the vault the script lives in. */
                target_did: components["schemas"]["Did"];
                /** @description The application whose space of the owner's vault holds it. */
                target_app_did: string;
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
        PlaceOrderRequest: {
            /**
             * @default vault
             * @enum {string}
             */
            subscription: "vault" | "backup";
            pricing_name: string;
        };
        HivePlaceOrderRequest: {
            /** @enum {string} */
            subscription: "vault" | "backup";
            pricing_name: string;
        };
        /** @description The same filters in the body of the GET, where the Hive SDK sends them. */
        HiveOrderFilter: {
            /** @enum {string} */
            subscription?: "vault" | "backup";
            order_id?: number;
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
        HiveInsertRequest: {
            /** @description The documents (the SDK always sends a list). */
            document: components["schemas"]["Document"] | components["schemas"]["Document"][];
            options?: {
                /** @description Add integer `created` and `modified` (epoch seconds). Default true. */
                timestamp?: boolean;
                /** @description Accepted; the node validates no schemas. */
                bypass_document_validation?: boolean;
                /** @description Accepted; inserts are all or nothing anyway. */
                ordered?: boolean;
            };
        };
        HiveUpdateRequest: {
            filter: components["schemas"]["Filter"];
            /** @description Update operators (`$set`, `$inc`, …). */
            update: {
                [key: string]: unknown;
            };
            options?: {
                /** @description Set integer `modified` (and `created` on upsert). Default true. */
                timestamp?: boolean;
                upsert?: boolean;
                /** @description Accepted; the node validates no schemas. */
                bypass_document_validation?: boolean;
            };
        };
        HiveDeleteRequest: {
            filter: components["schemas"]["Filter"];
        };
        HiveCountRequest: {
            filter: components["schemas"]["Filter"];
            options?: {
                skip?: number;
                limit?: number;
                /** @description Accepted; the node's own time limits bound every query. */
                maxTimeMS?: number;
            };
        };
        HiveQueryRequest: {
            collection: components["schemas"]["CollectionName"];
            filter?: components["schemas"]["Filter"];
            options?: {
                skip?: number;
                /** @description At most 10,000; 0 or absent = up to that cap. */
                limit?: number;
                projection?: {
                    [key: string]: unknown;
                };
                /** @description Pairs `[field, 1|-1]` in order, or an object `{field: 1|-1}`. */
                sort?: [
                    string,
                    1 | -1
                ][] | {
                    [key: string]: 1 | -1;
                };
                /** @description Accepted; results are always complete. */
                allow_partial_results?: boolean;
                /**
                 * @description Only `false`: the node cannot return index keys instead of documents.
                 * @constant
                 */
                return_key?: false;
                /**
                 * @description Only `false`: the node has no record ids to show.
                 * @constant
                 */
                show_record_id?: false;
                /** @description Accepted; answers are not batched. */
                batch_size?: number;
            };
        };
        HiveReceiptFilter: {
            order_id?: number;
        };
        HiveBackupRequest: {
            credential: components["schemas"]["BackupCredential"];
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
            /** @description The owner's DID: the issuer of the node's ownership credential ('' without one). */
            owner_did: string;
            /** @description A verifiable presentation by the node's DID (realm = the node DID, a fresh nonce) holding the owner's `HiveNodeOwnerCredential` (none without one). */
            ownership_presentation: {
                [key: string]: unknown;
            };
            email: string;
            description: string;
            /** @description The build's git commit, else the version. */
            last_commit_id: string;
            /** @description Users with a vault record here (also unsubscribed ones). */
            user_count: number;
            /** @description Vaults in use (not unsubscribed). */
            vault_count: number;
            /** @description Backups this node keeps. */
            backup_count: number;
            /** @description The latest signed-in request; -1 = none yet. */
            latest_access_time: number;
            /** @description Bytes. */
            memory_used: number;
            /** @description Bytes. */
            memory_total: number;
            /** @description Bytes used on the data directory's file system. */
            storage_used: number;
            /** @description Bytes. */
            storage_total: number;
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
            /** @description Applications that used the vault. */
            app_count: number;
            /** @description Signed-in requests to the vault. */
            access_count: number;
            /** @description Their bytes in and out. */
            access_amount: number;
            /** @description The latest of them; -1 = never. */
            access_last_time: number;
        };
        CollectionList: {
            collections: components["schemas"]["CollectionListItem"][];
        };
        CollectionListItem: {
            name: components["schemas"]["CollectionName"];
            /** @description Created by the Hive SDK's encrypted service. */
            is_encrypt: boolean;
            /** @description '' when not encrypted. */
            encrypt_method: string;
        };
        Collection: {
            name: components["schemas"]["CollectionName"];
        };
        HiveCollection: {
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
            /** @description Created by the Hive SDK's encrypted service. */
            is_encrypt: boolean;
            /** @description '' when not encrypted. */
            encrypt_method: string;
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
        HivePathResult: {
            /** @description The destination path. */
            name: string;
        };
        MoveResult: {
            /** @description The destination path. */
            name: string;
        };
        ScriptList: {
            scripts: components["schemas"]["Script"][];
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
        /** @description The orders; when exactly one matches, its fields are also at the top level (SDK 2.9.14 builds every Order from the answer's top level). */
        HiveOrderList: {
            interim_orderid?: string;
            /** @enum {string} */
            subscription?: "vault" | "backup";
            pricing_plan?: string;
            paying_did?: components["schemas"]["Did"];
            /** @description Price in the plan's currency (ELA on ESC). */
            payment_amount?: number;
            /** @description The same price in wei (10^-18), as a decimal string: the exact `value` to send with `payOrder`. */
            payment_amount_wei?: string;
            /** @description Seconds since the Unix epoch. */
            create_time?: number;
            /** @description Seconds since the Unix epoch. */
            expiration_time?: number;
            receiving_address?: string;
            /** @enum {string} */
            state?: "normal" | "paid" | "expired" | "archive";
            /** @description Order proof JWT signed by the node; pass it as the memo of `payOrder`. */
            proof?: string;
            /** @description The contract order id once settled. */
            order_id?: number | null;
            orders: components["schemas"]["Order"][];
        };
        OrderList: {
            orders: components["schemas"]["Order"][];
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
        HiveCommitId: {
            /** @description The build's git commit, else the version. */
            commit_id: string;
        };
        HivePricingPlans: {
            version: string;
            /** @description Vault plans, when asked for. */
            pricingPlans?: components["schemas"]["PricingPlan"][];
            /** @description Backup plans, when asked for. */
            backupPlans?: components["schemas"]["PricingPlan"][];
        };
        HiveAppStats: {
            apps: {
                /** @description From the application DID's `#appinfo` credential ('' when unknown). */
                name: string;
                /** @description The issuer of its `#developer` credential ('' when unknown). */
                developer_did: string;
                icon_url: string;
                redirect_url: string;
                user_did: components["schemas"]["Did"];
                app_did: string;
                /** @description Bytes of the application's space: documents, scripts and file sizes. */
                used_storage_size: number;
                access_count: number;
                /** @description Bytes in and out. */
                access_amount: number;
                /** @description -1 = never. */
                access_last_time: number;
            }[];
        };
        HiveBackupInfo: {
            service_did: components["schemas"]["Did"];
            pricing_plan: string;
            /** @description Bytes. */
            storage_quota: number;
            /** @description Bytes of the backup kept here. */
            storage_used: number;
            /** @description Seconds since the Unix epoch. */
            start_time: number;
            /** @description -1 = no end. */
            end_time: number;
            /** @description Seconds since the Unix epoch. */
            created: number;
            /** @description Seconds since the Unix epoch. */
            updated: number;
        };
        HiveInsertResult: {
            acknowledged: boolean;
            /** @description The same, under the name SDK 2.9.14 reads. */
            acknowledge: boolean;
            inserted_ids: string[];
        };
        HiveFileList: {
            value: components["schemas"]["HiveFileInfo"][];
        };
        HiveFileInfo: {
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
            is_encrypt: boolean;
            /** @description '' when the content is not encrypted. */
            encrypt_method: string;
        };
        HiveFileHash: {
            name: string;
            /** @constant */
            algorithm: "SHA256";
            /** @description SHA-256 of the content, lowercase hex. */
            hash: string;
            /** @description The CID of the content (Cella adds it). */
            cid: string;
        };
        HivePaymentVersion: {
            version: string;
        };
        HiveBackupResult: {
            /**
             * @description The latest job; `stop` when none ran.
             * @enum {string}
             */
            state: "stop" | "backup" | "restore";
            /** @enum {string} */
            result: "success" | "failed" | "process";
            /** @description Progress while in process, the reason when failed, '' before any job. */
            message: string;
        };
        HiveProviderVaults: {
            vaults: {
                pricing_using: string;
                /** @description Bytes. */
                max_storage: number;
                file_use_storage: number;
                db_use_storage: number;
                user_did: components["schemas"]["Did"];
                access_count: number;
                access_amount: number;
                /** @description -1 = never. */
                access_last_time: number;
            }[];
        };
        HiveProviderBackups: {
            backups: {
                pricing_using: string;
                max_storage: number;
                use_storage: number;
                user_did: components["schemas"]["Did"];
            }[];
        };
        HiveFilledOrders: {
            orders: {
                /** @description The contract order id. */
                order_id: number;
                receipt_id: string;
                user_did: components["schemas"]["Did"];
                paid_did: components["schemas"]["Did"];
                /** @enum {string} */
                subscription: "vault" | "backup";
                pricing_name: string;
                pricing_plan: string;
                ela_amount: number;
                payment_amount: number;
                ela_address: string;
                receiving_address: string;
                /** @description Seconds since the Unix epoch. */
                create_time: number;
                receipt_proof: string;
            }[];
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
    responses: never;
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
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
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
            /** @description `UNAUTHORIZED`: Missing, malformed, expired or foreign access token, or a failed sign-in. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
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
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
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
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
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
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
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
            /** @description `INVALID_PARAMETER` (internal_code 1): A path, query or body field is missing, malformed or out of range. */
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
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `RATE_LIMITED`: Too many requests; retry later. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
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
            /** @description `INVALID_PARAMETER` (internal_code 1): A path, query or body field is missing, malformed or out of range. */
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
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `RATE_LIMITED`: Too many requests; retry later. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
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
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
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
            /** @description `UNAUTHORIZED`: Missing, malformed, expired or foreign access token, or a failed sign-in. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
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
            /** @description `INVALID_PARAMETER` (internal_code 1): A path, query or body field is missing, malformed or out of range. */
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
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    unsubscribeVault: {
        parameters: {
            query?: {
                /** @description `true`: delete the vault and everything in it (documents, scripts, files). Otherwise the vault is only switched off: every vault call answers 404 until `PUT /api/v2/subscription/vault` restores it with its data. */
                force?: "0" | "1" | "true" | "false";
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
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listCollections: {
        parameters: {
            query?: never;
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
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
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
            /** @description `INVALID_PARAMETER` (internal_code 1): A path, query or body field is missing, malformed or out of range. */
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
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `ALREADY_EXISTS`: The collection, file, vault or backup already exists. */
            455: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
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
    hiveCreateCollection: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A collection name. Names of internal collections are refused. */
                name: components["schemas"]["CollectionName"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "is_encrypt": true,
                 *       "encrypt_method": "user_did"
                 *     }
                 */
                "application/json": components["schemas"]["HiveCreateCollectionRequest"];
            };
        };
        responses: {
            /** @description Created. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "name": "notes"
                     *     }
                     */
                    "application/json": components["schemas"]["HiveCollection"];
                };
            };
            /** @description `INVALID_PARAMETER` (internal_code 1): A path, query or body field is missing, malformed or out of range. */
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
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `ALREADY_EXISTS`: The collection, file, vault or backup already exists. */
            455: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
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
            /** @description `INVALID_PARAMETER` (internal_code 1): A path, query or body field is missing, malformed or out of range. */
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
            /** @description `COLLECTION_NOT_FOUND` (internal_code 4): No collection of that name. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    findDocuments: {
        parameters: {
            query?: {
                filter?: string;
                skip?: string;
                /** @description At most 10,000 documents per call; 0 or absent = up to that cap. */
                limit?: string;
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
            /** @description `INVALID_PARAMETER` (internal_code 1): A path, query or body field is missing, malformed or out of range. */
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
            /** @description `COLLECTION_NOT_FOUND` (internal_code 4): No collection of that name. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateDocuments: {
        parameters: {
            query?: {
                /** @description Update only the first match. Default false. */
                updateone?: "0" | "1" | "true" | "false";
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
            /** @description `INVALID_PARAMETER` (internal_code 1): A path, query or body field is missing, malformed or out of range. */
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
            /** @description `COLLECTION_NOT_FOUND` (internal_code 4): No collection of that name. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
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
            /** @description `INVALID_PARAMETER` (internal_code 1): A path, query or body field is missing, malformed or out of range. */
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
            /** @description `COLLECTION_NOT_FOUND` (internal_code 4): No collection of that name. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `ALREADY_EXISTS`: The collection, file, vault or backup already exists. */
            455: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
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
                deleteone?: "0" | "1" | "true" | "false";
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
            /** @description `INVALID_PARAMETER` (internal_code 1): A path, query or body field is missing, malformed or out of range. */
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
            /** @description `COLLECTION_NOT_FOUND` (internal_code 4): No collection of that name. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
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
            /** @description `INVALID_PARAMETER` (internal_code 1): A path, query or body field is missing, malformed or out of range. */
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
            /** @description `COLLECTION_NOT_FOUND` (internal_code 4): No collection of that name. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    downloadFile: {
        parameters: {
            query?: {
                /** @description List the folder at `path` instead of downloading. */
                list?: "0" | "1" | "true" | "false";
                /** @description With `list`: every entry below the folder, not only direct children. */
                recursive?: "0" | "1" | "true" | "false";
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
            /** @description `INVALID_PARAMETER` (internal_code 1): A path, query or body field is missing, malformed or out of range. */
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
            /** @description `FILE_NOT_FOUND` (internal_code 6): No file or folder at that path. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `RANGE_NOT_SATISFIABLE`: The requested byte range lies outside the file. */
            416: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
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
            /** @description `INVALID_PARAMETER` (internal_code 1): A path, query or body field is missing, malformed or out of range. */
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
            /** @description `ALREADY_EXISTS`: The collection, file, vault or backup already exists. */
            455: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
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
            /** @description `INVALID_PARAMETER` (internal_code 1): A path, query or body field is missing, malformed or out of range. */
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
            /** @description `FILE_NOT_FOUND` (internal_code 6): No file or folder at that path. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    hiveMoveFile: {
        parameters: {
            query: {
                /** @description The new path; it must not exist. */
                to: components["schemas"]["FilePath"];
            };
            header?: never;
            path: {
                /** @description A path inside the vault, URL-encoded per segment; `/` separates folders. Normalised on the server (Unicode NFC, one trailing `/` dropped); refused: `.` and `..` segments, empty segments, NUL, more than 1024 bytes of UTF-8. The empty path is the root folder (listing and properties only). */
                path: components["schemas"]["FilePath"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": components["schemas"]["HiveEmptyBody"];
            };
        };
        responses: {
            /** @description Moved. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "name": "docs/final.txt"
                     *     }
                     */
                    "application/json": components["schemas"]["HivePathResult"];
                };
            };
            /** @description `INVALID_PARAMETER` (internal_code 1): A path, query or body field is missing, malformed or out of range. */
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
            /** @description `FILE_NOT_FOUND` (internal_code 6): No file or folder at that path. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `ALREADY_EXISTS`: The collection, file, vault or backup already exists. */
            455: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
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
            /** @description `INVALID_PARAMETER` (internal_code 1): A path, query or body field is missing, malformed or out of range. */
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
            /** @description `FILE_NOT_FOUND` (internal_code 6): No file or folder at that path. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `ALREADY_EXISTS`: The collection, file, vault or backup already exists. */
            455: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
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
            /** @description `INVALID_PARAMETER` (internal_code 1): A path, query or body field is missing, malformed or out of range. */
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
            /** @description `FILE_NOT_FOUND` (internal_code 6): No file or folder at that path. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `ALREADY_EXISTS`: The collection, file, vault or backup already exists. */
            455: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
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
            /** @description `INVALID_PARAMETER` (internal_code 1): A path, query or body field is missing, malformed or out of range. */
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
            /** @description `FILE_NOT_FOUND` (internal_code 6): No file or folder at that path. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listScripts: {
        parameters: {
            query?: {
                name?: components["schemas"]["ScriptName"];
                skip?: string;
                limit?: string;
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
            /** @description `INVALID_PARAMETER` (internal_code 1): A path, query or body field is missing, malformed or out of range. */
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
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    hiveRegisterScript: {
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
                /**
                 * @example {
                 *       "executable": {
                 *         "name": "get_messages",
                 *         "type": "find",
                 *         "body": {
                 *           "collection": "messages",
                 *           "filter": {
                 *             "author": "$params.author"
                 *           },
                 *           "options": {
                 *             "sort": [
                 *               [
                 *                 "n",
                 *                 -1
                 *               ]
                 *             ]
                 *           }
                 *         },
                 *         "output": true
                 *       },
                 *       "condition": {
                 *         "name": "has_messages",
                 *         "type": "queryHasResults",
                 *         "body": {
                 *           "collection": "messages",
                 *           "filter": {
                 *             "author": "$params.author"
                 *           }
                 *         }
                 *       },
                 *       "allowAnonymousUser": false,
                 *       "allowAnonymousApp": false
                 *     }
                 */
                "application/json": components["schemas"]["HiveRegisterScriptRequest"];
            };
        };
        responses: {
            /** @description Registered. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "acknowledged": true,
                     *       "matched_count": 0,
                     *       "modified_count": 0,
                     *       "upserted_id": "get_messages"
                     *     }
                     */
                    "application/json": components["schemas"]["RegisterScriptResult"];
                };
            };
            /** @description `INVALID_PARAMETER` (internal_code 1): A path, query or body field is missing, malformed or out of range. */
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
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
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
            /** @description `INVALID_PARAMETER` (internal_code 1): A path, query or body field is missing, malformed or out of range. */
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
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
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
            /** @description `INVALID_PARAMETER` (internal_code 1): A path, query or body field is missing, malformed or out of range. */
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
            /** @description `SCRIPT_NOT_FOUND` (internal_code 3): No script of that name. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    hiveRunScript: {
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
                /**
                 * @example {
                 *       "context": {
                 *         "target_did": "did:elastos:iXyZ8qUMM3kXyDPmEJmpSBE5q2rtHc8rzN",
                 *         "target_app_did": "did:elastos:ic8pRXyAT3JqEXo4PzHQHv5rsoYyEyDwpB"
                 *       },
                 *       "params": {
                 *         "author": "alice"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["HiveRunScriptRequest"];
            };
        };
        responses: {
            /** @description The results, by executable name. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "get_messages": {
                     *         "total": 1,
                     *         "items": [
                     *           {
                     *             "_id": {
                     *               "$oid": "65a1b2c3d4e5f60718293a4b"
                     *             },
                     *             "author": "alice",
                     *             "n": 3
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
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
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `RATE_LIMITED`: Too many requests; retry later. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
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
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `RATE_LIMITED`: Too many requests; retry later. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
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
            /** @description `RANGE_NOT_SATISFIABLE`: The requested byte range lies outside the file. */
            416: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
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
            /** @description `ALREADY_EXISTS`: The collection, file, vault or backup already exists. */
            455: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
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
            /** @description `UNAUTHORIZED`: Missing, malformed, expired or foreign access token, or a failed sign-in. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    hiveListOrders: {
        parameters: {
            query?: {
                subscription?: "vault" | "backup";
                order_id?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "subscription": "vault",
                 *       "order_id": 7
                 *     }
                 */
                "application/json": components["schemas"]["HiveOrderFilter"];
            };
        };
        responses: {
            /** @description The orders. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "orders": [
                     *         {
                     *           "interim_orderid": "6780f1a2b3c4d5e6f7a8b9c0",
                     *           "subscription": "vault",
                     *           "pricing_plan": "Standard",
                     *           "paying_did": "did:elastos:iXyZ8qUMM3kXyDPmEJmpSBE5q2rtHc8rzN",
                     *           "payment_amount": 2.5,
                     *           "payment_amount_wei": "2500000000000000000",
                     *           "create_time": 1767225600,
                     *           "expiration_time": 1767830400,
                     *           "receiving_address": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
                     *           "state": "paid",
                     *           "proof": "eyJhbGciOiJFUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJIaXZlIFBheW1lbnQifQ.c2ln",
                     *           "order_id": 7
                     *         }
                     *       ],
                     *       "interim_orderid": "6780f1a2b3c4d5e6f7a8b9c0",
                     *       "subscription": "vault",
                     *       "pricing_plan": "Standard",
                     *       "paying_did": "did:elastos:iXyZ8qUMM3kXyDPmEJmpSBE5q2rtHc8rzN",
                     *       "payment_amount": 2.5,
                     *       "payment_amount_wei": "2500000000000000000",
                     *       "create_time": 1767225600,
                     *       "expiration_time": 1767830400,
                     *       "receiving_address": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
                     *       "state": "paid",
                     *       "proof": "eyJhbGciOiJFUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJIaXZlIFBheW1lbnQifQ.c2ln",
                     *       "order_id": 7
                     *     }
                     */
                    "application/json": components["schemas"]["HiveOrderList"];
                };
            };
            /** @description `INVALID_PARAMETER` (internal_code 1): A path, query or body field is missing, malformed or out of range. */
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
            /** @description `ORDER_NOT_FOUND` (internal_code 7): No order with that id for this user. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    hivePlaceOrder: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "subscription": "vault",
                 *       "pricing_name": "Standard"
                 *     }
                 */
                "application/json": components["schemas"]["HivePlaceOrderRequest"];
            };
        };
        responses: {
            /** @description The order, with its proof to pay with. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "interim_orderid": "6780f1a2b3c4d5e6f7a8b9c0",
                     *       "subscription": "vault",
                     *       "pricing_plan": "Standard",
                     *       "paying_did": "did:elastos:iXyZ8qUMM3kXyDPmEJmpSBE5q2rtHc8rzN",
                     *       "payment_amount": 2.5,
                     *       "payment_amount_wei": "2500000000000000000",
                     *       "create_time": 1767225600,
                     *       "expiration_time": 1767830400,
                     *       "receiving_address": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
                     *       "state": "normal",
                     *       "proof": "eyJhbGciOiJFUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJIaXZlIFBheW1lbnQifQ.c2ln",
                     *       "order_id": null
                     *     }
                     */
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description `INVALID_PARAMETER` (internal_code 1): A path, query or body field is missing, malformed or out of range. */
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
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `UNAVAILABLE`: A dependency (chain RPC, IPFS, database) is unreachable. */
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
            /** @description `INVALID_PARAMETER` (internal_code 1): A path, query or body field is missing, malformed or out of range. */
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
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `UNAVAILABLE`: A dependency (chain RPC, IPFS, database) is unreachable. */
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
            query?: never;
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
            /** @description `UNAUTHORIZED`: Missing, malformed, expired or foreign access token, or a failed sign-in. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
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
            /** @description `ORDER_NOT_FOUND` (internal_code 7): No order with that id for this user. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `ALREADY_EXISTS`: The collection, file, vault or backup already exists. */
            455: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `UNAVAILABLE`: A dependency (chain RPC, IPFS, database) is unreachable. */
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
            query?: never;
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
            /** @description `UNAUTHORIZED`: Missing, malformed, expired or foreign access token, or a failed sign-in. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
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
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `UNAVAILABLE`: A dependency (chain RPC, IPFS, database) is unreachable. */
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
            /** @description `UNAUTHORIZED`: Missing, malformed, expired or foreign access token, or a failed sign-in. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
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
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `UNAVAILABLE`: A dependency (chain RPC, IPFS, database) is unreachable. */
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
            /** @description `BACKUP_IN_PROGRESS` (internal_code 2): A backup or restore of this vault is running. */
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
            /** @description `ALREADY_EXISTS`: The collection, file, vault or backup already exists. */
            455: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
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
            /** @description `INVALID_PARAMETER` (internal_code 1): A path, query or body field is missing, malformed or out of range. */
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
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `UNAVAILABLE`: A dependency (chain RPC, IPFS, database) is unreachable. */
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
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
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
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
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
            /** @description `INVALID_PARAMETER` (internal_code 1): A path, query or body field is missing, malformed or out of range. */
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
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
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
            /** @description `INVALID_PARAMETER` (internal_code 1): A path, query or body field is missing, malformed or out of range. */
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
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
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
            /** @description `INVALID_PARAMETER` (internal_code 1): A path, query or body field is missing, malformed or out of range. */
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
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
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
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
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
            /** @description `INVALID_PARAMETER` (internal_code 1): A path, query or body field is missing, malformed or out of range. */
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
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
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
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
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
            /** @description `INVALID_PARAMETER` (internal_code 1): A path, query or body field is missing, malformed or out of range. */
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
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    hiveCommitId: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The commit id. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "commit_id": "81fa6f0"
                     *     }
                     */
                    "application/json": components["schemas"]["HiveCommitId"];
                };
            };
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    hiveAboutVersion: {
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
                    /**
                     * @example {
                     *       "major": 0,
                     *       "minor": 1,
                     *       "patch": 0,
                     *       "version": "0.1.0"
                     *     }
                     */
                    "application/json": components["schemas"]["NodeVersion"];
                };
            };
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    hiveAboutCommitId: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The commit id. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "commit_id": "81fa6f0"
                     *     }
                     */
                    "application/json": components["schemas"]["HiveCommitId"];
                };
            };
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    hivePricingPlans: {
        parameters: {
            query?: {
                /** @description Which plans: vault, backup or both (default). */
                subscription?: "all" | "vault" | "backup";
                /** @description Only the plan of this name (404/5 when none). */
                name?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The plans. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "version": "1.0",
                     *       "pricingPlans": [
                     *         {
                     *           "name": "Standard",
                     *           "maxStorage": 2000,
                     *           "serviceDays": 30,
                     *           "amount": 2.5,
                     *           "currency": "ELA"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["HivePricingPlans"];
                };
            };
            /** @description `INVALID_PARAMETER` (internal_code 1): A path, query or body field is missing, malformed or out of range. */
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
            /** @description `PLAN_NOT_FOUND` (internal_code 5): No pricing plan of that name. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    hiveAppStats: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The applications. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "apps": [
                     *         {
                     *           "name": "Notes",
                     *           "developer_did": "did:elastos:iYpQMwheDxySqivocSJaoprcoDTqQsDYAu",
                     *           "icon_url": "https://example.org/notes.png",
                     *           "redirect_url": "https://example.org/callback",
                     *           "user_did": "did:elastos:iXyZ8qUMM3kXyDPmEJmpSBE5q2rtHc8rzN",
                     *           "app_did": "did:elastos:ic8pRXyAT3JqEXo4PzHQHv5rsoYyEyDwpB",
                     *           "used_storage_size": 20480,
                     *           "access_count": 42,
                     *           "access_amount": 91733,
                     *           "access_last_time": 1767225600
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["HiveAppStats"];
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
             * @description `VAULT_NOT_FOUND` (internal_code 1): No vault for this user on this node.
             *
             *     `APPLICATION_NOT_FOUND` (internal_code 9): No application has used this vault (the Hive dialect lists none as 404).
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    hiveBackupInfo: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The backup service. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "service_did": "did:elastos:iWHMLNFp3hgqXMRkZEfLTfBnyVdUwFkMfd",
                     *       "pricing_plan": "Standard",
                     *       "storage_quota": 2097152000,
                     *       "storage_used": 73400320,
                     *       "start_time": 1767225600,
                     *       "end_time": 1769817600,
                     *       "created": 1764547200,
                     *       "updated": 1767225600
                     *     }
                     */
                    "application/json": components["schemas"]["HiveBackupInfo"];
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
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    hiveSubscribeBackup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": components["schemas"]["HiveEmptyBody"];
            };
        };
        responses: {
            /** @description The backup service. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "service_did": "did:elastos:iWHMLNFp3hgqXMRkZEfLTfBnyVdUwFkMfd",
                     *       "pricing_plan": "Basic",
                     *       "storage_quota": 524288000,
                     *       "storage_used": 0,
                     *       "start_time": 1767225600,
                     *       "end_time": -1,
                     *       "created": 1767225600,
                     *       "updated": 1767225600
                     *     }
                     */
                    "application/json": components["schemas"]["HiveBackupInfo"];
                };
            };
            /** @description `INVALID_PARAMETER` (internal_code 1): A path, query or body field is missing, malformed or out of range. */
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
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `ALREADY_EXISTS`: The collection, file, vault or backup already exists. */
            455: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    hiveUnsubscribeBackup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": components["schemas"]["HiveEmptyBody"];
            };
        };
        responses: {
            /** @description Unsubscribed. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
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
            /** @description `BACKUP_NOT_FOUND` (internal_code 2): No backup for this user on this node. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    hiveDropCollection: {
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
                /** @example {} */
                "application/json": components["schemas"]["HiveEmptyBody"];
            };
        };
        responses: {
            /** @description Dropped. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `INVALID_PARAMETER` (internal_code 1): A path, query or body field is missing, malformed or out of range. */
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
            /** @description `COLLECTION_NOT_FOUND` (internal_code 4): No collection of that name. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    hiveInsertDocuments: {
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
                /**
                 * @example {
                 *       "document": [
                 *         {
                 *           "author": "alice",
                 *           "text": "hi"
                 *         }
                 *       ],
                 *       "options": {
                 *         "timestamp": true
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["HiveInsertRequest"];
            };
        };
        responses: {
            /** @description The ids of the inserted documents. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "acknowledged": true,
                     *       "acknowledge": true,
                     *       "inserted_ids": [
                     *         "65a1b2c3d4e5f60718293a4b"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["HiveInsertResult"];
                };
            };
            /** @description `INVALID_PARAMETER` (internal_code 1): A path, query or body field is missing, malformed or out of range. */
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
            /** @description `COLLECTION_NOT_FOUND` (internal_code 4): No collection of that name. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `ALREADY_EXISTS`: The collection, file, vault or backup already exists. */
            455: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
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
    hiveDeleteDocuments: {
        parameters: {
            query?: {
                /** @description Only the first match. Default false. */
                deleteone?: "0" | "1" | "true" | "false";
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
                /**
                 * @example {
                 *       "filter": {
                 *         "author": "bob"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["HiveDeleteRequest"];
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
            /** @description `INVALID_PARAMETER` (internal_code 1): A path, query or body field is missing, malformed or out of range. */
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
            /** @description `COLLECTION_NOT_FOUND` (internal_code 4): No collection of that name. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    hiveUpdateDocuments: {
        parameters: {
            query?: {
                /** @description Only the first match. Default false. */
                updateone?: "0" | "1" | "true" | "false";
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
                /**
                 * @example {
                 *       "filter": {
                 *         "author": "alice"
                 *       },
                 *       "update": {
                 *         "$set": {
                 *           "text": "edited"
                 *         }
                 *       },
                 *       "options": {
                 *         "timestamp": true
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["HiveUpdateRequest"];
            };
        };
        responses: {
            /** @description Match and change counts. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "acknowledged": true,
                     *       "matched_count": 1,
                     *       "modified_count": 1,
                     *       "upserted_id": null
                     *     }
                     */
                    "application/json": components["schemas"]["UpdateResult"];
                };
            };
            /** @description `INVALID_PARAMETER` (internal_code 1): A path, query or body field is missing, malformed or out of range. */
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
            /** @description `COLLECTION_NOT_FOUND` (internal_code 4): No collection of that name. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
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
    hiveCountDocuments: {
        parameters: {
            query: {
                /** @description Count instead of insert. */
                op: "count";
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
                /**
                 * @example {
                 *       "filter": {
                 *         "author": "alice"
                 *       },
                 *       "options": {
                 *         "skip": 0,
                 *         "limit": 100
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["HiveCountRequest"];
            };
        };
        responses: {
            /** @description The count. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "count": 2
                     *     }
                     */
                    "application/json": components["schemas"]["CountResult"];
                };
            };
            /** @description `INVALID_PARAMETER` (internal_code 1): A path, query or body field is missing, malformed or out of range. */
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
            /** @description `COLLECTION_NOT_FOUND` (internal_code 4): No collection of that name. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    hiveQueryDocuments: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "collection": "notes",
                 *       "filter": {
                 *         "author": "alice"
                 *       },
                 *       "options": {
                 *         "sort": [
                 *           [
                 *             "created",
                 *             -1
                 *           ]
                 *         ],
                 *         "limit": 10,
                 *         "projection": {
                 *           "_id": 0
                 *         }
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["HiveQueryRequest"];
            };
        };
        responses: {
            /** @description The matching documents. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "items": [
                     *         {
                     *           "author": "alice",
                     *           "text": "hi",
                     *           "created": 1767225600,
                     *           "modified": 1767225600
                     *         }
                     *       ],
                     *       "is_encrypt": false,
                     *       "encrypt_method": ""
                     *     }
                     */
                    "application/json": components["schemas"]["FindResult"];
                };
            };
            /** @description `INVALID_PARAMETER` (internal_code 1): A path, query or body field is missing, malformed or out of range. */
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
            /** @description `COLLECTION_NOT_FOUND` (internal_code 4): No collection of that name. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    hiveUploadFile: {
        parameters: {
            query?: {
                /** @description Anyone may download the file: by path through the owner (`__anonymous_files__`) and by CID (`/ipfs/{cid}`). */
                public?: "0" | "1" | "true" | "false";
                /** @description The client encrypted the content (stored as a flag). */
                is_encrypt?: "0" | "1" | "true" | "false";
                /** @description Required with `is_encrypt=true`. */
                encrypt_method?: string;
            };
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
                    /**
                     * @example {
                     *       "name": "public/logo.png",
                     *       "cid": "bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku",
                     *       "size": 1834
                     *     }
                     */
                    "application/json": components["schemas"]["UploadResult"];
                };
            };
            /** @description `INVALID_PARAMETER` (internal_code 1): A path, query or body field is missing, malformed or out of range. */
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
            /** @description `ALREADY_EXISTS`: The collection, file, vault or backup already exists. */
            455: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
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
    hiveCopyFile: {
        parameters: {
            query: {
                /** @description The path of the copy; it must not exist. */
                dest: components["schemas"]["FilePath"];
            };
            header?: never;
            path: {
                /** @description A path inside the vault, URL-encoded per segment; `/` separates folders. Normalised on the server (Unicode NFC, one trailing `/` dropped); refused: `.` and `..` segments, empty segments, NUL, more than 1024 bytes of UTF-8. The empty path is the root folder (listing and properties only). */
                path: components["schemas"]["FilePath"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": components["schemas"]["HiveEmptyBody"];
            };
        };
        responses: {
            /** @description Copied. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "name": "archive/report.pdf"
                     *     }
                     */
                    "application/json": components["schemas"]["HivePathResult"];
                };
            };
            /** @description `INVALID_PARAMETER` (internal_code 1): A path, query or body field is missing, malformed or out of range. */
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
            /** @description `FILE_NOT_FOUND` (internal_code 6): No file or folder at that path. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `ALREADY_EXISTS`: The collection, file, vault or backup already exists. */
            455: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
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
    hiveListFiles: {
        parameters: {
            query: {
                /** @description List every file below the folder. */
                comp: "children";
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
            /** @description The files. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "value": [
                     *         {
                     *           "name": "album/2026/c.jpg",
                     *           "is_file": true,
                     *           "size": 48211,
                     *           "cid": "bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku",
                     *           "created": 1767225600,
                     *           "updated": 1767225600,
                     *           "is_encrypt": false,
                     *           "encrypt_method": ""
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["HiveFileList"];
                };
            };
            /** @description `INVALID_PARAMETER` (internal_code 1): A path, query or body field is missing, malformed or out of range. */
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
            /** @description `FILE_NOT_FOUND` (internal_code 6): No file or folder at that path. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    hiveFileHash: {
        parameters: {
            query: {
                /** @description The SHA-256 of the file's content. */
                comp: "hash";
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
            /** @description The digest. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "name": "docs/report.pdf",
                     *       "algorithm": "SHA256",
                     *       "hash": "2c26b46b68ffc68ff99b453c1d30413413422d706483bfa0f98a5e886266e7ae",
                     *       "cid": "bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku"
                     *     }
                     */
                    "application/json": components["schemas"]["HiveFileHash"];
                };
            };
            /** @description `INVALID_PARAMETER` (internal_code 1): A path, query or body field is missing, malformed or out of range. */
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
            /** @description `FILE_NOT_FOUND` (internal_code 6): No file or folder at that path. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    hiveIpfsContent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The CID an upload with `public=true` answered. */
                cid: string;
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
            /** @description `INVALID_PARAMETER` (internal_code 1): A path, query or body field is missing, malformed or out of range. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `NOT_FOUND`: The resource does not exist. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `RANGE_NOT_SATISFIABLE`: The requested byte range lies outside the file. */
            416: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    hiveListScripts: {
        parameters: {
            query?: never;
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
                    /**
                     * @example {
                     *       "scripts": [
                     *         {
                     *           "name": "get_messages",
                     *           "executable": {
                     *             "name": "get_messages",
                     *             "type": "find",
                     *             "body": {
                     *               "collection": "messages",
                     *               "filter": {
                     *                 "author": "$params.author"
                     *               }
                     *             }
                     *           },
                     *           "allowAnonymousUser": false,
                     *           "allowAnonymousApp": false
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ScriptList"];
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
            /** @description `SCRIPT_NOT_FOUND` (internal_code 3): No script of that name. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    hiveRunScriptUrl: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                script_name: components["schemas"]["ScriptName"];
                /** @description `<target DID>@<application DID>`. */
                target: string;
                /** @description The run parameters as URL-encoded JSON (everything after the target). */
                params: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The results, by executable name. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "get_messages": {
                     *         "total": 1,
                     *         "items": [
                     *           {
                     *             "author": "alice",
                     *             "n": 3
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
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
            /** @description `RATE_LIMITED`: Too many requests; retry later. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
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
    hivePaymentVersion: {
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
                    /**
                     * @example {
                     *       "version": "1.0"
                     *     }
                     */
                    "application/json": components["schemas"]["HivePaymentVersion"];
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
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    hiveSettleOrder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The order id the payment contract assigned. */
                order_id: number;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": components["schemas"]["HiveEmptyBody"];
            };
        };
        responses: {
            /** @description The receipt. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "receipt_id": "9f86d081884c7d659a2feaa0",
                     *       "order_id": 7,
                     *       "interim_orderid": "6780f1a2b3c4d5e6f7a8b9c0",
                     *       "subscription": "vault",
                     *       "pricing_plan": "Standard",
                     *       "payment_amount": 2.5,
                     *       "paid_did": "did:elastos:iXyZ8qUMM3kXyDPmEJmpSBE5q2rtHc8rzN",
                     *       "create_time": 1767229200,
                     *       "receiving_address": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
                     *       "receipt_proof": "eyJhbGciOiJFUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJIaXZlIFJlY2VpcHQifQ.c2ln"
                     *     }
                     */
                    "application/json": components["schemas"]["Receipt"];
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
            /** @description `ORDER_NOT_FOUND` (internal_code 7): No order with that id for this user. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `ALREADY_EXISTS`: The collection, file, vault or backup already exists. */
            455: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `UNAVAILABLE`: A dependency (chain RPC, IPFS, database) is unreachable. */
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
    hiveListReceipts: {
        parameters: {
            query?: {
                order_id?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "order_id": 7
                 *     }
                 */
                "application/json": components["schemas"]["HiveReceiptFilter"];
            };
        };
        responses: {
            /** @description The receipts. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "receipts": [
                     *         {
                     *           "receipt_id": "9f86d081884c7d659a2feaa0",
                     *           "order_id": 7,
                     *           "interim_orderid": "6780f1a2b3c4d5e6f7a8b9c0",
                     *           "subscription": "vault",
                     *           "pricing_plan": "Standard",
                     *           "payment_amount": 2.5,
                     *           "paid_did": "did:elastos:iXyZ8qUMM3kXyDPmEJmpSBE5q2rtHc8rzN",
                     *           "create_time": 1767229200,
                     *           "receiving_address": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
                     *           "receipt_proof": "eyJhbGciOiJFUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJIaXZlIFJlY2VpcHQifQ.c2ln"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ReceiptList"];
                };
            };
            /** @description `INVALID_PARAMETER` (internal_code 1): A path, query or body field is missing, malformed or out of range. */
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
            /** @description `RECEIPT_NOT_FOUND` (internal_code 8): No receipt with that id for this user. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    hiveBackupState: {
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
                    /**
                     * @example {
                     *       "state": "backup",
                     *       "result": "process",
                     *       "message": "sending 12 database chunks and 3 files"
                     *     }
                     */
                    "application/json": components["schemas"]["HiveBackupResult"];
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
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    hiveStartBackup: {
        parameters: {
            query: {
                /** @description Back up to the node the credential names. */
                to: "hive_node";
                /** @description Accepted; the checks run either way. */
                is_force?: "0" | "1" | "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "credential": "{\"id\":\"did:elastos:iWHMLNFp3hgqXMRkZEfLTfBnyVdUwFkMfd#hive-backup-credential\",\"type\":[\"HiveBackupCredential\",\"VerifiableCredential\"],\"issuer\":\"did:elastos:iXyZ8qUMM3kXyDPmEJmpSBE5q2rtHc8rzN\",\"credentialSubject\":{\"id\":\"did:elastos:iWHMLNFp3hgqXMRkZEfLTfBnyVdUwFkMfd\",\"sourceHiveNodeDID\":\"did:elastos:iWHMLNFp3hgqXMRkZEfLTfBnyVdUwFkMfd\",\"targetHiveNodeDID\":\"did:elastos:iZr9PLVxvDKUMbW4ChzHwBebD2cc8L2UWY\",\"targetNodeURL\":\"https://backup.example.org\"},\"…\":\"…\"}"
                 *     }
                 */
                "application/json": components["schemas"]["HiveBackupRequest"];
            };
        };
        responses: {
            /** @description Started. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "state": "backup",
                     *       "result": "process",
                     *       "message": "signing in to the backup node"
                     *     }
                     */
                    "application/json": components["schemas"]["HiveBackupResult"];
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
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    hiveStartRestore: {
        parameters: {
            query: {
                /** @description Restore from the node the credential names. */
                from: "hive_node";
                /** @description Accepted; the checks run either way. */
                is_force?: "0" | "1" | "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "credential": "{\"id\":\"did:elastos:iWHMLNFp3hgqXMRkZEfLTfBnyVdUwFkMfd#hive-backup-credential\",\"type\":[\"HiveBackupCredential\",\"VerifiableCredential\"],\"issuer\":\"did:elastos:iXyZ8qUMM3kXyDPmEJmpSBE5q2rtHc8rzN\",\"credentialSubject\":{\"id\":\"did:elastos:iWHMLNFp3hgqXMRkZEfLTfBnyVdUwFkMfd\",\"sourceHiveNodeDID\":\"did:elastos:iWHMLNFp3hgqXMRkZEfLTfBnyVdUwFkMfd\",\"targetHiveNodeDID\":\"did:elastos:iZr9PLVxvDKUMbW4ChzHwBebD2cc8L2UWY\",\"targetNodeURL\":\"https://backup.example.org\"},\"…\":\"…\"}"
                 *     }
                 */
                "application/json": components["schemas"]["HiveBackupRequest"];
            };
        };
        responses: {
            /** @description Started. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "state": "restore",
                     *       "result": "process",
                     *       "message": "signing in to the backup node"
                     *     }
                     */
                    "application/json": components["schemas"]["HiveBackupResult"];
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
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    hivePromote: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": components["schemas"]["HiveEmptyBody"];
            };
        };
        responses: {
            /** @description The new vault. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "service_did": "did:elastos:iZr9PLVxvDKUMbW4ChzHwBebD2cc8L2UWY",
                     *       "pricing_plan": "Basic",
                     *       "storage_quota": 524288000,
                     *       "storage_used": 20480,
                     *       "database_used": 4096,
                     *       "files_used": 16384,
                     *       "start_time": 1767225600,
                     *       "end_time": -1,
                     *       "created": 1767225600,
                     *       "updated": 1767225600,
                     *       "state": "running",
                     *       "app_count": 0,
                     *       "access_count": 0,
                     *       "access_amount": 0,
                     *       "access_last_time": -1
                     *     }
                     */
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
            /** @description `PAYLOAD_TOO_LARGE` (internal_code 3000): The request body exceeds the limit of this endpoint. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `ALREADY_EXISTS`: The collection, file, vault or backup already exists. */
            455: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
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
    hiveProviderVaults: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The vaults. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "vaults": [
                     *         {
                     *           "pricing_using": "Basic",
                     *           "max_storage": 524288000,
                     *           "file_use_storage": 4096,
                     *           "db_use_storage": 812,
                     *           "user_did": "did:elastos:iXyZ8qUMM3kXyDPmEJmpSBE5q2rtHc8rzN",
                     *           "access_count": 17,
                     *           "access_amount": 20933,
                     *           "access_last_time": 1767225600
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["HiveProviderVaults"];
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
            /** @description `VAULT_NOT_FOUND` (internal_code 1): No vault for this user on this node. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    hiveProviderBackups: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The backup services. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "backups": [
                     *         {
                     *           "pricing_using": "Basic",
                     *           "max_storage": 524288000,
                     *           "use_storage": 0,
                     *           "user_did": "did:elastos:iXyZ8qUMM3kXyDPmEJmpSBE5q2rtHc8rzN"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["HiveProviderBackups"];
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
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    hiveProviderFilledOrders: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The settled orders. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "orders": [
                     *         {
                     *           "order_id": 7,
                     *           "receipt_id": "9f86d081884c7d659a2feaa0",
                     *           "user_did": "did:elastos:iXyZ8qUMM3kXyDPmEJmpSBE5q2rtHc8rzN",
                     *           "paid_did": "did:elastos:iXyZ8qUMM3kXyDPmEJmpSBE5q2rtHc8rzN",
                     *           "subscription": "vault",
                     *           "pricing_name": "Standard",
                     *           "pricing_plan": "Standard",
                     *           "ela_amount": 2.5,
                     *           "payment_amount": 2.5,
                     *           "ela_address": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
                     *           "receiving_address": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
                     *           "create_time": 1767229200,
                     *           "receipt_proof": "eyJhbGciOiJFUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJIaXZlIFJlY2VpcHQifQ.c2ln"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["HiveFilledOrders"];
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
            /** @description `RECEIPT_NOT_FOUND` (internal_code 8): No receipt with that id for this user. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `INTERNAL`: An unexpected server error; details are in the server log under the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
