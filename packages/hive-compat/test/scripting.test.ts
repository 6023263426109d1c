/**
 * ScriptingService, ScriptRunner and AnonymousScriptRunner as dApps on the official Hive JS SDK use
 * them against a Cella vault node: every executable and condition class, calls by the owner, by
 * another signed-in user and anonymously, the URL form (callScriptUrl), file transactions, public
 * files (downloadAnonymousFile) and `hive://` URLs (downloadFileByHiveUrl, which finds the vault
 * through the owner's published DID document).
 */
import { createHash } from 'node:crypto';
import {
  AggregatedExecutable,
  AndCondition,
  AnonymousScriptRunner,
  BadRequestException,
  CountExecutable,
  DeleteExecutable,
  FileDownloadExecutable,
  FileHashExecutable,
  FilePropertiesExecutable,
  FileUploadExecutable,
  FindExecutable,
  InsertExecutable,
  InvalidParameterException,
  OrCondition,
  QueryHasResultCondition,
  ScriptNotFoundException,
  ScriptRunner,
  UnauthorizedException,
  UpdateExecutable,
  Vault,
  VaultSubscription,
  type DatabaseService,
  type FilesService,
  type ScriptingService,
} from '@elastosfoundation/hive-js-sdk';
import { beforeAll, describe, expect, test } from 'vitest';
import { failure, newUser, world, type HiveUser } from './support/env.js';

type Doc = Record<string, unknown>;
type Results = Record<string, Record<string, unknown>>;
const OBJECT_ID = /^[0-9a-f]{24}$/;

let owner: HiveUser;
let caller: HiveUser;
let db: DatabaseService;
let files: FilesService;
let scripting: ScriptingService;
/** Another signed-in user running the owner's scripts. */
let runner: ScriptRunner;
/** Nobody signed in. */
let anonymous: AnonymousScriptRunner;

beforeAll(async () => {
  [owner, caller] = await Promise.all([newUser('script-owner'), newUser('script-caller')]);
  await new VaultSubscription(owner.context, world.vault.url).subscribe();
  const vault = new Vault(owner.context, world.vault.url);
  db = vault.getDatabaseService();
  files = vault.getFilesService();
  scripting = vault.getScriptingService();
  runner = new ScriptRunner(caller.context, world.vault.url);
  anonymous = new AnonymousScriptRunner(world.vault.url);
});

/** A collection of the owner's with messages by alice (n = 1, 3) and bob (n = 2). */
let counter = 0;
async function messages(): Promise<string> {
  const name = `messages_${++counter}`;
  await db.createCollection(name);
  await db.insertMany(name, [
    { author: 'alice', n: 1, text: 'hi' },
    { author: 'bob', n: 2, text: 'yo' },
    { author: 'alice', n: 3, text: 'again' },
  ]);
  return name;
}

const call = <T = Results>(
  by: ScriptingService | ScriptRunner | AnonymousScriptRunner,
  name: string,
  params: unknown,
) => by.callScript<T>(name, params, owner.did, owner.appDid);

