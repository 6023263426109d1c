/**
 * Where the two dialects share a method and a path (docs/api-decisions.md, "Two dialects"): each
 * request has one reading, decided by its query or its body, and what a route does not know is
 * refused (400) with nothing written — in the primary dialect (Cella's SDK, `Bearer`) and in the
 * Hive dialect (`token`, signed in through an application) alike.
 */
import { createHash } from 'node:crypto';
import { connect, createDevIdentity, type Vault } from '@cella/sdk';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { appDid, HiveSession, send } from '../helpers/hive-client.js';
import { startTempNode, type TempNode } from '../helpers/temp-node.js';
import { scrape } from '../ops/exposition.js';

let node: TempNode;
/** The primary dialect: Cella's SDK and Bearer requests in the default space. */
let cella: Vault;
let primary: HiveSession;
/** The Hive dialect: the same user through an application. */
let hive: HiveSession;

beforeAll(async () => {
  node = await startTempNode();
  const user = createDevIdentity('key');
  cella = await connect({ url: node.url, signer: user.signer });
  primary = new HiveSession(node.url, await cella.session.token());
  hive = await HiveSession.through(node.url, user.signer, appDid());
});
afterAll(async () => {
  await node?.stop();
});

const FILES = '/api/v2/vault/files';
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

function refused(response: { status: number; json(): any }, status = 400) {
  expect(response.status).toBe(status);
  return response.json().error as { message: string; internal_code?: number };
}

async function bytes(session: HiveSession, path: string): Promise<string> {
  const response = await session.send('GET', `${FILES}/${path}`);
  expect(response.status).toBe(200);
  return response.body.toString();
}

describe('A: PUT /vault/files/{path} — upload, or copy with `dest`', () => {
  for (const [dialect, session] of [
    ['primary', () => primary],
    ['hive', () => hive],
  ] as const) {
    test(`${dialect}: without a query it uploads; with dest and {} it copies, the source untouched`, async () => {
      const s = session();
      expect((await s.send('PUT', `${FILES}/a/source.txt`, 'original bytes')).status).toBe(200);
      const copied = await s.send('PUT', `${FILES}/a/source.txt?dest=a/copy.txt`, {});
      expect(copied.status).toBe(200);
      expect(copied.json()).toEqual({ name: 'a/copy.txt' });
      expect(await bytes(s, 'a/source.txt')).toBe('original bytes');
      expect(await bytes(s, 'a/copy.txt')).toBe('original bytes');
      // With no body at all too.
      expect((await s.send('PUT', `${FILES}/a/source.txt?dest=a/copy2.txt`)).status).toBe(200);
    });

    test(`${dialect}: a copy's body must be empty or {}: bytes with dest are refused and nothing is written`, async () => {
      const s = session();
      await s.send('PUT', `${FILES}/b/source.txt`, 'kept');
      refused(await s.send('PUT', `${FILES}/b/source.txt?dest=b/copy.txt`, 'xy'));
      refused(await s.send('PUT', `${FILES}/b/source.txt?dest=b/copy.txt`, { x: 1 }));
      expect(await bytes(s, 'b/source.txt')).toBe('kept');
      expect((await s.send('GET', `${FILES}/b/copy.txt`)).status).toBe(404);
    });

    test(`${dialect}: dest with an upload parameter, or a parameter no PUT knows, is refused and stores nothing`, async () => {
      const s = session();
      const both = refused(await s.send('PUT', `${FILES}/c/x.txt?dest=c/y.txt&public=true`, 'data'));
      expect(both.message).toMatch(/dest|public/);
      refused(await s.send('PUT', `${FILES}/c/x.txt?overwrite=false`, 'data'));
      expect((await s.send('GET', `${FILES}/c/x.txt`)).status).toBe(404);
    });

    test(`${dialect}: the reference's upload flags are the Hive upload (public gets a CID served by /ipfs)`, async () => {
      const s = session();
      const up = await s.send('PUT', `${FILES}/d/pub.txt?public=true&is_encrypt=false`, `public ${dialect}`);
      expect(up.status).toBe(200);
      const ipfs = await fetch(`${node.url}/ipfs/${up.json().cid}`);
      expect(await ipfs.text()).toBe(`public ${dialect}`);
      refused(await s.send('PUT', `${FILES}/d/enc.txt?is_encrypt=true`, 'secret'));
    });
  }
});

