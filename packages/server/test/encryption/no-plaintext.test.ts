/**
 * Nothing readable leaves the client (issue 25, item 4): documents and files encrypted in both
 * schemes carry recognisable markers, and a byte scan of everything a node operator or a backup
 * operator can read finds none of them — the HTTP API's raw answers, the node's data dir (its
 * SQLite files with their -wal and -shm, helia's blocks), MongoDB (what FerretDB answers raw, and
 * its own SQLite files), kubo's repo, a backup node's data dir after a backup, and the vault's
 * export. Unencrypted control data with markers of its own is stored beside it, and every scan
 * must find those: a scan that sees nothing proves nothing.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { kuboBinary, startKubo, type KuboDaemon } from '@cella/block-store/testing';
import { mongoTargetAvailable, startMongoTarget, type MongoTarget } from '@cella/document-store/testing';
import type { Vault } from '@cella/sdk';
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ALLOW_LOOPBACK, settled } from '../backup/helpers.js';
import { startTempNode, type TempNode } from '../helpers/temp-node.js';
import { rawCall } from '../helpers/users.js';
import { elastosUser, readText } from './helpers.js';

/** Markers unique to this run, so an earlier run's leftovers cannot make a scan pass. */
const run = randomBytes(6).toString('hex');
const marker = (what: string) => `${what}-${run}`;
const SECRET = {
  cellaDoc: marker('SECRET-CELLA-DOC'),
  cellaSearchable: marker('SECRET-CELLA-SEARCHABLE'),
  hiveDoc: marker('SECRET-HIVE-DOC'),
  cellaFile: marker('SECRET-CELLA-FILE'),
  hiveFile: marker('SECRET-HIVE-FILE'),
};
const CONTROL = { doc: marker('CONTROL-PLAIN-DOC'), file: marker('CONTROL-PLAIN-FILE') };

/** A file of ~300 KB (more than one block, more than one encrypted chunk) repeating its marker. */
const fileWith = (text: string) => `${text} is in this file; `.repeat(300_000 / (text.length + 18));

/** Stores the marked data in `vault`: encrypted in both schemes, and the plain control. */
async function storeMarkedData(vault: Vault): Promise<void> {
  const cella = await vault.db.createCollection('private_notes', { encrypt: true, searchable: ['tag'] });
  await cella.insert([
    { tag: SECRET.cellaSearchable, body: SECRET.cellaDoc },
    { tag: 'x', body: `${SECRET.cellaDoc} again`, [SECRET.cellaDoc]: 1 },
  ]);
  const hive = await vault.db.createCollection('hive_notes', { encrypt: 'hive' });
  await hive.insert({ body: SECRET.hiveDoc });
  await vault.db.createCollection('plain_notes');
  await vault.db.collection('plain_notes').insert({ body: CONTROL.doc });
  await vault.files.upload('private/cella.txt', fileWith(SECRET.cellaFile), { encrypt: true });
  await vault.files.upload('private/hive.txt', fileWith(SECRET.hiveFile), { encrypt: 'hive' });
  await vault.files.upload('plain.txt', fileWith(CONTROL.file));
  // The owner still reads everything back (the markers were really stored).
  expect((await cella.findOne({ tag: SECRET.cellaSearchable }))?.body).toBe(SECRET.cellaDoc);
  expect((await hive.findOne({}))?.body).toBe(SECRET.hiveDoc);
  expect(await readText(await vault.files.download('private/hive.txt', { decrypt: true }))).toContain(
    SECRET.hiveFile,
  );
}

/** Which of `markers` occur in `bytes` (as UTF-8). */
function found(bytes: Buffer, markers: readonly string[]): string[] {
  return markers.filter((m) => bytes.includes(m));
}

/** Every file under `dir` (recursively), with its bytes; `only` keeps the paths it accepts. */
function filesUnder(dir: string, only: (file: string) => boolean = () => true): [string, Buffer][] {
  const out: [string, Buffer][] = [];
  for (const entry of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const file = path.join(dir, entry);
    if (statSync(file, { throwIfNoEntry: false })?.isFile() && only(file))
      out.push([file, readFileSync(file)]);
  }
  return out;
}

const isSqlite = (file: string) => /\.(db|sqlite|sqlite3)(-wal|-shm|-journal)?$/.test(file);

/**
 * The scan's verdict for one place: which secret markers it holds (must be none) and which
 * control markers (must be `controls`), and how many files or answers it read.
 */
function scan(parts: readonly (readonly [string, Buffer])[]): {
  secrets: string[];
  controls: string[];
  parts: number;
} {
  const secrets = new Set<string>();
  const controls = new Set<string>();
  for (const [where, bytes] of parts) {
    for (const m of found(bytes, Object.values(SECRET))) secrets.add(`${m} in ${where}`);
    for (const m of found(bytes, Object.values(CONTROL))) controls.add(m);
  }
  return { secrets: [...secrets], controls: [...controls].sort(), parts: parts.length };
}

/** What the HTTP API answers raw (no SDK decryption): every collection's documents, every file's bytes and metadata. */
async function httpAnswers(vault: Vault): Promise<[string, Buffer][]> {
  const out: [string, Buffer][] = [];
  for (const name of ['private_notes', 'hive_notes', 'plain_notes']) {
    const raw = await rawCall(vault, 'GET', `/api/v2/vault/db/${name}?filter=%7B%7D`);
    expect(raw.status).toBe(200);
    out.push([`GET db/${name}`, Buffer.from(JSON.stringify(raw.body))]);
  }
  const list = await rawCall(vault, 'GET', '/api/v2/vault/files/?comp=children&recursive=true');
  out.push(['GET files children', Buffer.from(JSON.stringify(list.body))]);
  for (const file of ['private/cella.txt', 'private/hive.txt', 'plain.txt']) {
    out.push([`GET files/${file}`, Buffer.from(await vault.files.bytes(file))]);
    const meta = await rawCall(vault, 'GET', `/api/v2/vault/files/${file}?comp=metadata`);
    out.push([`metadata of ${file}`, Buffer.from(JSON.stringify(meta.body))]);
  }
  return out;
}