describe('database executables', () => {
  test('find with a queryHasResults condition: the owner and another user get {total, items}, $params substituted, the pair-style sort honoured; an unmet condition throws BadRequestException', async () => {
    const coll = await messages();
    await scripting.registerScript(
      'get_messages',
      new FindExecutable('get_messages', coll, { author: '$params.author' }, { sort: [['n', -1]] }),
      new QueryHasResultCondition('has_messages', coll, { author: '$params.author' }, null as never),
    );
    for (const by of [scripting, runner]) {
      const result = await call(by, 'get_messages', { author: 'alice' });
      expect(result.get_messages!.total).toBe(2);
      expect((result.get_messages!.items as Doc[]).map((d) => d.n)).toEqual([3, 1]);
    }
    expect(await failure(call(runner, 'get_messages', { author: 'nobody' }))).toBeInstanceOf(
      BadRequestException,
    );
  });

  test('insert: the caller writes one document into the owner’s collection ($caller_did substituted)', async () => {
    const coll = await messages();
    await scripting.registerScript(
      'post_message',
      new InsertExecutable(
        'post_message',
        coll,
        { author: '$caller_did', text: '$params.text' },
        { timestamp: true },
      ),
    );
    const result = await call(runner, 'post_message', { text: 'hello owner' });
    expect(result.post_message!.acknowledged).toBe(true);
    expect(result.post_message!.inserted_id).toMatch(OBJECT_ID);
    const stored = (await db.findMany(coll, { author: caller.did })) as Doc[];
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ author: caller.did, text: 'hello owner' });
    expect(Number.isInteger(stored[0]!.created)).toBe(true);
  });

  test('update: one matching document changes; the answer has the counts', async () => {
    const coll = await messages();
    await scripting.registerScript(
      'edit_message',
      new UpdateExecutable(
        'edit_message',
        coll,
        { author: '$params.author' },
        { $set: { text: '$params.text' } },
        {
          upsert: false,
        },
      ),
    );
    const result = await call(runner, 'edit_message', { author: 'bob', text: 'edited' });
    expect(result.edit_message).toMatchObject({
      acknowledged: true,
      matched_count: 1,
      modified_count: 1,
      upserted_id: null,
    });
    expect(((await db.findOne(coll, { author: 'bob' })) as Doc).text).toBe('edited');
  });

  test('delete: one matching document goes; the answer has deleted_count', async () => {
    const coll = await messages();
    await scripting.registerScript(
      'drop_message',
      new DeleteExecutable('drop_message', coll, { author: '$params.author' }),
    );
    const result = await call(runner, 'drop_message', { author: 'alice' });
    expect(result.drop_message).toMatchObject({ acknowledged: true, deleted_count: 1 });
    expect(await db.countDocuments(coll, { author: 'alice' })).toBe(1);
    expect(await db.countDocuments(coll, {})).toBe(2);
  });

  test('count: {count} of the matching documents', async () => {
    const coll = await messages();
    await scripting.registerScript(
      'count_messages',
      new CountExecutable('count_messages', coll, { author: '$params.author' }),
    );
    expect((await call(runner, 'count_messages', { author: 'alice' })).count_messages).toEqual({ count: 2 });
  });

  test('aggregated executables under and/or conditions: results side by side by name, output:false left out', async () => {
    const coll = await messages();
    const both = new AndCondition('both', [
      new QueryHasResultCondition('has_alice', coll, { author: 'alice' }),
      new OrCondition('bob_or_carol', [
        new QueryHasResultCondition('has_bob', coll, { author: 'bob' }),
        new QueryHasResultCondition('has_carol', coll, { author: 'carol' }),
      ]),
    ]);
    const digest = new AggregatedExecutable('digest', [
      new FindExecutable('latest', coll, {}, { sort: [['n', -1]], limit: 1 }),
      new CountExecutable('how_many', coll, {}),
      new CountExecutable('hidden', coll, {}).setOutput(false),
    ]);
    await scripting.registerScript('digest', digest, both);
    const result = await call(runner, 'digest', {});
    expect(Object.keys(result).sort()).toEqual(['how_many', 'latest']);
    expect(result.how_many).toEqual({ count: 3 });
    expect((result.latest!.items as Doc[]).map((d) => d.n)).toEqual([3]);

    const unmet = new AndCondition('impossible', [
      new QueryHasResultCondition('has_carol', coll, { author: 'carol' }),
    ]);
    await scripting.registerScript('digest_guarded', digest, unmet);
    expect(await failure(call(runner, 'digest_guarded', {}))).toBeInstanceOf(BadRequestException);
  });
});

