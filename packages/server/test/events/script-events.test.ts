/**
 * A script's live view (GET /api/v2/vault/scripting/{script_name}/events): a friend's feed of the
 * messages addressed to them, under the owner's condition — admitted as a run is, projected as the
 * script says, and ended (`condition_failed`) the moment the friend is removed from the friends
 * list; ended (`script_changed`) when the script is registered again, but not by a registration
 * older than the stream that a resume replays.
 */
import type { Vault } from '@cella/sdk';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { signedInUser } from '../helpers/users.js';
import { startTempNode, type TempNode } from '../helpers/temp-node.js';
import { openStream } from './sse-client.js';

let node: TempNode;
let alice: Vault;
let bob: Vault;
let carol: Vault;

const view = (name: string, query: Record<string, string>) =>
  `${node.url}/api/v2/vault/scripting/${name}/events?${new URLSearchParams(query)}`;

beforeAll(async () => {
  node = await startTempNode({ eventsHeartbeatSeconds: 1, eventsTailMs: 50 });
  [alice, bob, carol] = await Promise.all([
    signedInUser(node.url),
    signedInUser(node.url),
    signedInUser(node.url),
  ]);
  await alice.db.createCollection('friends');
  await alice.db.createCollection('messages');
  await alice.db.collection('friends').insert([{ did: bob.did }]);
  await alice.scripts.register('messages_to_me', {
    condition: {
      type: 'queryHasResults',
      name: 'is_friend',
      collection: 'friends',
      filter: { did: '$caller_did' },
    },
    executable: {
      type: 'find',
      name: 'messages',
      collection: 'messages',
      filter: { to: '$caller_did' },
      options: { projection: { _id: 1, text: 1 } },
    },
  });
});
afterAll(async () => {
  await node?.stop();
});

test("a friend's stream: their messages, projected; it stops when they are no longer a friend", async () => {
  const stream = await openStream(view('messages_to_me', { target_did: alice.did }), {
    token: await bob.session.token(),
  });
  expect(stream.status).toBe(200);
  const messages = alice.db.collection('messages');
  const { inserted_ids: ids } = await messages.insert(
    [
      { to: bob.did, text: 'see you at 6', secret: 'not for bob' },
      { to: carol.did, text: 'for carol only' },
      { to: bob.did, text: 'bring the map' },
    ],
    { timestamp: false },
  );
  await messages.delete({ text: 'see you at 6' });
  const got = await stream.waitFor(3);
  expect(got.map((e) => ({ type: e.event, ...e.data, seq: undefined, at: undefined }))).toEqual(
    [
      {
        type: 'document.inserted',
        _id: { $oid: ids[0] },
        document: { _id: { $oid: ids[0] }, text: 'see you at 6' },
      },
      {
        type: 'document.inserted',
        _id: { $oid: ids[2] },
        document: { _id: { $oid: ids[2] }, text: 'bring the map' },
      },
      { type: 'document.deleted', _id: { $oid: ids[0] } },
    ].map((e) => ({ ...e, seq: undefined, at: undefined })),
  );
  // Bob is removed from the friends list: his stream ends at that change, nothing after it.
  await alice.db.collection('friends').delete({ did: bob.did });
  await messages.insert([{ to: bob.did, text: 'too late' }]);
  await stream.ended;
  const end = stream.frames.find((f) => f.event === 'error');
  expect(JSON.parse(end!.data!)).toMatchObject({ error: 'condition_failed' });
  expect(stream.events().map((e) => e.data.document)).not.toContainEqual(
    expect.objectContaining({ text: 'too late' }),
  );
  // And he cannot open it again.
  const refused = await openStream(view('messages_to_me', { target_did: alice.did }), {
    token: await bob.session.token(),
  });
  expect(refused.status).toBe(400);
  expect(refused.error).toMatchObject({
    error: { message: "the caller can't match the condition of this script" },
  });
});

test('admitted as a run: no token (401), not a friend (400), a script that is not one find (400); resumable', async () => {
  const noToken = await openStream(view('messages_to_me', { target_did: alice.did }));
  expect(noToken.status).toBe(401);
  const stranger = await openStream(view('messages_to_me', { target_did: alice.did }), {
    token: await carol.session.token(),
  });
  expect(stranger.status).toBe(400);
  await alice.scripts.register('count_messages', {
    executable: { type: 'count', collection: 'messages', filter: {} },
  });
  const notAView = await openStream(view('count_messages', {}), { token: await alice.session.token() });
  expect(notAView.status).toBe(400);
  expect(notAView.error).toMatchObject({ error: { message: expect.stringContaining('one find') } });

  // The owner's own view (no target: her own space), resumed from a cursor.
  await alice.scripts.register('everything', {
    executable: { type: 'find', collection: 'messages', filter: {} },
  });
  const mine = await openStream(view('everything', {}), { token: await alice.session.token() });
  await alice.db.collection('messages').insert([{ n: 1 }, { n: 2 }, { n: 3 }]);
  const [first] = await mine.waitFor(3);
  mine.close();
  const resumed = await openStream(view('everything', { since: first!.id }), {
    token: await alice.session.token(),
  });
  expect((await resumed.waitFor(2)).map((e) => (e.data.document as { n: number }).n)).toEqual([2, 3]);
  // Registering the script again ends the stream: its meaning may have changed.
  await alice.scripts.register('everything', {
    executable: { type: 'find', collection: 'friends', filter: {} },
  });
  await resumed.ended;
  expect(JSON.parse(resumed.frames.find((f) => f.event === 'error')!.data!)).toMatchObject({
    error: 'script_changed',
  });
  // Resuming from a cursor before that registration replays past it (the stream serves the script
  // as registered now) rather than ending at it again: the app that re-registers its scripts at
  // every start does not cut its friends' resumes.
  const again = await openStream(view('everything', { since: first!.id }), {
    token: await alice.session.token(),
  });
  await alice.db.collection('friends').insert({ did: 'did:elastos:nobody' });
  const [added] = await again.waitFor(1);
  expect(added!.data.document).toMatchObject({ did: 'did:elastos:nobody' });
  expect(again.frames.filter((f) => f.event === 'error')).toEqual([]);
  again.close();
});
