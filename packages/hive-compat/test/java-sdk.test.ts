/**
 * The official Hive Java SDK (elastos/Elastos.Hive.Java.SDK 2.8.1, its JUnit suite under
 * `src/test`). Its artifact is not on Maven Central (`org.elastos:hive` and `org.elastos.hive:*`
 * are absent; only its dependency `org.elastos.did:didsdk` is), so its requests are made here as it
 * makes them — Retrofit on OkHttp: an absent `@Body` is no body on GET and DELETE and an empty one
 * (`Content-Length: 0`, no content type) on PUT, POST and PATCH, `@Query` values that are null are
 * left out; uploads through `HttpURLConnection` in chunked streaming mode — and its suite's checks
 * are made on the answers. Written for Cella, not copied: the same requests and the same checks.
 */
import { describe, expect, test } from 'vitest';
import { newUser, world, type HiveUser } from './support/env.js';
import { rawSession, type RawSession } from './support/raw-http.js';

const V2 = '/api/v2';

async function javaUser(name: string): Promise<{ user: HiveUser; sdk: RawSession }> {
  const user = await newUser(name);
  const sdk = await rawSession(user, world.vault.url);
  // VaultSubscription.subscribe(): PUT without a body.
  expect((await sdk.java('PUT', `${V2}/subscription/vault`)).status).toBe(200);
  return { user, sdk };
}

describe('DatabaseServiceTest', () => {
  test('createCollection (PUT, empty body) → created, again AlreadyExists (455); deleteCollection (DELETE, no body at all) drops it, again NotFound (404)', async () => {
    const { sdk } = await javaUser('java-db');
    // deleteCollectionAnyway(): a missing collection is a NotFoundException the test swallows.
    expect((await sdk.java('DELETE', `${V2}/vault/db/works`)).status).toBe(404);
    const created = await sdk.java('PUT', `${V2}/vault/db/collections/works`);
    expect(created.status).toBe(200);
    expect(created.json()).toEqual({ name: 'works' });
    expect((await sdk.java('PUT', `${V2}/vault/db/collections/works`)).status).toBe(455);
    expect((await sdk.java('GET', `${V2}/vault/db/collections`)).json().collections).toEqual([
      { name: 'works', is_encrypt: false, encrypt_method: '' },
    ]);

    // insertOne / insertMany with InsertOptions (bypass_document_validation, ordered).
    const one = await sdk.java('POST', `${V2}/vault/db/collection/works`, {
      document: [{ author: 'john doe1', title: 'Eve for Dummies1', words_count: 10000 }],
      options: { bypass_document_validation: false, ordered: false },
    });
    expect(one.status).toBe(201);
    const many = await sdk.java('POST', `${V2}/vault/db/collection/works`, {
      document: [
        { author: 'john doe2', title: 'Eve for Dummies2', words_count: 1000 },
        { author: 'john doe3', title: 'Eve for Dummies3', words_count: 10000 },
      ],
      options: { bypass_document_validation: false, ordered: true },
    });
    expect(many.json().inserted_ids).toHaveLength(2);
    const missing = await sdk.java('POST', `${V2}/vault/db/collection/works_not_exists`, {
      document: [{ author: 'john doe1' }],
      options: { bypass_document_validation: false, ordered: false },
    });
    expect(missing.status).toBe(404);

    // findOne / findMany with FindOptions().setSkip(0).setLimit(0): limit 0 is no limit.
    const filter = encodeURIComponent(
      JSON.stringify({ author: 'john doe1', words_count: { $gt: 5000, $lt: 15000 } }),
    );
    const found = await sdk.java('GET', `${V2}/vault/db/works?filter=${filter}&skip=0&limit=0`);
    expect(found.status).toBe(200);
    expect(found.json().items).toHaveLength(1);
    expect(
      (await sdk.java('GET', `${V2}/vault/db/works_not_exists?filter=%7B%7D&skip=0&limit=0`)).status,
    ).toBe(404);

    // query with QueryOptions().setSort(new AscendingSortItem("_id")); count with CountOptions.
    const queried = await sdk.java('POST', `${V2}/vault/db/query`, {
      collection: 'works',
      filter: { author: 'john doe1' },
      options: { sort: [['_id', 1]] },
    });
    expect(queried.status).toBe(201);
    const counted = await sdk.java('POST', `${V2}/vault/db/collection/works?op=count`, {
      filter: { author: 'john doe1' },
      options: { skip: 0, limit: 1, maxTimeMS: 1000000000 },
    });
    expect(counted.json().count).toBe(1);

    // updateOne with upsert; $setOnInsert on a missing document inserts it.
    const updated = await sdk.java('PATCH', `${V2}/vault/db/collection/works?updateone=true`, {
      filter: { author: 'john doe4' },
      update: { $setOnInsert: { title: 'Eve for Dummies1_1' } },
      options: { upsert: true, bypass_document_validation: false },
    });
    expect(updated.status).toBe(200);
    expect(updated.json().upserted_id).toEqual(expect.any(String));

    // deleteOne / deleteMany: DELETE with a JSON body.
    const deleted = await sdk.java('DELETE', `${V2}/vault/db/collection/works?deleteone=false`, {
      filter: { author: 'john doe2' },
    });
    expect(deleted.status).toBe(204);

    // testDeleteCollection: the drop, with no body.
    expect((await sdk.java('DELETE', `${V2}/vault/db/works`)).status).toBe(204);
    expect((await sdk.java('GET', `${V2}/vault/db/works?filter=%7B%7D`)).status).toBe(404);
    expect((await sdk.java('DELETE', `${V2}/vault/db/works`)).status).toBe(404);
  });
});

