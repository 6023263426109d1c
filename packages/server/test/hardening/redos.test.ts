/**
 * Hardening probe (issue 18, item 1): a regular expression that makes a backtracking engine take
 * exponential time must not freeze the node. Against a real node process over HTTP: with
 * JavaScript's RegExp, `^(a+)+$` against 30 a's and a `!` took 49 s and every other request,
 * health included, waited for it. Both bounds here are hang bounds, not performance targets: 5 s
 * (a tenth of the hang) leaves room for a loaded machine without letting a backtracking engine pass.
 */
import { CellaApiError, createClient, type Vault } from '@cella/sdk';
import { spawnNode, type SpawnedNode } from '@cella/server/testing';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { rawCall, signedInUser } from '../helpers/users.js';

let node: SpawnedNode;
let alice: Vault;

beforeAll(async () => {
  node = await spawnNode();
  alice = await signedInUser(node.url);
  await alice.db.createCollection('probe');
  await alice.db.collection('probe').insert({ t: `${'a'.repeat(30)}!` });
  // Reads run on worker threads started on first use; start them here, not inside a bounded probe.
  await alice.db.collection('probe').find({}).toArray();
}, 60_000);
afterAll(async () => {
  await node?.stop();
});

/** GET with a hang bound: a request still unanswered after `ms` fails the test. */
async function bounded(path: string, ms: number): Promise<{ status: number; body: any }> {
  const token = await alice.session.token();
  const response = await fetch(`${node.url}${path}`, {
    headers: { authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(ms),
  });
  return { status: response.status, body: await response.json() };
}

test('the ReDoS probe answers within 5 s, and health answers meanwhile', async () => {
  const filter = encodeURIComponent(JSON.stringify({ t: { $regex: '^(a+)+$' } }));
  const find = bounded(`/api/v2/vault/db/probe?filter=${filter}`, 5000);
  const health = bounded('/api/v2/health', 5000);
  const [found, healthy] = await Promise.all([find, health]);
  expect(found.status).toBe(200);
  expect(found.body.items).toEqual([]);
  expect(healthy.status).toBe(200);
});

test('the probe through every filter position and Extended JSON answers within 5 s', async () => {
  const probes = [
    { t: { $regularExpression: { pattern: '^(a+)+$', options: '' } } },
    { t: { $in: [{ $regularExpression: { pattern: '^(a|aa)+$', options: 'i' } }] } },
    { t: { $not: { $regex: '^(a+)+$' } } },
    { $expr: { $regexMatch: { input: '$t', regex: '^(a+)+$' } } },
  ];
  const answers: { status: number; body: any }[] = [];
  for (const probe of probes)
    answers.push(
      await bounded(`/api/v2/vault/db/probe?filter=${encodeURIComponent(JSON.stringify(probe))}`, 5000),
    );
  expect(answers.map((a) => [a.status, a.body.items.length])).toEqual([
    [200, 0],
    [200, 0],
    [200, 1],
    [200, 0],
  ]);
  const counted = await rawCall(alice, 'POST', '/api/v2/vault/db/probe/count', {
    filter: { t: { $regex: '^(a+)+$' } },
  });
  expect(counted).toMatchObject({ status: 201, body: { count: 0 } });
});

test('lookaround and backreferences are a 400 that names RE2, on find, count, update and delete', async () => {
  const filter = { t: { $regex: '(a)\\1' } };
  const find = await bounded(
    `/api/v2/vault/db/probe?filter=${encodeURIComponent(JSON.stringify(filter))}`,
    5000,
  );
  expect(find.status).toBe(400);
  expect(find.body.error.message).toMatch(/RE2 syntax/);
  for (const [method, path, body] of [
    ['POST', '/api/v2/vault/db/probe/count', { filter: { t: { $regex: '(?=a)' } } }],
    ['PUT', '/api/v2/vault/db/probe', { filter: { t: { $regex: '(?<=a)' } }, update: { $set: { x: 1 } } }],
    ['DELETE', '/api/v2/vault/db/probe', { filter: { t: { $regex: '(?!a)' } } }],
  ] as const) {
    const answer = await rawCall(alice, method, path, body);
    expect(answer.status, `${method} ${path}`).toBe(400);
    expect(answer.body.error.message).toMatch(/RE2 syntax/);
  }
  expect((await alice.db.collection('probe').find({}).toArray()).length).toBe(1);
});

test('script conditions and executables: the probe answers, unsupported patterns are refused at registration', async () => {
  await alice.scripts.register('probe_match', {
    condition: { type: 'queryHasResults', collection: 'probe', filter: { t: { $regex: '^a+!$' } } },
    executable: {
      type: 'count',
      collection: 'probe',
      filter: { t: { $regex: '^(a+)+$' }, $expr: { $regexMatch: { input: '$t', regex: '^(a|aa)+$' } } },
    },
    allowAnonymous: true,
  });
  const anonymous = createClient({ url: node.url });
  const run = anonymous.scripts.run('probe_match', { owner: alice.did });
  const bound = new Promise((_, reject) => setTimeout(() => reject(new Error('no answer within 5 s')), 5000));
  expect(await Promise.race([run, bound])).toEqual({ probe_match: { count: 0 } });

  const refusal = await alice.scripts
    .register('bad_pattern', {
      executable: { type: 'find', collection: 'probe', filter: { t: { $regex: '(a)\\1' } } },
    })
    .then(
      () => null,
      (error: unknown) => error,
    );
  expect(refusal).toBeInstanceOf(CellaApiError);
  expect((refusal as CellaApiError).status).toBe(400);
  expect((refusal as CellaApiError).message).toMatch(/RE2 syntax/);

  // A pattern passed as a parameter is checked when the script runs.
  await alice.scripts.register('by_pattern', {
    executable: { type: 'count', collection: 'probe', filter: { t: { $regex: '$params.p' } } },
    allowAnonymous: true,
  });
  expect(await anonymous.scripts.run('by_pattern', { owner: alice.did, params: { p: '^(a+)+!$' } })).toEqual({
    by_pattern: { count: 1 },
  });
  const atRun = await anonymous.scripts.run('by_pattern', { owner: alice.did, params: { p: '(?=a)' } }).then(
    () => null,
    (error: unknown) => error,
  );
  expect((atRun as CellaApiError).status).toBe(400);
  expect((atRun as CellaApiError).message).toMatch(/RE2 syntax/);
});
