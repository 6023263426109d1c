/**
 * Sharing encrypted data with a friend's DID through a stored script, and revoking it: the friend's
 * SDK opens what was shared with its own key; a third DID cannot run the script, nor open the
 * record it would need; after a revocation the revoked friend gets nothing it can open (the data
 * is sealed again under a new key) while another friend keeps access.
 */
import { CellaCryptoError, type EncryptedCollection, type Vault } from '@cella/sdk';
import { randomBytes } from 'node:crypto';
import { bytesToBase58, createDocument } from '@cella/did';
import { x25519KeyAgreement } from '@cella/sdk/crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTempNode, type TempNode } from '../helpers/temp-node.js';
import { rawCall } from '../helpers/users.js';
import { failure, keyUser, readText } from './helpers.js';
import { connect, createDevIdentity } from '@cella/sdk';

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
    const forCarol: unknown[] = [];
    for await (const doc of carol.db.shared({ owner: alice.did, script }).find({ day: 'tuesday' }))
      forCarol.push(doc.text);
    expect(forCarol).toEqual(['finished the secret project']);
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

describe('a friend whose DID document has an X25519 key-agreement key', () => {
  const secret = new Uint8Array(randomBytes(32));
  const agreement = x25519KeyAgreement(secret);
  const identity = createDevIdentity('elastos');
  let dave: Vault;
  let daveWithoutX25519: Vault;
  let daveDocument: Awaited<ReturnType<typeof createDocument>>;

  beforeAll(async () => {
    // The document lists a P-256 key (it signs) and an X25519 key agreement key: the X25519 one is wrapped for.
    daveDocument = {
      ...(await createDocument(identity.signer)),
      keyAgreement: [
        {
          id: `${identity.signer.did}#agreement`,
          type: 'X25519KeyAgreementKey2019',
          controller: identity.signer.did,
          publicKeyBase58: bytesToBase58(agreement.publicKey),
        },
      ],
    } as Awaited<ReturnType<typeof createDocument>>;
    dave = await connect({ url: node.url, signer: { ...identity.signer, x25519: agreement } });
    daveWithoutX25519 = await connect({ url: node.url, signer: identity.signer });
  });

  test('a collection wrapped for it (X25519, recorded so) opens in its SDK; survives the revocation of another friend', async () => {
    const { script } = await diary.share(daveDocument);
    const keys = await rawCall(alice, 'GET', '/api/v2/vault/db/cella_keys?filter=%7B%7D');
    const record = (keys.body.items as Record<string, string>[]).find((r) => r.recipient === dave.did)!;
    expect(record).toMatchObject({
      alg: 'X25519',
      recipientKey: Buffer.from(agreement.publicKey).toString('base64url'),
    });
    expect(Buffer.from(record.epk!, 'base64url')).toHaveLength(32);

    const read = () =>
      dave.db
        .shared({ owner: alice.did, script })
        .find({}, { sort: { day: 1 } })
        .toArray();
    expect((await read()).map((d) => d.day)).toEqual(['monday', 'tuesday', 'wednesday']);
    // Only the X25519 key opens it: the same DID's signer without it is told what is missing.
    expect(
      await failure(daveWithoutX25519.db.shared({ owner: alice.did, script }).find().toArray()),
    ).toMatchObject({
      code: 'NO_KEY_MATERIAL',
    });
    // A revocation of someone else re-wraps the next generation for Dave's X25519 key.
    await diary.revoke(carol.did);
    expect((await read()).map((d) => d.day)).toEqual(['monday', 'tuesday', 'wednesday']);
    expect(await failure(carol.db.shared({ owner: alice.did, script }).find().toArray())).toMatchObject({
      code: 'NOT_SHARED',
    });
  });

  test('a file shared with { did, publicKey } of 32 bytes (an X25519 key) opens in its SDK', async () => {
    await alice.files.upload('notes/for-dave.txt', 'a note only Dave can read', { encrypt: true });
    const { script } = await alice.files.share('notes/for-dave.txt', {
      did: dave.did,
      publicKey: agreement.publicKey,
    });
    expect(await readText(await dave.files.openShared({ owner: alice.did, script }))).toBe(
      'a note only Dave can read',
    );
    expect(await failure(bob.files.openShared({ owner: alice.did, script }))).toMatchObject({
      code: 'NOT_SHARED',
    });
  });
});