describe('ScriptingServiceTest', () => {
  test('getScripts(null, 0, 0): GET /vault/scripting/scripts?skip=0&limit=0 lists them; name, skip and limit as the reference', async () => {
    const { sdk } = await javaUser('java-scripts');
    await sdk.java('PUT', `${V2}/vault/db/collections/java_script_database`);
    // None yet: 404 (ScriptNotFoundException).
    expect((await sdk.java('GET', `${V2}/vault/scripting/scripts?skip=0&limit=0`)).status).toBe(404);
    for (const name of ['script_database_count', 'script_database_find', 'script_file_hash']) {
      const registered = await sdk.java('PUT', `${V2}/vault/scripting/${name}`, {
        executable: {
          name: 'database_count',
          type: 'count',
          output: true,
          body: { collection: 'java_script_database', filter: { author: 'John' } },
        },
        allowAnonymousUser: false,
        allowAnonymousApp: false,
      });
      expect(registered.status).toBe(200);
    }
    const all = await sdk.java('GET', `${V2}/vault/scripting/scripts?skip=0&limit=0`);
    expect(all.status).toBe(200);
    const names = (answer: typeof all) => answer.json().scripts.map((s: { name: string }) => s.name);
    expect(names(all)).toEqual(['script_database_count', 'script_database_find', 'script_file_hash']);
    expect(names(await sdk.java('GET', `${V2}/vault/scripting/scripts?skip=1&limit=1`))).toEqual([
      'script_database_find',
    ]);
    expect(
      names(await sdk.java('GET', `${V2}/vault/scripting/scripts?name=script_file_hash&skip=0&limit=0`)),
    ).toEqual(['script_file_hash']);
    expect((await sdk.java('GET', `${V2}/vault/scripting/scripts?limit=-1`)).status).toBe(400);
    // unregisterScript: DELETE without a body.
    expect((await sdk.java('DELETE', `${V2}/vault/scripting/script_file_hash`)).status).toBe(204);
  });

  test('fileUpload and fileDownload through a transaction: the upload chunked by HttpURLConnection, the download a GET', async () => {
    const { user, sdk } = await javaUser('java-transactions');
    for (const [name, type] of [
      ['script_upload_file', 'fileUpload'],
      ['script_download_file', 'fileDownload'],
    ] as const) {
      await sdk.java('PUT', `${V2}/vault/scripting/${name}`, {
        executable: { name: type, type, output: true, body: { path: '$params.path' } },
        allowAnonymousUser: false,
        allowAnonymousApp: false,
      });
    }
    const context = { target_did: user.did, target_app_did: user.appDid };
    const upload = await sdk.java('PATCH', `${V2}/vault/scripting/script_upload_file`, {
      context,
      params: { path: 'test.txt' },
    });
    expect(upload.status).toBe(200);
    const content = 'The content the Java SDK streams in pieces.\n';
    const put = await sdk.javaUpload(
      `${V2}/vault/scripting/stream/${upload.json().fileUpload.transaction_id}`,
      content,
    );
    expect(put.status).toBe(200);
    const download = await sdk.java('PATCH', `${V2}/vault/scripting/script_download_file`, {
      context,
      params: { path: 'test.txt' },
    });
    const got = await sdk.java(
      'GET',
      `${V2}/vault/scripting/stream/${download.json().fileDownload.transaction_id}`,
    );
    expect(got.status).toBe(200);
    expect(got.text).toBe(content);
  });
});