describe('B: GET …?comp=hash (SHA-256) and GET …/hash (the CID)', () => {
  test("both dialects: ?comp=hash answers the reference shape, /hash the spec's", async () => {
    for (const s of [primary, hive]) {
      await s.send('PUT', `${FILES}/h/file.txt`, 'hash me');
      const reference = await s.send('GET', `${FILES}/h/file.txt?comp=hash`);
      expect(reference.json()).toEqual({
        name: 'h/file.txt',
        algorithm: 'SHA256',
        hash: sha256('hash me'),
        cid: expect.stringMatching(/^bafk/),
      });
      const spec = await s.send('GET', `${FILES}/h/file.txt/hash`);
      expect(spec.json()).toEqual({ name: 'h/file.txt', cid: reference.json().cid });
    }
  });
});

describe('C: GET …?comp=children (every file below) and ?list=true (direct children, folders too)', () => {
  test('both dialects: each query has its listing; both together are refused', async () => {
    for (const s of [primary, hive]) {
      await s.send('PUT', `${FILES}/album/a.txt`, 'a');
      await s.send('PUT', `${FILES}/album/2026/b.txt`, 'b');
      const reference = await s.send('GET', `${FILES}/album?comp=children`);
      expect(
        reference.json().value.map((e: { name: string; is_file: boolean }) => [e.name, e.is_file]),
      ).toEqual([
        ['album/2026/b.txt', true],
        ['album/a.txt', true],
      ]);
      expect(reference.json().value[0]).toMatchObject({ is_encrypt: false, encrypt_method: '' });
      const view = await s.send('GET', `${FILES}/album?list=true`);
      expect(view.json().value.map((e: { name: string; is_file: boolean }) => [e.name, e.is_file])).toEqual([
        ['album/2026', false],
        ['album/a.txt', true],
      ]);
      refused(await s.send('GET', `${FILES}/album?list=true&comp=children`));
      refused(await s.send('GET', `${FILES}/album?list=true&comp=metadata`));
      const empty = refused(await s.send('GET', `${FILES}/nothing-here?comp=children`), 404);
      expect(empty.internal_code).toBe(6);
    }
  });
});

describe('D: DELETE /vault/db/{collection} — delete documents with a filter, drop the collection with {}', () => {
  async function fresh(s: HiveSession, name: string) {
    expect((await s.send('PUT', `/api/v2/vault/db/collections/${name}`, {})).status).toBe(200);
    await s.send('POST', `/api/v2/vault/db/collection/${name}`, { document: [{ k: 1 }, { k: 2 }] });
  }
  const count = async (s: HiveSession, name: string) =>
    (await s.send('POST', `/api/v2/vault/db/collection/${name}?op=count`, { filter: {} })).json().count;
  const listed = async (s: HiveSession) =>
    (await s.send('GET', '/api/v2/vault/db/collections'))
      .json()
      .collections.map((c: { name: string }) => c.name);

  test('both dialects: a filter in the body or the query deletes documents, the collection stays', async () => {
    for (const s of [primary, hive]) {
      await fresh(s, 'd_filter');
      // Deleting documents answers its count (200), whichever dialect's client sends it.
      const deleted = await s.send('DELETE', '/api/v2/vault/db/d_filter', { filter: { k: 1 } });
      expect([deleted.status, deleted.json()]).toEqual([200, { acknowledged: true, deleted_count: 1 }]);
      expect(await count(s, 'd_filter')).toBe(1);
      expect((await s.send('DELETE', '/api/v2/vault/db/d_filter?filter=%7B%7D')).status).toBe(200);
      expect(await count(s, 'd_filter')).toBe(0);
      expect(await listed(s)).toContain('d_filter');
    }
  });

  test("both dialects: exactly {} drops the collection (the Hive JS SDK's deleteCollection), and so does no body (the Java SDK's, the reference's tests')", async () => {
    for (const s of [primary, hive]) {
      await fresh(s, 'd_drop');
      expect((await s.send('DELETE', '/api/v2/vault/db/d_drop', {})).status).toBe(204);
      expect(await listed(s)).not.toContain('d_drop');
      expect(refused(await s.send('DELETE', '/api/v2/vault/db/d_drop', {}), 404).internal_code).toBe(4);
      await fresh(s, 'd_drop');
      expect((await s.send('DELETE', '/api/v2/vault/db/d_drop')).status).toBe(204);
      expect(await listed(s)).not.toContain('d_drop');
      expect(refused(await s.send('DELETE', '/api/v2/vault/db/d_drop'), 404).internal_code).toBe(4);
    }
  });

  test('the metrics count each request under the entry its body chose, and an unreadable body under the first', async () => {
    const requests = async (route: string, status: string) =>
      (await scrape(node.url)).value('cella_http_requests_total', { route, method: 'DELETE', status });
    await fresh(hive, 'd_metrics');
    const before = {
      dropped: await requests('hiveDropCollection', '204'),
      deleted: await requests('deleteDocuments', '200'),
      refused: await requests('deleteDocuments', '400'),
    };
    await hive.send('DELETE', '/api/v2/vault/db/d_metrics', { filter: { k: 1 } });
    await hive.send('DELETE', '/api/v2/vault/db/d_metrics', {});
    await fresh(hive, 'd_metrics');
    await hive.send('DELETE', '/api/v2/vault/db/d_metrics'); // no body: the drop too
    refused(await hive.send('DELETE', '/api/v2/vault/db/d_metrics', '{"filter":'));
    expect(await requests('deleteDocuments', '200')).toBe(before.deleted + 1);
    expect(await requests('hiveDropCollection', '204')).toBe(before.dropped + 2);
    expect(await requests('deleteDocuments', '400')).toBe(before.refused + 1);
  });

  test('both dialects: a body with other fields, or {} or no body with a query, is refused and changes nothing', async () => {
    for (const s of [primary, hive]) {
      await fresh(s, 'd_keep');
      expect(refused(await s.send('DELETE', '/api/v2/vault/db/d_keep?deleteone=true')).message).toMatch(
        /filter/,
      );
      refused(await s.send('DELETE', '/api/v2/vault/db/d_keep', { filter: {}, drop: true }));
      refused(await s.send('DELETE', '/api/v2/vault/db/d_keep', { collection: 'd_keep' }));
      refused(await s.send('DELETE', '/api/v2/vault/db/d_keep?deleteone=true', {}));
      expect(await count(s, 'd_keep')).toBe(2);
      expect(await listed(s)).toContain('d_keep');
    }
  });
});

