/**
 * Scripts over HTTP through the SDK: registration (both wire forms, validation, replace), listing,
 * removal, the database executables and their result shapes, conditions, run context and limits.
 */
import { createClient, type ScriptCondition, type ScriptExecutable, type Vault } from '@cella/sdk';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTempNode, type TempNode } from '../helpers/temp-node.js';
import { rawCall, signedInUser } from '../helpers/users.js';
import { refused, refusedWithoutChange, setFrozen, snapshot } from './helpers.js';

let node: TempNode;
let alice: Vault;
let bob: Vault;

beforeAll(async () => {
  node = await startTempNode();
  alice = await signedInUser(node.url);
  bob = await signedInUser(node.url, 'elastos');
  const notes = await alice.db.createCollection('notes');
  await notes.insert(
    Array.from({ length: 30 }, (_, n) => ({ n, tag: n % 3 === 0 ? 'three' : 'other', owner: alice.did })),
  );
});
afterAll(async () => node?.stop());

const findNotes = { type: 'find', collection: 'notes', filter: { tag: 'three' } } as const;

describe('register, list, remove', () => {
  test('register answers the replace result; registering again replaces', async () => {
    expect(await alice.scripts.register('r1', { executable: findNotes })).toEqual({
      acknowledged: true,
      matched_count: 0,
      modified_count: 0,
      upserted_id: 'r1',
    });
    const again = await alice.scripts.register('r1', {
      executable: { type: 'count', collection: 'notes', filter: {} },
    });
    expect(again).toMatchObject({
      acknowledged: true,
      matched_count: 1,
      modified_count: 1,
      upserted_id: null,
    });
    expect(await alice.scripts.run('r1')).toEqual({ r1: { count: 30 } });
    const [listed] = await alice.scripts.list({ name: 'r1' });
    expect(listed).toEqual({
      name: 'r1',
      executable: { type: 'count', collection: 'notes', filter: {} },
      allowAnonymousUser: false,
      allowAnonymousApp: false,
    });
    await alice.scripts.remove('r1');
    expect(await alice.scripts.list({ name: 'r1' })).toEqual([]);
  });

  test('removing a missing script is 404 with internal_code 3', async () => {
    expect(await refused(alice.scripts.remove('never_there'))).toMatchObject({
      status: 404,
      internalCode: 3,
      code: 'SCRIPT_NOT_FOUND',
    });
  });

  test("listing: sorted by name, skip/limit, empty list when none, only the caller's own", async () => {
    const carol = await signedInUser(node.url);
    expect(await carol.scripts.list()).toEqual([]);
    for (const name of ['b_script', 'a_script', 'c_script'])
      await carol.scripts.register(name, { executable: findNotes });
    expect((await carol.scripts.list()).map((s) => s.name)).toEqual(['a_script', 'b_script', 'c_script']);
    expect((await carol.scripts.list({ skip: 1, limit: 1 })).map((s) => s.name)).toEqual(['b_script']);
    expect((await bob.scripts.list()).map((s) => s.name)).not.toContain('a_script');
  });

  test('filters with $-operators and dotted keys round-trip through storage unchanged', async () => {
    const condition: ScriptCondition = {
      type: 'and',
      conditions: [
        {
          type: 'queryHasResults',
          collection: 'notes',
          filter: { $or: [{ 'meta.kind': { $in: ['a', 'b'] } }, { n: { $gte: 0, $lt: 100 } }] },
        },
        { type: 'queryHasResults', collection: 'notes', filter: { '%weird.key$': { $exists: false } } },
      ],
    };
    const executable: ScriptExecutable = {
      type: 'update',
      collection: 'notes',
      filter: { n: { $eq: -1 } },
      update: { $set: { 'a.b': 1 }, $inc: { hits: 1 } },
    };
    await alice.scripts.register('roundtrip', { condition, executable });
    const [listed] = await alice.scripts.list({ name: 'roundtrip' });
    expect(listed).toMatchObject({ condition, executable });
    expect(await alice.scripts.run('roundtrip')).toEqual({
      roundtrip: { acknowledged: true, matched_count: 0, modified_count: 0, upserted_id: null },
    });
  });

  test('the reference form (`body`, names) is accepted and runs the same', async () => {
    await alice.scripts.register('ref_form', {
      condition: {
        type: 'queryHasResults',
        name: 'has_notes',
        body: { collection: 'notes', filter: { n: 1 } },
      },
      executable: {
        type: 'aggregated',
        name: 'agg',
        body: [
          { type: 'count', name: 'how_many', body: { collection: 'notes', filter: { tag: 'three' } } },
          {
            type: 'find',
            name: 'first',
            body: { collection: 'notes', filter: {}, options: { limit: 1, sort: [['n', -1]] } },
          },
          { type: 'count', name: 'hidden', output: false, body: { collection: 'notes' } },
        ],
      } as never,
    });
    const result = await alice.scripts.run<Record<string, any>>('ref_form');
    expect(Object.keys(result).sort()).toEqual(['first', 'how_many']);
    expect(result.how_many).toEqual({ count: 10 });
    expect(result.first.total).toBe(30);
    expect(result.first.items.map((d: { n: number }) => d.n)).toEqual([29]);
  });

  test('invalid scripts are refused with 400 and store nothing', async () => {
    const cases: Array<[string, unknown]> = [
      ['no executable', {}],
      ['unknown type', { executable: { type: 'drop', collection: 'notes' } }],
      ['find without collection', { executable: { type: 'find' } }],
      ['insert without document', { executable: { type: 'insert', collection: 'notes' } }],
      ['update without update', { executable: { type: 'update', collection: 'notes', filter: {} } }],
      ['internal collection', { executable: { type: 'find', collection: '__scripts__' } }],
      [
        'internal collection (reference name)',
        { executable: { type: 'find', collection: 'scripts_temptx' } },
      ],
      [
        'internal collection in condition',
        { condition: { type: 'queryHasResults', collection: '__files__' }, executable: findNotes },
      ],
      ['$where', { executable: { type: 'find', collection: 'notes', filter: { $where: 'true' } } }],
      [
        '$function deep',
        { executable: { type: 'count', collection: 'notes', filter: { a: { $expr: { $function: {} } } } } },
      ],
      ['empty and', { condition: { type: 'and', conditions: [] }, executable: findNotes }],
      [
        'condition type from the docstrings',
        { condition: { type: 'queryHasResult', collection: 'notes' }, executable: findNotes },
      ],
      [
        'nested aggregated',
        {
          executable: { type: 'aggregated', executables: [{ type: 'aggregated', executables: [findNotes] }] },
        },
      ],
      ['duplicate result names', { executable: { type: 'aggregated', executables: [findNotes, findNotes] } }],
      [
        'both flat and body',
        { executable: { type: 'find', collection: 'notes', body: { collection: 'notes' } } },
      ],
      ['file path with ..', { executable: { type: 'fileDownload', path: 'a/../b' } }],
      ['file path missing', { executable: { type: 'fileHash' } }],
    ];
    for (const [label, body] of cases) {
      const result = await rawCall(alice, 'POST', '/api/v2/vault/scripting/bad_one', body);
      expect(result.status, `${label}: ${JSON.stringify(result.body)}`).toBe(400);
    }
    expect(await alice.scripts.list({ name: 'bad_one' })).toEqual([]);
  });

  test('conditions nest at most 5 levels', async () => {
    const leaf = { type: 'queryHasResults', collection: 'notes', filter: {} };
    const nest = (levels: number): Record<string, unknown> =>
      levels === 1 ? leaf : { type: 'or', conditions: [nest(levels - 1)] };
    await alice.scripts.register('deep5', { condition: nest(5) as never, executable: findNotes });
    expect(await alice.scripts.run('deep5')).toHaveProperty('deep5.total', 10);
    const six = await rawCall(alice, 'POST', '/api/v2/vault/scripting/deep6', {
      condition: nest(6),
      executable: findNotes,
    });
    expect(six.status).toBe(400);
    expect(six.body.error.message).toMatch(/5 levels/);
  });

  test('deeply nested bodies are 400, never 500 (conditions, aggregated, filters, params, reference bodies)', async () => {
    const n = 5000;
    const bodies = [
      `{"condition":${'{"type":"and","conditions":['.repeat(n)}{"type":"queryHasResults","collection":"notes"}${']}'.repeat(n)},"executable":{"type":"find","collection":"notes"}}`,
      `{"executable":${'{"type":"aggregated","executables":['.repeat(n)}{"type":"find","collection":"notes"}${']}'.repeat(n)}}`,
      `{"executable":{"type":"find","collection":"notes","filter":${'{"a":'.repeat(n)}1${'}'.repeat(n)}}}`,
      `{"executable":{"type":"find","collection":"notes","body":${'{"body":'.repeat(n)}1${'}'.repeat(n)}}}`,
      `{"executable":{"type":"find","body":{"collection":"notes","junk":${'['.repeat(n)}${']'.repeat(n)}}}}`,
    ];
    for (const body of bodies) {
      const result = await rawCall(alice, 'POST', '/api/v2/vault/scripting/too_deep', body);
      expect(result.status, JSON.stringify(result.body)).toBe(400);
    }
    await alice.scripts.register('param_sink', {
      executable: { type: 'count', collection: 'notes', filter: { a: '$params.p' } },
    });
    const deepParam = await rawCall(
      alice,
      'POST',
      '/api/v2/vault/scripting/param_sink/run',
      `{"params":{"p":${'{"a":'.repeat(n)}1${'}'.repeat(n)}}}`,
    );
    expect(deepParam.status).toBe(400);
  });

  test("a run without a body runs the caller's own script", async () => {
    await alice.scripts.register('bodiless', {
      executable: { type: 'count', collection: 'notes', filter: {} },
    });
    const result = await rawCall(alice, 'POST', '/api/v2/vault/scripting/bodiless/run');
    expect(result).toEqual({ status: 201, body: { bodiless: { count: 30 } } });
  });

  test('script names: invalid ones are 400; names starting with __ are reserved', async () => {
    for (const name of ['__anonymous_files__', '__mine', '.hidden', '-dash', 'a b', 'x'.repeat(129)]) {
      const result = await rawCall(alice, 'POST', `/api/v2/vault/scripting/${encodeURIComponent(name)}`, {
        executable: findNotes,
      });
      expect(result.status, name).toBe(400);
    }
  });

  test('a frozen vault refuses register and remove (403/1) but still lists and runs reads', async () => {
    await alice.scripts.register('frozen_read', { executable: findNotes });
    await alice.scripts.register('frozen_write', {
      executable: { type: 'insert', collection: 'notes', document: { x: 1 } },
    });
    await setFrozen(node, alice.did, true);
    try {
      expect(await refused(alice.scripts.register('frozen_new', { executable: findNotes }))).toMatchObject({
        status: 403,
        internalCode: 1,
      });
      expect(await refused(alice.scripts.remove('frozen_read'))).toMatchObject({
        status: 403,
        internalCode: 1,
      });
      expect((await alice.scripts.list({ name: 'frozen_read' })).length).toBe(1);
      expect(await alice.scripts.run('frozen_read')).toHaveProperty('frozen_read.total', 10);
      await refusedWithoutChange(alice, () => alice.scripts.run('frozen_write'), 403, 'insert while frozen');
    } finally {
      await setFrozen(node, alice.did, false);
    }
  });
});