describe('file executables and transactions', () => {
  test('fileUpload / fileDownload: the caller uploads into the owner’s vault by transaction and downloads it back; a used transaction throws InvalidParameterException', async () => {
    await scripting.registerScript('upload_file', new FileUploadExecutable('upload_file'));
    await scripting.registerScript('download_file', new FileDownloadExecutable('download_file'));
    const data = Buffer.from('written by the caller through a script');

    const up = await call(runner, 'upload_file', { path: 'inbox/from-caller.txt' });
    const uploadId = up.upload_file!.transaction_id as string;
    expect(uploadId).toBeTypeOf('string');
    await runner.uploadFile(uploadId, data);
    expect((await files.download('inbox/from-caller.txt')).toString()).toBe(data.toString());

    const down = await call(runner, 'download_file', { path: 'inbox/from-caller.txt' });
    const downloadId = down.download_file!.transaction_id as string;
    expect((await runner.downloadFile(downloadId)).toString()).toBe(data.toString());
    expect(await failure(runner.downloadFile(downloadId))).toBeInstanceOf(InvalidParameterException);
  });

  test('the owner runs transactions through ScriptingService.uploadFile / downloadFile', async () => {
    await scripting.registerScript('own_upload', new FileUploadExecutable('own_upload'));
    await scripting.registerScript('own_download', new FileDownloadExecutable('own_download'));
    const data = Buffer.from('the owner, by transaction');
    const up = await call(scripting, 'own_upload', { path: 'own/by-tx.txt' });
    await scripting.uploadFile(up.own_upload!.transaction_id as string, data);
    const down = await call(scripting, 'own_download', { path: 'own/by-tx.txt' });
    expect((await scripting.downloadFile(down.own_download!.transaction_id as string)).toString()).toBe(
      data.toString(),
    );
  });

  test('fileProperties and fileHash: {type, name, size, last_modify} and {SHA256}', async () => {
    const data = Buffer.from('properties of this file');
    await files.upload('props/scripted.txt', data);
    await scripting.registerScript('file_props', new FilePropertiesExecutable('file_props'));
    await scripting.registerScript('file_hash', new FileHashExecutable('file_hash'));
    const props = (await call(runner, 'file_props', { path: 'props/scripted.txt' })).file_props!;
    expect(props).toMatchObject({ type: 'file', name: 'props/scripted.txt', size: data.length });
    expect(Number.isInteger(props.last_modify)).toBe(true);
    const hash = (await call(runner, 'file_hash', { path: 'props/scripted.txt' })).file_hash!;
    expect(hash.SHA256).toBe(createHash('sha256').update(data).digest('hex'));
  });
});

