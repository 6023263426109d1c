/**
 * FilesService (and its encrypted variant, and IpfsRunner for public files) as a dApp on the
 * official Hive JS SDK uses it against a Cella vault node. Each test checks the data, not only the
 * answer: after a copy the source still holds its bytes, after a move the old path is gone.
 */
import { createHash } from 'node:crypto';
import {
  AlreadyExistsException,
  FileInfo,
  FileNotFoundException,
  HashInfo,
  IpfsRunner,
  Vault,
  VaultSubscription,
  type FilesService,
} from '@elastosfoundation/hive-js-sdk';
import { beforeAll, describe, expect, test } from 'vitest';
import { STOREPASS } from './support/identities.js';
import { failure, newUser, world } from './support/env.js';

/** Every byte value, then text: binary content must round-trip exactly. */
function content(label: string, size = 3000): Buffer {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + label.length) & 0xff;
  return Buffer.concat([bytes, Buffer.from(`\n${label}\n`)]);
}
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
/** Size and digest, so a failure says how the bytes differ (e.g. a 2-byte overwrite). */
const fingerprint = (data: Buffer) => ({ size: data.length, sha256: sha256(data) });
const expectBytes = (actual: Buffer, expected: Buffer) =>
  expect(fingerprint(actual)).toEqual(fingerprint(expected));
const CID = /^(b[a-z2-7]{50,}|Qm[1-9A-HJ-NP-Za-km-z]{44})$/;

let vault: Vault;
let files: FilesService;
let runStart: number;

beforeAll(async () => {
  runStart = Date.now() - 2000;
  const user = await newUser('files');
  await new VaultSubscription(user.context, world.vault.url).subscribe();
  vault = new Vault(user.context, world.vault.url);
  files = vault.getFilesService();
});

describe('upload and download', () => {
  test('upload then download gives the same bytes; uploading again overwrites', async () => {
    const first = content('first');
    const cid = await files.upload('docs/report.bin', first);
    expect(cid).toBeTypeOf('string');
    expectBytes(await files.download('docs/report.bin'), first);
    const second = content('second version', 5000);
    await files.upload('docs/report.bin', second);
    expectBytes(await files.download('docs/report.bin'), second);
  });

  test('upload(path, data, progress, publicOnIPFS=true) returns the content identifier (CID)', async () => {
    const cid = await files.upload('public/logo.bin', content('logo'), undefined, true);
    expect(cid).toMatch(CID);
  });

  test('download of a missing file throws FileNotFoundException', async () => {
    expect(await failure(files.download('docs/missing.txt'))).toBeInstanceOf(FileNotFoundException);
  });
});

describe('folders and properties', () => {
  test('list(folder): every file below the folder (sub-folders included), with full name, is_file and size', async () => {
    await files.upload('album/a.txt', 'aaa');
    await files.upload('album/b.txt', 'bbbbb');
    await files.upload('album/2026/c.txt', 'c');
    await files.upload('elsewhere/d.txt', 'd');
    const listed = await files.list('album');
    expect(listed.every((f) => f instanceof FileInfo)).toBe(true);
    const entries = listed
      .map((f) => ({ name: f.getName(), isFile: f.isFile(), size: f.getSize() }))
      .sort((x, y) => x.name.localeCompare(y.name));
    expect(entries).toEqual([
      { name: 'album/2026/c.txt', isFile: true, size: 1 },
      { name: 'album/a.txt', isFile: true, size: 3 },
      { name: 'album/b.txt', isFile: true, size: 5 },
    ]);
  });

  test('list(""): the root lists every file of the vault', async () => {
    await files.upload('root-listing/x.txt', 'x');
    const names = (await files.list('')).map((f) => f.getName());
    expect(names).toContain('root-listing/x.txt');
    expect(names).toContain('album/a.txt');
  });

  test('stat(file): name, is_file, size, created and updated (epoch seconds)', async () => {
    const data = content('stat');
    await files.upload('props/file.bin', data);
    const info = await files.stat('props/file.bin');
    expect(info).toBeInstanceOf(FileInfo);
    expect(info.getName()).toBe('props/file.bin');
    expect(info.isFile()).toBe(true);
    expect(info.getSize()).toBe(data.length);
    for (const date of [info.getCreated(), info.getUpdated()]) {
      expect(date.getTime()).toBeGreaterThanOrEqual(runStart);
      expect(date.getTime()).toBeLessThanOrEqual(Date.now() + 2000);
    }
    expect(await failure(files.stat('props/missing.bin'))).toBeInstanceOf(FileNotFoundException);
  });

  test('hash(file): the SHA-256 of the content (SDK 2.9.14 keeps only the last field HashInfo sets, so it is what getName() returns)', async () => {
    const data = content('hash me');
    await files.upload('props/hashed.bin', data);
    const info = await files.hash('props/hashed.bin');
    expect(info).toBeInstanceOf(HashInfo);
    expect(info.getName()).toBe(sha256(data));
  });
});

