/**
 * The access-control matrix over HTTP: for every executable type, four scripts of the owner —
 *   friends:   condition "caller's DID is in the owner's `friends` collection"
 *   members:   no condition, token required
 *   public:    no condition, allowAnonymous
 *   public_me: allowAnonymous, but the executable uses $caller_did
 * — run by the owner, a friend, a stranger and an anonymous caller. Allowed runs work; every other
 * run is refused with the documented status and changes none of the owner's data.
 *
 * |           | owner | friend | stranger | anonymous |
 * |-----------|-------|--------|----------|-----------|
 * | friends   | 400   | ok     | 400      | 401       |
 * | members   | ok    | ok     | ok       | 401       |
 * | public    | ok    | ok     | ok       | ok        |
 * | public_me | ok    | ok     | ok       | 400       |
 *
 * (A condition applies to the owner too, as in the reference: the owner is not in their own
 * `friends` collection.)
 */
import { createClient, type ScriptExecutable, type Vault } from '@cella/sdk';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTempNode, type TempNode } from '../helpers/temp-node.js';
import { signedInUser } from '../helpers/users.js';
import { refusedWithoutChange } from './helpers.js';

let node: TempNode;
let owner: Vault;
let friend: Vault;
let stranger: Vault;

type CallerName = 'owner' | 'friend' | 'stranger' | 'anonymous';
type Tier = 'friends' | 'members' | 'public' | 'public_me';

const expected: Record<Tier, Record<CallerName, number | 'ok'>> = {
  friends: { owner: 400, friend: 'ok', stranger: 400, anonymous: 401 },
  members: { owner: 'ok', friend: 'ok', stranger: 'ok', anonymous: 401 },
  public: { owner: 'ok', friend: 'ok', stranger: 'ok', anonymous: 'ok' },
  public_me: { owner: 'ok', friend: 'ok', stranger: 'ok', anonymous: 400 },
};

interface Case {
  /** The executable; `me` is `$caller_did` for the public_me tier and a constant otherwise. */
  executable: (me: string) => ScriptExecutable;
  /** Checks the result of an allowed run. */
  check: (result: Record<string, unknown>, name: string, caller: CallerName) => void | Promise<void>;
}

const cases: Record<string, Case> = {
  find: {
    executable: (me) => ({
      type: 'find',
      collection: 'messages',
      filter: { seen_by: { $ne: me } },
      options: { limit: 5 },
    }),
    check: (result, name) =>
      expect(result[name]).toMatchObject({ total: expect.any(Number), items: expect.any(Array) }),
  },
  count: {
    executable: (me) => ({ type: 'count', collection: 'messages', filter: { seen_by: { $ne: me } } }),
    check: (result, name) => expect(result[name]).toEqual({ count: expect.any(Number) }),
  },
  insert: {
    executable: (me) => ({ type: 'insert', collection: 'messages', document: { kind: 'posted', by: me } }),
    check: (result, name) =>
      expect(result[name]).toEqual({
        acknowledged: true,
        inserted_id: expect.stringMatching(/^[0-9a-f]{24}$/),
      }),
  },
  update: {
    executable: (me) => ({
      type: 'update',
      collection: 'messages',
      filter: { kind: 'counter' },
      update: { $inc: { hits: 1 }, $set: { last: me } },
    }),
    check: (result, name) =>
      expect(result[name]).toEqual({
        acknowledged: true,
        matched_count: 1,
        modified_count: 1,
        upserted_id: null,
      }),
  },
  delete: {
    executable: (me) => ({
      type: 'delete',
      collection: 'messages',
      filter: { kind: 'deletable', not_by: { $ne: me } },
    }),
    check: (result, name) => expect(result[name]).toEqual({ acknowledged: true, deleted_count: 1 }),
  },
  fileUpload: {
    executable: (me) => ({ type: 'fileUpload', path: `homes/${me}/upload.txt` }),
    check: async (result, name, caller) => {
      const { transaction_id } = result[name] as { transaction_id: string };
      const uploaded = await streams(caller).uploadByTransaction(transaction_id, `from ${caller}`);
      expect(uploaded).toMatchObject({
        name: expect.stringMatching(/^homes\/.+\/upload\.txt$/),
        size: `from ${caller}`.length,
      });
      expect(new TextDecoder().decode(await owner.files.bytes(uploaded.name))).toBe(`from ${caller}`);
    },
  },
  fileDownload: {
    executable: (me) => ({ type: 'fileDownload', path: `homes/${me}/hello.txt` }),
    check: async (result, name, caller) => {
      const { transaction_id } = result[name] as { transaction_id: string };
      const text = new TextDecoder().decode(await streams(caller).downloadByTransaction(transaction_id));
      expect(text).toMatch(/^hello /);
    },
  },
  fileProperties: {
    executable: (me) => ({ type: 'fileProperties', path: `homes/${me}/hello.txt` }),
    check: (result, name) =>
      expect(result[name]).toEqual({
        type: 'file',
        name: expect.stringMatching(/hello\.txt$/),
        size: expect.any(Number),
        last_modify: expect.any(Number),
      }),
  },
  fileHash: {
    executable: (me) => ({ type: 'fileHash', path: `homes/${me}/hello.txt` }),
    check: (result, name) => {
      const { SHA256, cid } = result[name] as { SHA256: string; cid: string };
      expect(SHA256).toMatch(/^[0-9a-f]{64}$/);
      expect(cid).toMatch(/^b[a-z2-7]+$/);
    },
  },
  aggregated: {
    executable: (me) => ({
      type: 'aggregated',
      executables: [
        { type: 'insert', name: 'wrote', collection: 'messages', document: { kind: 'posted', by: me } },
        { type: 'count', name: 'total', collection: 'messages', filter: { kind: 'posted' } },
      ],
    }),
    check: (result) => {
      expect(result.wrote).toMatchObject({ acknowledged: true });
      expect(result.total).toEqual({ count: expect.any(Number) });
    },
  },
};