describe('E, F: /vault/db/query and /vault/db/collection/… are the Hive routes; their words are reserved names', () => {
  test('both dialects: POST /vault/db/query is a query, never an insert', async () => {
    for (const s of [primary, hive]) {
      await s.send('PUT', '/api/v2/vault/db/collections/q_items', {});
      await s.send('POST', '/api/v2/vault/db/collection/q_items', { document: [{ n: 2 }, { n: 1 }] });
      const found = await s.send('POST', '/api/v2/vault/db/query', {
        collection: 'q_items',
        filter: {},
        options: { sort: [['n', 1]], projection: { _id: 0, n: 1 } },
      });
      expect(found.status).toBe(201);
      expect(found.json()).toEqual({ items: [{ n: 1 }, { n: 2 }], is_encrypt: false, encrypt_method: '' });
      refused(await s.send('POST', '/api/v2/vault/db/query', { document: { n: 3 } }));
      refused(
        await s.send('POST', '/api/v2/vault/db/query', {
          collection: 'q_items',
          filter: {},
          options: { return_key: true },
        }),
      );
      expect(
        (await s.send('POST', '/api/v2/vault/db/query', { collection: 'q_items' })).json().items,
      ).toHaveLength(2);
    }
  });

  test('both dialects: collections named query or collection cannot be created', async () => {
    for (const name of ['query', 'collection', 'collections']) {
      refused(await primary.send('POST', '/api/v2/vault/db/collections', { name }));
      refused(await hive.send('PUT', `/api/v2/vault/db/collections/${name}`, {}));
    }
  });

  test('POST /vault/db/collection/{c} inserts, with op=count counts; another op is refused', async () => {
    await hive.send('PUT', '/api/v2/vault/db/collections/count', {});
    const inserted = await hive.send('POST', '/api/v2/vault/db/collection/count', { document: [{ a: 1 }] });
    expect(inserted.status).toBe(201);
    expect(inserted.json()).toMatchObject({ acknowledged: true, acknowledge: true });
    expect(
      (await hive.send('POST', '/api/v2/vault/db/collection/count?op=count', { filter: {} })).json(),
    ).toEqual({
      count: 1,
    });
    refused(await hive.send('POST', '/api/v2/vault/db/collection/count?op=sum', { filter: {} }));
    expect(
      (await hive.send('POST', '/api/v2/vault/db/collection/count?op=count', { filter: {} })).json().count,
    ).toBe(1);
  });
});

