/**
 * Sharing encrypted data with a friend's DID through a stored script, and revoking it: the friend's
 * SDK opens what was shared with its own key; a third DID cannot run the script, nor open the
 * record it would need; after a revocation the revoked friend gets nothing it can open (the data
 * is sealed again under a new key) while another friend keeps access.
 */
import { CellaCryptoError, type EncryptedCollection, type Vault } from '@cella/sdk';
import { createDocument } from '@cella/did';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTempNode, type TempNode } from '../helpers/temp-node.js';
import { rawCall } from '../helpers/users.js';
import { failure, keyUser, readText } from './helpers.js';

let node: TempNode;
let alice: Vault;
let bob: Vault;
let carol: Vault;
let eve: Vault;
let diary: EncryptedCollection;

beforeAll(async () => {
  node = await startTempNode();
  const connectNew = async (method: 'key' | 'elastos') => (await keyUser(node.url, method)).vault;
  [alice, bob, carol, eve] = await Promise.all([
    connectNew('key'),
    connectNew('key'),
    connectNew('elastos'),
    connectNew('key'),
  ]);
  diary = await alice.db.createCollection('diary', { encrypt: true, searchable: ['day'] });
  await diary.insert([
    { day: 'monday', text: 'met Bob for coffee' },
    { day: 'tuesday', text: 'finished the secret project' },
  ]);
  await alice.files.upload('photos/cat.jpg', 'pretend these are the bytes of a cat photo', { encrypt: true });
});
afterAll(async () => node?.stop());

describe('a collection', () => {
  let script: string;

  test('shared with a did:key and with a did:elastos (its document): both friends open it', async () => {
    ({ script } = await diary.share(bob.did));
    expect(script).toBe('cella-collection-diary');
    const carolDocument = await createDocument(carol.encryption.signer!);
    await diary.share(carolDocument);
    const forBob = await bob.db
      .shared({ owner: alice.did, script })
      .find({}, { sort: { day: 1 } })
      .toArray();
    expect(forBob.map((d) => d.text)).toEqual(['met Bob for coffee', 'finished the secret project']);
    // A cursor like every other find: read whole, or iterated.
    const forCarol: { text?: unknown }[] = [];
    for await (const doc of carol.db.shared({ owner: alice.did, script }).find({ day: 'tuesday' }))
      forCarol.push(doc);
    expect(forCarol.map((d) => d.text)).toEqual(['finished the secret project']);
  });

  test('a DID it was not shared with cannot run the script', async () => {
    const error = await failure(eve.db.shared({ owner: alice.did, script }).find().toArray());
    expect(error).toBeInstanceOf(CellaCryptoError);
    expect((error as CellaCryptoError).code).toBe('NOT_SHARED');
  });

  test('revoke: Bob gets nothing he can open any more, Carol still reads, Alice too, and new documents', async () => {
    const sealed = async () =>
      (
        (await rawCall(alice, 'GET', '/api/v2/vault/db/diary?filter=%7B%7D')).body.items as {
          __cella: string;
        }[]
      ).map((d) => Buffer.from(d.__cella, 'base64url'));
    const before = await sealed();
    await diary.revoke(bob.did);
    // Every document sealed again under the next generation: a key Bob kept opens none of them.
    const after = await sealed();
    expect(before.map((b) => b.readUInt32BE(1))).toEqual([0, 0]);
    expect(after.map((b) => b.readUInt32BE(1))).toEqual([1, 1]);
    const bobError = await failure(bob.db.shared({ owner: alice.did, script }).find().toArray());
    expect(bobError).toMatchObject({ code: 'NOT_SHARED' });
    await diary.insert({ day: 'wednesday', text: 'a new entry after the revocation' });
    const forCarol = await carol.db
      .shared({ owner: alice.did, script })
      .find({}, { sort: { day: 1 }, skip: 1, limit: 5 })
      .toArray();
    expect(forCarol.map((d) => d.day)).toEqual(['tuesday', 'wednesday']);
    expect(await diary.count({ day: 'monday' })).toBe(1);
    expect((await diary.find({ day: 'wednesday' }).toArray())[0]?.text).toBe(
      'a new entry after the revocation',
    );
  });
});

describe('a file', () => {
  test('shared: the friend downloads and opens it; a stranger cannot; after a revocation the friend cannot open it', async () => {
    const { script } = await alice.files.share('photos/cat.jpg', bob.did);
    expect(await readText(await bob.files.openShared({ owner: alice.did, script }))).toBe(
      'pretend these are the bytes of a cat photo',
    );
    await alice.files.share(
      'photos/cat.jpg',
      carol.did.startsWith('did:key') ? carol.did : await createDocument(carol.encryption.signer!),
    );
    expect(await failure(eve.files.openShared({ owner: alice.did, script }))).toMatchObject({
      code: 'NOT_SHARED',
    });

    await alice.files.revoke('photos/cat.jpg', bob.did);
    expect(await failure(bob.files.openShared({ owner: alice.did, script }))).toMatchObject({
      code: 'NOT_SHARED',
    });
    expect(await readText(await carol.files.openShared({ owner: alice.did, script }))).toBe(
      'pretend these are the bytes of a cat photo',
    );
    expect(await readText(await alice.files.download('photos/cat.jpg', { decrypt: true }))).toBe(
      'pretend these are the bytes of a cat photo',
    );
  });

  test('a key wrapped for another DID does not open with mine (WRONG_KEY)', async () => {
    await alice.files.upload('photos/dog.jpg', 'dog', { encrypt: true });
    const { script } = await alice.files.share('photos/dog.jpg', {
      did: eve.did,
      publicKey: bob.encryption.signer!.publicKey,
    });
    const error = await failure(eve.files.openShared({ owner: alice.did, script }));
    expect(error).toBeInstanceOf(CellaCryptoError);
    expect((error as CellaCryptoError).code).toBe('WRONG_KEY');
  });
});