beforeAll(async () => {
  node = await startTempNode();
  owner = await signedInUser(node.url);
  friend = await signedInUser(node.url, 'elastos');
  stranger = await signedInUser(node.url);
  const friends = await owner.db.createCollection('friends');
  await friends.insert({ did: friend.did });
  const messages = await owner.db.createCollection('messages');
  await messages.insert([
    { kind: 'counter', hits: 0 },
    ...Array.from({ length: 40 }, (_, i) => ({ kind: 'deletable', i })),
    ...Array.from({ length: 10 }, (_, i) => ({ kind: 'note', i })),
  ]);
  // `homes/<did>/hello.txt` for each signed-in caller (public_me paths) and for the constant.
  for (const did of [owner.did, friend.did, stranger.did, 'nobody'])
    await owner.files.upload(`homes/${did}/hello.txt`, `hello ${did}`);
  for (const [type, c] of Object.entries(cases)) {
    const constant = 'nobody';
    await owner.scripts.register(`friends_${type}`, {
      condition: { type: 'queryHasResults', collection: 'friends', filter: { did: '$caller_did' } },
      executable: c.executable(constant),
    });
    await owner.scripts.register(`members_${type}`, { executable: c.executable(constant) });
    await owner.scripts.register(`public_${type}`, {
      executable: c.executable(constant),
      allowAnonymous: true,
    });
    await owner.scripts.register(`public_me_${type}`, {
      executable: c.executable('$caller_did'),
      allowAnonymous: true,
    });
  }
});
afterAll(async () => node?.stop());

/** The transaction streams as the given caller (anonymous: no token). */
function streams(caller: CallerName) {
  if (caller === 'anonymous') return createClient({ url: node.url }).scripts;
  return { owner, friend, stranger }[caller].scripts;
}

function run(caller: CallerName, script: string) {
  if (caller === 'anonymous')
    return createClient({ url: node.url }).scripts.run(script, { owner: owner.did });
  const vault = { owner, friend, stranger }[caller];
  return vault.scripts.run(script, { owner: owner.did });
}

describe.each(Object.keys(cases))('%s', (type) => {
  for (const tier of Object.keys(expected) as Tier[]) {
    for (const caller of Object.keys(expected[tier]) as CallerName[]) {
      const outcome = expected[tier][caller];
      test(`${tier} × ${caller} → ${outcome}`, async () => {
        const script = `${tier}_${type}`;
        if (outcome === 'ok') {
          const result = await run(caller, script);
          await cases[type]!.check(result, script, caller);
        } else {
          await refusedWithoutChange(owner, () => run(caller, script), outcome, `${script} by ${caller}`);
        }
      });
    }
  }
});

test('the stranger and the anonymous caller changed nothing in their own vaults either', async () => {
  expect(await stranger.db.listCollections()).toEqual([]);
});