describe('G: shared routes answer the superset', () => {
  test('GET /vault/db/collections and finds carry the encryption flags in both dialects', async () => {
    await hive.send('PUT', '/api/v2/vault/db/collections/secret', {
      is_encrypt: true,
      encrypt_method: 'user_did',
    });
    const listed = await hive.send('GET', '/api/v2/vault/db/collections');
    expect(listed.json().collections).toContainEqual({
      name: 'secret',
      is_encrypt: true,
      encrypt_method: 'user_did',
    });
    expect((await hive.send('GET', '/api/v2/vault/db/secret')).json()).toEqual({
      items: [],
      is_encrypt: true,
      encrypt_method: 'user_did',
    });
    await cella.db.createCollection('plain');
    expect(await cella.db.collection('plain').find({}).toArray()).toEqual([]);
    expect((await primary.send('GET', '/api/v2/vault/db/collections')).json().collections).toContainEqual({
      name: 'plain',
      is_encrypt: false,
      encrypt_method: '',
    });
    // An empty list stays an empty list (one answer for one request): not the reference's 404.
    const other = await HiveSession.through(node.url, createDevIdentity('key').signer, appDid());
    expect((await other.send('GET', '/api/v2/vault/db/collections')).json()).toEqual({ collections: [] });
  });

  test('finds answer the flags of the collection as it is now: none, dropped, re-created either way', async () => {
    // A vault that never had an encrypted collection (no flags are stored at all).
    const fresh = await HiveSession.through(node.url, createDevIdentity('key').signer, appDid());
    await fresh.send('PUT', '/api/v2/vault/db/collections/mine', {});
    const plain = { items: [], is_encrypt: false, encrypt_method: '' };
    expect((await fresh.send('GET', '/api/v2/vault/db/mine')).json()).toEqual(plain);
    const encrypted = { items: [], is_encrypt: true, encrypt_method: 'user_did' };
    await fresh.send('PUT', '/api/v2/vault/db/collections/again', {
      is_encrypt: true,
      encrypt_method: 'user_did',
    });
    expect((await fresh.send('GET', '/api/v2/vault/db/again')).json()).toEqual(encrypted);
    expect((await fresh.send('GET', '/api/v2/vault/db/mine')).json()).toEqual(plain);
    expect((await fresh.send('DELETE', '/api/v2/vault/db/again')).status).toBe(204);
    await fresh.send('PUT', '/api/v2/vault/db/collections/again', {});
    expect((await fresh.send('GET', '/api/v2/vault/db/again')).json()).toEqual(plain);
    expect((await fresh.send('DELETE', '/api/v2/vault/db/again')).status).toBe(204);
    await fresh.send('PUT', '/api/v2/vault/db/collections/again', {
      is_encrypt: true,
      encrypt_method: 'user_did',
    });
    expect((await fresh.send('GET', '/api/v2/vault/db/again')).json()).toEqual(encrypted);
  });
});

describe('H: /vault/scripting/{name} — POST/PUT register, POST …/run and PATCH run, DELETE shared', () => {
  test('both dialects register and run; unknown fields are refused; listings answer as each dialect does', async () => {
    const executable = { name: 'all', type: 'find', body: { collection: 'q_items', filter: {} } };
    expect((await primary.send('POST', '/api/v2/vault/scripting/all', { executable })).status).toBe(201);
    expect((await hive.send('PUT', '/api/v2/vault/scripting/all', { executable })).status).toBe(200);
    refused(await hive.send('PUT', '/api/v2/vault/scripting/bad', { executable, allowAnonymous: true }));
    refused(await primary.send('POST', '/api/v2/vault/scripting/bad', { executable, owner: 'me' }));
    expect((await primary.send('POST', '/api/v2/vault/scripting/all/run', {})).json().all.total).toBe(2);
    expect((await hive.send('PATCH', '/api/v2/vault/scripting/all', {})).json().all.total).toBe(2);
    refused(await hive.send('PATCH', '/api/v2/vault/scripting/all', { params: {}, context2: {} }));
    expect(
      (await primary.send('GET', '/api/v2/vault/scripting'))
        .json()
        .scripts.map((s: { name: string }) => s.name),
    ).toEqual(['all']);
    expect((await hive.send('DELETE', '/api/v2/vault/scripting/all')).status).toBe(204);
    expect(refused(await hive.send('GET', '/api/v2/vault/scripting/scripts'), 404).internal_code).toBe(3);
    expect((await primary.send('GET', '/api/v2/vault/scripting')).json().scripts).toHaveLength(1);
  });
});