describe('FilesServiceTest', () => {
  test('upload (HttpURLConnection, chunked), list, stat, hash, move and copy (no body), delete', async () => {
    const { sdk } = await javaUser('java-files');
    const text = 'Hive Java SDK test file\n'.repeat(20);
    const up = await sdk.javaUpload(`${V2}/vault/files/hive/test.txt`, text);
    expect(up.status).toBe(200);
    expect(up.json().name).toBe('hive/test.txt');
    await sdk.javaUpload(`${V2}/vault/files/hive/big.png`, Buffer.alloc(70_000, 7));
    expect((await sdk.java('GET', `${V2}/vault/files/hive/test.txt`)).text).toBe(text);
    expect((await sdk.java('GET', `${V2}/vault/files/hive/not_exists`)).status).toBe(404);
    const listed = await sdk.java('GET', `${V2}/vault/files/hive?comp=children`);
    expect(listed.json().value.map((f: { name: string }) => f.name)).toEqual([
      'hive/big.png',
      'hive/test.txt',
    ]);
    expect((await sdk.java('GET', `${V2}/vault/files/hive/not_exists?comp=children`)).status).toBe(404);
    const stat = await sdk.java('GET', `${V2}/vault/files/hive/test.txt?comp=metadata`);
    expect(stat.json()).toMatchObject({ name: 'hive/test.txt', is_file: true, size: text.length });
    expect((await sdk.java('GET', `${V2}/vault/files/hive/test.txt?comp=hash`)).json().hash).toMatch(
      /^[0-9a-f]{64}$/,
    );
    expect((await sdk.java('GET', `${V2}/vault/files/hive/not_exists?comp=hash`)).status).toBe(404);
    const moved = await sdk.java('PATCH', `${V2}/vault/files/hive/test.txt?to=hive/test.txt2`);
    expect(moved.status).toBe(200);
    expect((await sdk.java('PATCH', `${V2}/vault/files/hive/not_exists?to=hive/not_exists_bak`)).status).toBe(
      404,
    );
    const copied = await sdk.java('PUT', `${V2}/vault/files/hive/test.txt2?dest=hive/test.txt`);
    expect(copied.status).toBe(200);
    expect((await sdk.java('PUT', `${V2}/vault/files/hive/not_exists?dest=hive/not_exists_bak`)).status).toBe(
      404,
    );
    expect((await sdk.java('GET', `${V2}/vault/files/hive/test.txt`)).text).toBe(text);
    expect((await sdk.java('DELETE', `${V2}/vault/files/hive/test.txt`)).status).toBe(204);
    expect((await sdk.java('DELETE', `${V2}/vault/files/hive/test.txt2`)).status).toBe(204);
  });
});

describe('AboutTest / VaultSubscriptionTest / BackupServiceTest', () => {
  test('getNodeVersion: major > 0; getLatestCommitId and getNodeInfo fields are set', async () => {
    const { sdk } = await javaUser('java-about');
    const version = (await sdk.java('GET', `${V2}/node/version`)).json();
    expect(version.major).toBeGreaterThan(0);
    expect((await sdk.java('GET', `${V2}/node/commit_id`)).json().commit_id).toEqual(expect.any(String));
    const info = (await sdk.java('GET', `${V2}/node/info`)).json();
    for (const field of [
      'name',
      'ownership_presentation',
      'description',
      'email',
      'owner_did',
      'last_commit_id',
      'version',
      'service_did',
    ])
      expect(info[field], field).not.toBeNull();
    expect(info.ownership_presentation).toEqual(expect.any(Object));
  });

  test('checkSubscription fields; the backup state before any job; the unsubscribe the SDK sends (force as a query value)', async () => {
    const { sdk } = await javaUser('java-subscription');
    const info = (await sdk.java('GET', `${V2}/subscription/vault`)).json();
    expect(info.storage_quota).toBeGreaterThan(0);
    expect(info.created).toBeGreaterThan(0);
    expect(info.updated).toBeGreaterThan(0);
    expect(info.app_count).toBeGreaterThan(0);
    expect(info.access_last_time).toBeGreaterThanOrEqual(-1);
    const plans = (
      await sdk.java('GET', `${V2}/subscription/pricing_plan?subscription=vault&name=Standard`)
    ).json();
    expect(plans.pricingPlans[0].name).toBe('Standard');
    const state = (await sdk.java('GET', `${V2}/vault/content`)).json();
    expect(state).toMatchObject({ state: expect.any(String), result: expect.any(String) });
    expect((await sdk.java('POST', `${V2}/subscription/vault?op=deactivation`)).status).toBe(201);
    expect((await sdk.java('POST', `${V2}/subscription/vault?op=activation`)).status).toBe(201);
    expect((await sdk.java('DELETE', `${V2}/subscription/vault?force=true`)).status).toBe(204);
  });
});