describe('executables and their results', () => {
  let box: Vault;

  beforeAll(async () => {
    box = await signedInUser(node.url);
    const items = await box.db.createCollection('items');
    await items.insert(
      Array.from({ length: 5 }, (_, n) => ({ n })),
      { timestamp: false },
    );
  });

  test('find: {total, items}; total ignores skip and limit; options take $params', async () => {
    await box.scripts.register('page', {
      executable: {
        type: 'find',
        collection: 'items',
        filter: {},
        options: {
          skip: '$params.skip',
          limit: '$params.limit',
          sort: { n: -1 },
          projection: { _id: 0, n: 1 },
        },
      },
    });
    expect(await box.scripts.run('page', { params: { skip: 1, limit: 2 } })).toEqual({
      page: { total: 5, items: [{ n: 3 }, { n: 2 }] },
    });
    expect(await box.scripts.run('page', { params: { skip: 4, limit: 10 } })).toEqual({
      page: { total: 5, items: [{ n: 0 }] },
    });
    expect(await box.scripts.run('page', { params: { skip: 9, limit: 10 } })).toEqual({
      page: { total: 5, items: [] },
    });
    expect((await refused(box.scripts.run('page', { params: { skip: -1, limit: 1 } }))).status).toBe(400);
    expect((await refused(box.scripts.run('page', { params: { skip: 0, limit: 'all' } }))).status).toBe(400);
  });

  test('count: {count}', async () => {
    await box.scripts.register('cnt', {
      executable: { type: 'count', collection: 'items', filter: { n: { $gte: '$params.min' } } },
    });
    expect(await box.scripts.run('cnt', { params: { min: 3 } })).toEqual({ cnt: { count: 2 } });
  });

  test('insert: one document, {acknowledged, inserted_id}; no timestamps unless asked', async () => {
    await box.scripts.register('add', {
      executable: { type: 'insert', collection: 'items', document: { n: '$params.n', by: '$caller_did' } },
    });
    const result = await box.scripts.run<{ add: { acknowledged: boolean; inserted_id: string } }>('add', {
      params: { n: 100 },
    });
    expect(result.add.acknowledged).toBe(true);
    expect(result.add.inserted_id).toMatch(/^[0-9a-f]{24}$/);
    const [stored] = await box.db.collection('items').find({ n: 100 }).toArray();
    expect(stored).toEqual({ _id: result.add.inserted_id, n: 100, by: box.did });
    await box.scripts.register('add_ts', {
      executable: { type: 'insert', collection: 'items', document: { n: 101 }, options: { timestamp: true } },
    });
    await box.scripts.run('add_ts');
    expect((await box.db.collection('items').find({ n: 101 }).toArray())[0]).toMatchObject({
      created: expect.any(Number),
      modified: expect.any(Number),
    });
  });

  test('update: update_one, {acknowledged, matched_count, modified_count, upserted_id}; upsert option', async () => {
    await box.scripts.register('bump', {
      executable: {
        type: 'update',
        collection: 'items',
        filter: { n: { $lt: 3 } },
        update: { $inc: { hits: 1 } },
      },
    });
    expect(await box.scripts.run('bump')).toEqual({
      bump: { acknowledged: true, matched_count: 1, modified_count: 1, upserted_id: null },
    });
    expect(await box.db.collection('items').count({ hits: 1 })).toBe(1);
    await box.scripts.register('up', {
      executable: {
        type: 'update',
        collection: 'items',
        filter: { key: '$params.key' },
        update: { $set: { v: '$params.v' } },
        options: { upsert: true },
      },
    });
    const result = await box.scripts.run<{ up: { upserted_id: string } }>('up', {
      params: { key: 'k1', v: [1, 2] },
    });
    expect(result.up.upserted_id).toMatch(/^[0-9a-f]{24}$/);
    expect((await box.db.collection('items').find({ key: 'k1' }).toArray())[0]).toMatchObject({ v: [1, 2] });
  });

  test('delete: delete_one, {acknowledged, deleted_count}', async () => {
    await box.scripts.register('drop_one', {
      executable: { type: 'delete', collection: 'items', filter: { n: { $gte: 0 } } },
    });
    const before = await box.db.collection('items').count({});
    expect(await box.scripts.run('drop_one')).toEqual({ drop_one: { acknowledged: true, deleted_count: 1 } });
    expect(await box.db.collection('items').count({})).toBe(before - 1);
  });

  test('aggregated: results keyed by executable name in order; output false leaves a result out', async () => {
    await box.scripts.register('combo', {
      executable: {
        type: 'aggregated',
        executables: [
          { type: 'insert', name: 'added', collection: 'items', document: { n: 500 } },
          { type: 'count', name: 'after', collection: 'items', filter: { n: 500 } },
          { type: 'delete', name: 'cleanup', output: false, collection: 'items', filter: { n: 500 } },
        ],
      },
    });
    const result = await box.scripts.run<Record<string, any>>('combo');
    expect(Object.keys(result)).toEqual(['added', 'after']);
    expect(result.after).toEqual({ count: 1 });
    expect(await box.db.collection('items').count({ n: 500 })).toBe(0);
  });

  test('a find returns at most 1,000 documents per run', async () => {
    const big = await box.db.createCollection('big');
    await big.insert(
      Array.from({ length: 1200 }, (_, n) => ({ n })),
      { timestamp: false },
    );
    await box.scripts.register('all', {
      executable: { type: 'find', collection: 'big', filter: {}, options: { limit: 5000 } },
    });
    const result = await box.scripts.run<{ all: { total: number; items: unknown[] } }>('all');
    expect(result.all.total).toBe(1200);
    expect(result.all.items).toHaveLength(1000);
  });

  test('executables on a collection that does not exist are 404/4', async () => {
    await box.scripts.register('ghost', { executable: { type: 'find', collection: 'ghost', filter: {} } });
    expect(await refused(box.scripts.run('ghost'))).toMatchObject({ status: 404, internalCode: 4 });
  });
});