describe('move, copy, delete', () => {
  test('move(source, target): the bytes are at the target and the source is gone; moving onto an existing file throws AlreadyExistsException', async () => {
    const data = content('moved');
    await files.upload('move/from.bin', data);
    expect(await files.move('move/from.bin', 'move/to.bin')).toBe('move/to.bin');
    expectBytes(await files.download('move/to.bin'), data);
    expect(await failure(files.download('move/from.bin'))).toBeInstanceOf(FileNotFoundException);

    await files.upload('move/other.bin', 'other');
    expect(await failure(files.move('move/other.bin', 'move/to.bin'))).toBeInstanceOf(AlreadyExistsException);
    expect((await files.download('move/other.bin')).toString()).toBe('other');
  });

  test('copy(source, target): both hold the original bytes (the source is untouched); copying onto an existing file throws AlreadyExistsException', async () => {
    const data = content('copied');
    await files.upload('copy/source.bin', data);
    const copied = await files.copy('copy/source.bin', 'copy/target.bin');
    expectBytes(await files.download('copy/source.bin'), data);
    expect(copied).toBe('copy/target.bin');
    expectBytes(await files.download('copy/target.bin'), data);
    expect((await files.stat('copy/source.bin')).getSize()).toBe(data.length);

    await files.upload('copy/existing.bin', 'existing');
    expect(await failure(files.copy('copy/source.bin', 'copy/existing.bin'))).toBeInstanceOf(
      AlreadyExistsException,
    );
    expect((await files.download('copy/existing.bin')).toString()).toBe('existing');
  });

  test('delete(file): the file is gone; deleting it again throws FileNotFoundException', async () => {
    await files.upload('trash/one.txt', 'one');
    await files.upload('trash/two.txt', 'two');
    await files.delete('trash/one.txt');
    expect(await failure(files.download('trash/one.txt'))).toBeInstanceOf(FileNotFoundException);
    expect((await files.download('trash/two.txt')).toString()).toBe('two');
    expect(await failure(files.delete('trash/one.txt'))).toBeInstanceOf(FileNotFoundException);
  });

  test('delete(folder): everything inside is deleted (the SDK documents deletion as recursive)', async () => {
    await files.upload('bin/a/1.txt', '1');
    await files.upload('bin/a/b/2.txt', '2');
    await files.delete('bin/a');
    expect(await failure(files.download('bin/a/1.txt'))).toBeInstanceOf(FileNotFoundException);
    expect(await failure(files.download('bin/a/b/2.txt'))).toBeInstanceOf(FileNotFoundException);
  });
});

describe('encrypted files (Vault.enableEncryption + getFilesService(true))', () => {
  test('the node stores ciphertext; the SDK decrypts on download', async () => {
    await vault.enableEncryption(STOREPASS);
    const secret = vault.getFilesService(true);
    const plaintext = Buffer.from('a secret only the app instance can read');
    await secret.upload('secret/note.txt', plaintext);
    const stored = await files.download('secret/note.txt');
    expect(stored.equals(plaintext)).toBe(false);
    expectBytes(await secret.download('secret/note.txt'), plaintext);
  });
});

describe('public files through an IPFS gateway', () => {
  test('IpfsRunner(<node URL>).getFile(cid) returns the bytes of a file uploaded with publicOnIPFS', async () => {
    const data = content('public gateway');
    const cid = await files.upload('public/shared.bin', data, undefined, true);
    const fetched = await new IpfsRunner(world.vault.url).getFile(cid);
    expectBytes(fetched, data);
  });
});
