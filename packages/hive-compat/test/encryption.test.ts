/**
 * End-to-end encryption across SDKs: what the official Hive JS SDK encrypts (its
 * `enableEncryption` + `getDatabaseService(true)` / `getFilesService(true)`, the cipher of
 * `DIDDocument.createCipher(appDid, 0)` on the app instance's DID) opens in the Cella SDK given the
 * same identity — the app instance's extended key from the same DIDStore and the user's
 * AppIdCredential — and what the Cella SDK encrypts in that scheme (`encrypt: 'hive'`) opens in
 * the official SDK. Documents and files, both ways, on one real vault node.
 */
import { connect, type Vault as CellaVault } from '@cella/sdk';
import { createHdKeySigner } from '@cella/sdk/elastos';
import {
  Vault,
  VaultSubscription,
  type DatabaseService,
  type FilesService,
} from '@elastosfoundation/hive-js-sdk';
import { beforeAll, describe, expect, test } from 'vitest';
import { STOREPASS } from './support/identities.js';
import { newUser, world, type HiveUser } from './support/env.js';

type Doc = Record<string, unknown>;
let user: HiveUser;
let official: { db: DatabaseService; files: FilesService; plainFiles: FilesService };
let cella: CellaVault;

const bytes = (n: number, seed = 1) =>
  Buffer.from(Uint8Array.from({ length: n }, (_, i) => (i * 29 + seed) & 0xff));
const strip = ({ _id: _i, created: _c, modified: _m, ...rest }: Doc) => rest;

beforeAll(async () => {
  user = await newUser('e2ee');
  await new VaultSubscription(user.context, world.vault.url).subscribe();
  const vault = new Vault(user.context, world.vault.url);
  await vault.enableEncryption(STOREPASS);
  official = {
    db: vault.getDatabaseService(true),
    files: vault.getFilesService(true),
    plainFiles: vault.getFilesService(),
  };

  // The same identity in the Cella SDK: the app instance's key as its DIDStore keeps it (with the
  // chain code createCipher derives from), and the user's AppIdCredential for the app.
  const appInstance = await user.wallet.load(user.appInstanceDid);
  const extendedKey = await user.wallet.store.loadPrivateKey(appInstance.getDefaultPublicKeyId(), STOREPASS);
  const credential = await user.wallet.issue(user.did, user.appInstanceDid, {
    id: '#app-id-credential',
    types: ['AppIdCredential', 'VerifiableCredential'],
    properties: { appDid: user.appDid, appInstanceDid: user.appInstanceDid },
  });
  cella = await connect({
    url: world.vault.url,
    signer: createHdKeySigner(Uint8Array.from(extendedKey)),
    credentials: [JSON.parse(credential.toString(true)) as unknown],
  });
});

describe('documents', () => {
  const notes: Doc[] = [
    { title: 'diary', pages: 3, done: false, tags: ['a', 'b'], meta: { by: 'ann', n: 1.5 }, none: null },
    { title: 'keys', pages: 1, done: true, tags: [], meta: { by: 'bob', n: -2 }, none: null },
  ];

  test('official SDK → Cella SDK: the documents, filtered by an encrypted value', async () => {
    await official.db.createCollection('official_notes');
    await official.db.insertMany('official_notes', notes);
    const collection = cella.db.collection('official_notes', { encrypt: true });
    expect(await collection.method()).toBe('user_did');
    const all = await collection.find({}, { sort: { _id: 1 } }).toArray();
    expect(all.map(strip)).toEqual(notes);
    expect((await collection.find({ title: 'keys' }).toArray()).map(strip)).toEqual([notes[1]]);
    expect(await collection.count({ done: false })).toBe(1);
  });

  test('Cella SDK → official SDK: insert, update and delete in its scheme, read by the official SDK', async () => {
    const collection = await cella.db.createCollection('cella_notes', { encrypt: 'hive' });
    await collection.insert(notes);
    await collection.update({ title: 'keys' }, { $set: { pages: 2 } });
    await collection.delete({ title: 'nothing' });
    const read = (await official.db.findMany('cella_notes', { title: 'keys' })) as Doc[];
    expect(read.map(strip)).toEqual([{ ...notes[1], pages: 2 }]);
    expect(((await official.db.findMany('cella_notes', {})) as Doc[]).map(strip)).toEqual([
      notes[0],
      { ...notes[1], pages: 2 },
    ]);
  });
});

describe('files', () => {
  const sizes = [2, 100, 4097, 4098, 10_000, 70_000];

  test('official SDK → Cella SDK: every size opens', async () => {
    for (const size of sizes) {
      const data = bytes(size, size);
      await official.files.upload(`official/${size}.bin`, data);
      const stream = await cella.files.download(`official/${size}.bin`, { decrypt: true });
      const back = Buffer.from(await new Response(stream).arrayBuffer());
      expect({ size, equal: back.equals(data) }).toEqual({ size, equal: true });
    }
  });

  test('Cella SDK → official SDK: every size opens (0 and 1 byte too, which its own writer loses)', async () => {
    for (const size of [0, 1, ...sizes]) {
      const data = bytes(size, size + 1);
      await cella.files.upload(`cella/${size}.bin`, data, { encrypt: 'hive' });
      const back = await official.files.download(`cella/${size}.bin`);
      expect({ size, equal: Buffer.from(back).equals(data) }).toEqual({ size, equal: true });
      expect(Buffer.from(await official.plainFiles.download(`cella/${size}.bin`)).equals(data)).toBe(false);
    }
  });
});