describe('run context', () => {
  test('$caller_did is substituted even when no params are sent (the reference does not)', async () => {
    await alice.db.createCollection('visits');
    await alice.scripts.register('visit', {
      executable: { type: 'insert', collection: 'visits', document: { who: '$caller_did' } },
    });
    await bob.scripts.run('visit', { owner: alice.did });
    expect((await alice.db.collection('visits').find({}).toArray())[0]).toMatchObject({ who: bob.did });
  });

  test('$params keep their JSON type; a missing parameter is 400', async () => {
    await alice.db.createCollection('typed');
    await alice.scripts.register('typed_insert', {
      executable: {
        type: 'insert',
        collection: 'typed',
        document: {
          s: '$params.s',
          n: '$params.n',
          b: '$params.b',
          z: '$params.z',
          a: '$params.a',
          o: '$params.o',
        },
      },
    });
    const values = {
      s: 'text',
      n: 4.5,
      b: false,
      z: null,
      a: [1, 'two', { three: 3 }],
      o: { nested: { deep: true }, at: { $date: '2026-01-01T00:00:00Z' } },
    };
    await alice.scripts.run('typed_insert', { params: values });
    const [stored] = await alice.db.collection('typed').find({}).toArray();
    expect(stored).toMatchObject({
      ...values,
      o: { nested: { deep: true }, at: { $date: '2026-01-01T00:00:00Z' } },
    });
    const missing = await refusedWithoutChange(
      alice,
      () => alice.scripts.run('typed_insert', { params: { s: 'only' } }),
      400,
    );
    expect(missing.message).toMatch(/missing parameter "n"/);
  });

  test("the run targets context.target_did; default is the caller's own vault", async () => {
    await bob.db.createCollection('notes');
    await bob.db.collection('notes').insert({ n: 1, tag: 'bob' });
    await alice.scripts.register('whose', { executable: { type: 'count', collection: 'notes', filter: {} } });
    await bob.scripts.register('whose', { executable: { type: 'count', collection: 'notes', filter: {} } });
    expect(await bob.scripts.run('whose')).toEqual({ whose: { count: 1 } });
    expect(await bob.scripts.run('whose', { owner: alice.did })).toEqual({ whose: { count: 30 } });
    expect(await alice.scripts.run('whose', { owner: bob.did })).toEqual({ whose: { count: 1 } });
  });

  test('a script missing in the target is 400 (as the reference); a target without a vault is 404/1', async () => {
    expect(await refused(bob.scripts.run('no_such_script', { owner: alice.did }))).toMatchObject({
      status: 400,
      code: 'BAD_REQUEST',
    });
    expect(
      await refused(
        bob.scripts.run('whose', { owner: 'did:key:zDnaeUnknownOwnerWithoutAnyVaultHere1234567' }),
      ),
    ).toMatchObject({
      status: 404,
      internalCode: 1,
    });
  });

  test('an unmet condition is 400', async () => {
    await alice.scripts.register('only_tagged', {
      condition: { type: 'queryHasResults', collection: 'notes', filter: { tag: '$params.tag' } },
      executable: findNotes,
    });
    expect(
      await bob.scripts.run('only_tagged', { owner: alice.did, params: { tag: 'three' } }),
    ).toHaveProperty('only_tagged.total', 10);
    const error = await refused(
      bob.scripts.run('only_tagged', { owner: alice.did, params: { tag: 'nope' } }),
    );
    expect(error).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
    expect(error.message).toMatch(/condition/);
  });

  test('a condition on a collection that does not exist is simply unmet (400)', async () => {
    await alice.scripts.register('ghost_cond', {
      condition: { type: 'queryHasResults', collection: 'nothing_here', filter: {} },
      executable: findNotes,
    });
    expect(await refused(bob.scripts.run('ghost_cond', { owner: alice.did }))).toMatchObject({ status: 400 });
  });

  test('and / or combine', async () => {
    const has = (tag: string) => ({ type: 'queryHasResults', collection: 'notes', filter: { tag } }) as const;
    await alice.scripts.register('both', {
      condition: { type: 'and', conditions: [has('three'), has('other')] },
      executable: findNotes,
    });
    await alice.scripts.register('both_fail', {
      condition: { type: 'and', conditions: [has('three'), has('none')] },
      executable: findNotes,
    });
    await alice.scripts.register('either', {
      condition: { type: 'or', conditions: [has('none'), has('other')] },
      executable: findNotes,
    });
    await alice.scripts.register('neither', {
      condition: { type: 'or', conditions: [has('none'), has('nada')] },
      executable: findNotes,
    });
    expect(await bob.scripts.run('both', { owner: alice.did })).toHaveProperty('both.total', 10);
    expect(await bob.scripts.run('either', { owner: alice.did })).toHaveProperty('either.total', 10);
    expect((await refused(bob.scripts.run('both_fail', { owner: alice.did }))).status).toBe(400);
    expect((await refused(bob.scripts.run('neither', { owner: alice.did }))).status).toBe(400);
  });

  test('a bad token is 401 even for an anonymous script (the SDK then signs in again)', async () => {
    await alice.scripts.register('open_count', {
      executable: { type: 'count', collection: 'notes', filter: {} },
      allowAnonymous: true,
    });
    const response = await fetch(`${node.url}/api/v2/vault/scripting/open_count/run`, {
      method: 'POST',
      headers: { authorization: 'Bearer not.a.token', 'content-type': 'application/json' },
      body: JSON.stringify({ context: { target_did: alice.did } }),
    });
    expect(response.status).toBe(401);
  });

  test('anonymous callers need both reference flags (allowAnonymousUser and allowAnonymousApp)', async () => {
    for (const flags of [{ allowAnonymousUser: true }, { allowAnonymousApp: true }]) {
      const result = await rawCall(alice, 'POST', '/api/v2/vault/scripting/half_open', {
        executable: { type: 'count', collection: 'notes' },
        ...flags,
      });
      expect(result.status).toBe(201);
      expect(
        (await refused(createClient({ url: node.url }).scripts.run('half_open', { owner: alice.did })))
          .status,
      ).toBe(401);
    }
    await rawCall(alice, 'POST', '/api/v2/vault/scripting/half_open', {
      executable: { type: 'count', collection: 'notes' },
      allowAnonymousUser: true,
      allowAnonymousApp: true,
    });
    expect(await createClient({ url: node.url }).scripts.run('half_open', { owner: alice.did })).toEqual({
      half_open: { count: 30 },
    });
  });

  test('an anonymous run must name the owner (400)', async () => {
    const response = await fetch(`${node.url}/api/v2/vault/scripting/open_count/run`, {
      method: 'POST',
      body: JSON.stringify({}),
    });
    expect(response.status).toBe(400);
  });
});