const both = [CONTROL.doc, CONTROL.file].sort();

describe('SQLite and helia, a backup node, an export', () => {
  let primary: TempNode;
  let backupNode: TempNode;
  let vault: Vault;

  beforeAll(async () => {
    primary = await startTempNode({ outboundAllow: ALLOW_LOOPBACK.CELLA_OUTBOUND_ALLOW });
    backupNode = await startTempNode({ role: 'backup' });
    vault = await elastosUser(primary.url);
    await vault.subscription.subscribe();
    await storeMarkedData(vault);
  }, 60_000);
  afterAll(async () => {
    await primary?.stop();
    await backupNode?.stop();
  });

  test('the HTTP API answers ciphertext only', async () => {
    expect(scan(await httpAnswers(vault))).toMatchObject({ secrets: [], controls: both });
  });

  test("the node's SQLite files (.db, -wal, -shm) and helia's blocks on disk", async () => {
    const sqlite = filesUnder(primary.dataDir, isSqlite);
    const blocks = filesUnder(primary.dataDir, (f) => !isSqlite(f));
    expect(sqlite.some(([f]) => f.endsWith('-wal'))).toBe(true);
    expect(scan(sqlite)).toMatchObject({ secrets: [], controls: expect.arrayContaining([CONTROL.doc]) });
    expect(scan(blocks)).toMatchObject({ secrets: [], controls: expect.arrayContaining([CONTROL.file]) });
  });

  test("a backup node's data dir after a backup", async () => {
    await vault.backup.start({ target: { url: backupNode.url } });
    const state = await settled(vault);
    expect(state.result, state.message).toBe('success');
    expect(scan(filesUnder(backupNode.dataDir))).toMatchObject({ secrets: [], controls: both });
  });

  test('the export (GET /api/v2/vault/export, CAR bytes)', async () => {
    const response = await fetch(`${vault.url}/api/v2/vault/export`, {
      headers: { authorization: `Bearer ${await vault.session.token()}` },
    });
    expect(response.status).toBe(200);
    const car = Buffer.from(await response.arrayBuffer());
    expect(scan([['export', car]])).toMatchObject({ secrets: [], controls: both });
  });
});

const kuboMissing = kuboBinary() === undefined && !process.env.KUBO_API_URL;
if (kuboMissing || !mongoTargetAvailable())
  console.warn(
    `\n${'!'.repeat(100)}\nSKIPPED: the no-plaintext scan on MongoDB and kubo did not run (needs the cached FerretDB ` +
      'and kubo binaries: scripts/services/ferretdb.sh install, scripts/services/kubo.sh install).\n' +
      `${'!'.repeat(100)}\n`,
  );

describe.skipIf(kuboMissing || !mongoTargetAvailable())('MongoDB (FerretDB) and kubo', () => {
  let mongo: MongoTarget;
  let kubo: KuboDaemon | undefined;
  let node: TempNode;
  let vault: Vault;

  beforeAll(async () => {
    const target = await startMongoTarget();
    if (!target) throw new Error('no MongoDB target');
    mongo = target;
    const external = process.env.KUBO_API_URL;
    kubo = external ? undefined : await startKubo();
    node = await startTempNode({ mongodbUri: mongo.uri, ipfsApiUrl: external ?? kubo!.apiUrl });
    vault = await elastosUser(node.url);
    await storeMarkedData(vault);
  }, 90_000);
  afterAll(async () => {
    await node?.stop();
    await kubo?.stop();
    await mongo?.stop();
  });

  test('the HTTP API answers ciphertext only', async () => {
    expect(scan(await httpAnswers(vault))).toMatchObject({ secrets: [], controls: both });
  });

  test('what the MongoDB server answers raw: every document of every collection of every database, as BSON', async () => {
    const client = await MongoClient.connect(mongo.uri);
    try {
      const parts: [string, Buffer][] = [];
      for (const { name: db } of (await client.db().admin().listDatabases()).databases) {
        for (const { name } of await client.db(db).listCollections({}, { nameOnly: true }).toArray()) {
          for (const raw of await client.db(db).collection(name).find({}, { raw: true }).toArray())
            parts.push([`${db}.${name}`, Buffer.from(raw as unknown as Uint8Array)]);
        }
      }
      expect(scan(parts)).toMatchObject({ secrets: [], controls: expect.arrayContaining([CONTROL.doc]) });
    } finally {
      await client.close();
    }
  });

  test("FerretDB's own SQLite files, kubo's repo, the node's data dir", async () => {
    if (mongo.dataDir)
      expect(scan(filesUnder(mongo.dataDir))).toMatchObject({
        secrets: [],
        controls: expect.arrayContaining([CONTROL.doc]),
      });
    if (kubo)
      expect(scan(filesUnder(kubo.repo))).toMatchObject({
        secrets: [],
        controls: expect.arrayContaining([CONTROL.file]),
      });
    expect(scan(filesUnder(node.dataDir)).secrets).toEqual([]);
  });
});