describe('a mutating request with a field or parameter its route does not know', () => {
  test('is refused with 400 in both dialects, and nothing is written', async () => {
    await cella.db.createCollection('strict');
    const count = async () => cella.db.collection('strict').count({});
    refused(await primary.send('POST', '/api/v2/vault/db/strict', { document: { a: 1 }, upsert: true }));
    refused(await primary.send('POST', '/api/v2/vault/db/strict', { document: { a: 1 }, options: { w: 1 } }));
    refused(await primary.send('POST', '/api/v2/vault/db/strict?dry_run=true', { document: { a: 1 } }));
    refused(
      await hive.send('POST', '/api/v2/vault/db/collection/strict', { document: [{ a: 1 }], validate: true }),
    );
    refused(
      await hive.send('PATCH', '/api/v2/vault/db/collection/strict?multi=true', {
        filter: {},
        update: { $set: { a: 2 } },
      }),
    );
    refused(
      await hive.send('PATCH', '/api/v2/vault/db/collection/strict', {
        filter: {},
        update: { $set: { a: 2 } },
        options: { arrayFilters: [] },
      }),
    );
    expect(await count()).toBe(0);
    await cella.files.upload('strict/a.txt', 'a');
    refused(
      await primary.send('POST', `${FILES}/strict/a.txt/move`, { to: 'strict/b.txt', overwrite: true }),
    );
    refused(await hive.send('PATCH', `${FILES}/strict/a.txt?to=strict/b.txt&overwrite=true`, {}));
    refused(await hive.send('PATCH', `${FILES}/strict/a.txt?to=strict/b.txt`, { force: true }));
    expect((await cella.files.list('strict')).map((f) => f.name)).toEqual(['strict/a.txt']);
  });
});

describe("the reference's statuses in the Hive dialect", () => {
  test("POST 201, PATCH 200, DELETE 204; empty lists and missing things with the reference's internal codes", async () => {
    const s = await HiveSession.through(node.url, createDevIdentity('key').signer, appDid());
    expect((await s.send('PUT', '/api/v2/subscription/vault')).status).toBe(200);
    expect((await s.send('PUT', '/api/v2/vault/db/collections/st', {})).status).toBe(200);
    expect((await s.send('POST', '/api/v2/vault/db/collection/st', { document: [{ a: 1 }] })).status).toBe(
      201,
    );
    expect(
      (
        await s.send('PATCH', '/api/v2/vault/db/collection/st?updateone=true', {
          filter: {},
          update: { $set: { a: 2 } },
        })
      ).status,
    ).toBe(200);
    expect((await s.send('DELETE', '/api/v2/vault/db/collection/st', { filter: {} })).status).toBe(204);
    expect(refused(await s.send('GET', '/api/v2/vault/scripting/scripts'), 404).internal_code).toBe(3);
    expect(refused(await s.send('GET', '/api/v2/payment/order', {}), 404).internal_code).toBe(7);
    expect(refused(await s.send('GET', '/api/v2/payment/receipt', {}), 404).internal_code).toBe(8);
    expect(
      refused(await s.send('GET', '/api/v2/subscription/pricing_plan?name=Platinum'), 404).internal_code,
    ).toBe(5);
    const plans = await s.send('GET', '/api/v2/subscription/pricing_plan?subscription=vault');
    expect(Object.keys(plans.json()).sort()).toEqual(['pricingPlans', 'version']);
    refused(await s.send('GET', '/api/v2/subscription/pricing_plan?subscription=gold'));
    // Cella's own lists answer [] for the same emptiness.
    expect((await primary.send('GET', '/api/v2/payment/orders')).json()).toEqual({ orders: [] });
    // K: POST /vault/content is a backup with to=hive_node, a restore with from=hive_node; both or neither is refused.
    refused(await s.send('POST', '/api/v2/vault/content?to=hive_node&from=hive_node', { credential: '{}' }));
    refused(await s.send('POST', '/api/v2/vault/content', { credential: '{}' }));
    expect((await s.send('GET', '/api/v2/vault/content')).json()).toEqual({
      state: 'stop',
      result: 'success',
      message: '',
    });
    expect((await send(node.url, null, { method: 'GET', target: '/api/v2/node/commit_id' })).json()).toEqual({
      commit_id: expect.any(String),
    });
  });

  test('GET /ipfs/{cid} serves public files only, without a token', async () => {
    await cella.files.upload('private.txt', 'not for everyone');
    const cid = (await cella.files.stat('private.txt')).cid!;
    expect((await fetch(`${node.url}/ipfs/${cid}`)).status).toBe(404);
    const pub = await hive.send('PUT', `${FILES}/ipfs/pub.txt?public=true`, 'for everyone');
    const served = await fetch(`${node.url}/ipfs/${pub.json().cid}`);
    expect(served.status).toBe(200);
    expect(await served.text()).toBe('for everyone');
    // Uploaded again without `public`: private again.
    await hive.send('PUT', `${FILES}/ipfs/pub.txt`, 'for everyone');
    expect((await fetch(`${node.url}/ipfs/${pub.json().cid}`)).status).toBe(404);
  });
});