describe('limits', () => {
  test("a running script cannot exceed the owner's quota (507) and stores nothing", async () => {
    const owner = await signedInUser(node.url);
    await owner.db.createCollection('inbox');
    await owner.scripts.register('post', {
      executable: { type: 'insert', collection: 'inbox', document: { text: '$params.text' } },
    });
    await bob.scripts.run('post', { owner: owner.did, params: { text: 'small' } });
    const record = (await node.ctx.vaults.find(owner.did))!;
    await node.ctx.vaults.update(owner.did, { quota: record.dbUsed + record.filesUsed + 100 });
    const error = await refusedWithoutChange(
      owner,
      () => bob.scripts.run('post', { owner: owner.did, params: { text: 'x'.repeat(1000) } }),
      507,
    );
    expect(error.code).toBe('INSUFFICIENT_STORAGE');
    // The caller's own quota is not what counts: bob's vault is untouched.
    expect(await snapshot(bob)).not.toHaveProperty('inbox');
  });

  test('anonymous runs are rate limited per IP (429); signed-in runs are not', async () => {
    const limited = await startTempNode({ anonymousRunsPerMinute: 3 });
    try {
      const owner = await signedInUser(limited.url);
      await owner.db.createCollection('pub');
      await owner.scripts.register('pub', {
        executable: { type: 'count', collection: 'pub', filter: {} },
        allowAnonymous: true,
      });
      const anonymous = createClient({ url: limited.url, retry: false }); // the node's limit, not the SDK's waits
      for (let i = 0; i < 3; i++) await anonymous.scripts.run('pub', { owner: owner.did });
      const error = await refused(anonymous.scripts.run('pub', { owner: owner.did }));
      expect(error).toMatchObject({ status: 429, code: 'RATE_LIMITED', retryable: true });
      // Retry-After tells the client when the window ends (at most a minute away).
      expect(error.retryAfterSeconds).toBeGreaterThanOrEqual(1);
      expect(error.retryAfterSeconds).toBeLessThanOrEqual(60);
      for (let i = 0; i < 5; i++) await owner.scripts.run('pub');
    } finally {
      await limited.stop();
    }
  });
});