describe('the URL form and anonymous callers', () => {
  test('callScriptUrl: the script named in the URL runs with the params of the URL (owner, another user)', async () => {
    const coll = await messages();
    await scripting.registerScript(
      'url_find',
      new FindExecutable('url_find', coll, { author: '$params.author' }),
    );
    for (const by of [scripting, runner]) {
      const result = await by.callScriptUrl<Results>('url_find', '{"author":"bob"}', owner.did, owner.appDid);
      expect(result.url_find!.total).toBe(1);
      expect((result.url_find!.items as Doc[])[0]).toMatchObject({ author: 'bob', text: 'yo' });
    }
  });

  test('AnonymousScriptRunner: callScript and callScriptUrl of a script open to anonymous users and apps; a script that is not throws UnauthorizedException', async () => {
    const coll = await messages();
    await scripting.registerScript(
      'public_count',
      new CountExecutable('public_count', coll, { author: '$params.author' }),
      undefined,
      true,
      true,
    );
    await scripting.registerScript(
      'private_count',
      new CountExecutable('private_count', coll, {}),
      undefined,
      false,
      false,
    );
    expect((await call(anonymous, 'public_count', { author: 'alice' })).public_count).toEqual({ count: 2 });
    const byUrl = await anonymous.callScriptUrl<Results>(
      'public_count',
      '{"author":"bob"}',
      owner.did,
      owner.appDid,
    );
    expect(byUrl.public_count).toEqual({ count: 1 });
    expect(await failure(call(anonymous, 'private_count', {}))).toBeInstanceOf(UnauthorizedException);
  });

  test('AnonymousScriptRunner transactions: anyone uploads into and downloads from the owner’s vault through anonymous scripts', async () => {
    await scripting.registerScript('drop_box', new FileUploadExecutable('drop_box'), undefined, true, true);
    await scripting.registerScript('pick_up', new FileDownloadExecutable('pick_up'), undefined, true, true);
    const data = Buffer.from('left by someone without a DID');
    const up = await call(anonymous, 'drop_box', { path: 'dropbox/anonymous.txt' });
    await anonymous.uploadFile(up.drop_box!.transaction_id as string, data);
    expect((await files.download('dropbox/anonymous.txt')).toString()).toBe(data.toString());
    const down = await call(anonymous, 'pick_up', { path: 'dropbox/anonymous.txt' });
    expect((await anonymous.downloadFile(down.pick_up!.transaction_id as string)).toString()).toBe(
      data.toString(),
    );
  });

  test('downloadAnonymousFile: a file uploaded with publicOnIPFS is downloadable by anyone', async () => {
    const data = Buffer.from('a public picture');
    await files.upload('shared/picture.bin', data, undefined, true);
    const fetched = await anonymous.downloadAnonymousFile(owner.did, owner.appDid, 'shared/picture.bin');
    expect(fetched.toString()).toBe(data.toString());
  });

  test('hive:// URLs: downloadFileByHiveUrl finds the vault through the owner’s DID document and downloads through the named script (ScriptingService, ScriptRunner, static AnonymousScriptRunner)', async () => {
    const data = Buffer.from('linked by a hive url');
    await files.upload('hive-url.txt', data);
    await scripting.registerScript('by_url', new FileDownloadExecutable('by_url'), undefined, true, true);
    const hiveUrl = `hive://${owner.did}@${owner.appDid}/by_url?params={"path":"hive-url.txt"}`;
    expect((await scripting.downloadFileByHiveUrl(hiveUrl)).toString()).toBe(data.toString());
    expect((await runner.downloadFileByHiveUrl(hiveUrl)).toString()).toBe(data.toString());
    expect((await AnonymousScriptRunner.downloadFileByHiveUrl(hiveUrl)).toString()).toBe(data.toString());
  });
});

describe('managing scripts', () => {
  test('getScripts lists the registered scripts as registered; unregisterScript removes one: running it throws BadRequestException, unregistering it again ScriptNotFoundException', async () => {
    const coll = await messages();
    await scripting.registerScript(
      'listed_one',
      new FindExecutable('listed_one', coll, { author: 'alice' }),
      new QueryHasResultCondition('guard', coll, { author: '$caller_did' }),
      false,
      false,
    );
    await scripting.registerScript(
      'listed_two',
      new CountExecutable('listed_two', coll, {}),
      undefined,
      true,
      true,
    );
    const scripts = await scripting.getScripts();
    const byName = new Map(scripts.map((s) => [s.getName(), s]));
    const one = byName.get('listed_one')!;
    expect(one.getExecutable()).toMatchObject({
      name: 'listed_one',
      type: 'find',
      body: { collection: coll },
    });
    expect(one.getCondition()).toMatchObject({ name: 'guard', type: 'queryHasResults' });
    expect(one.getAllowAnonymousUser()).toBe(false);
    expect(byName.get('listed_two')!.getAllowAnonymousApp()).toBe(true);

    await scripting.unregisterScript('listed_two');
    expect((await scripting.getScripts()).map((s) => s.getName())).not.toContain('listed_two');
    expect(await failure(call(runner, 'listed_two', {}))).toBeInstanceOf(BadRequestException);
    expect(await failure(scripting.unregisterScript('listed_two'))).toBeInstanceOf(ScriptNotFoundException);
  });
});
