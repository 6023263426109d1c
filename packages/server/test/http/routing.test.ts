/**
 * The one router (src/http/routes.ts): what a request means is decided from the table alone —
 * path suffixes after a file path, then the query each entry knows — and what no entry knows is
 * refused rather than ignored.
 */
import type { Vault } from '@cella/sdk';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { send } from '../files/http-client.js';
import { startTempNode, type TempNode } from '../helpers/temp-node.js';
import { signedInUser } from '../helpers/users.js';

const FILES = '/api/v2/vault/files/';

let node: TempNode;
let user: Vault;
beforeAll(async () => {
  node = await startTempNode();
  user = await signedInUser(node.url);
  await user.files.upload('docs/a.txt', 'hello');
});
afterAll(async () => {
  await node.stop();
});

describe('query parameters an endpoint does not know', () => {
  test('are refused with 400 naming them, on JSON endpoints', async () => {
    const response = await send(user, { method: 'GET', target: '/api/v2/vault/db/collections?verbose=1' });
    expect(response.status).toBe(400);
    expect(response.json()).toMatchObject({ error: { internal_code: 1 } });
    expect(response.json().error.message).toContain('verbose');
  });

  test('are refused on a streaming upload, and nothing is stored', async () => {
    const response = await send(user, {
      method: 'PUT',
      target: `${FILES}docs/b.txt?overwrite=false`,
      body: 'x',
    });
    expect(response.status).toBe(400);
    expect(response.json().error.message).toContain('overwrite');
    const names = (await user.files.list('docs')).map((e) => e.name);
    expect(names).toEqual(['docs/a.txt']);
  });

  test("`?dest=` is the Hive dialect's copy, whose body must be empty or {}: bytes are refused, nothing is stored", async () => {
    const response = await send(user, {
      method: 'PUT',
      target: `${FILES}docs/a.txt?dest=docs/c.txt`,
      body: 'x',
    });
    expect(response.status).toBe(400);
    expect(Buffer.from(await user.files.bytes('docs/a.txt')).toString()).toBe('hello');
    const names = (await user.files.list('docs')).map((e) => e.name);
    expect(names).toEqual(['docs/a.txt']);
  });
});

describe('file paths', () => {
  test('a suffix the entry does not declare under a file path is a 405 naming the methods the path has', async () => {
    const response = await send(user, { method: 'POST', target: `${FILES}docs/a.txt`, body: '{}' });
    expect(response.status).toBe(405);
    expect(response.headers.allow?.split(', ').sort()).toEqual(['DELETE', 'GET', 'PATCH', 'PUT']);
  });

  test('a method no entry has on a nested file path is a 405, not a 404', async () => {
    const response = await send(user, { method: 'POST', target: `${FILES}docs/a.txt/rename` });
    expect(response.status).toBe(405);
    expect(response.headers.allow).toContain('GET');
  });

  test("PATCH on a file path is the Hive dialect's move, which needs `to`", async () => {
    const response = await send(user, { method: 'PATCH', target: `${FILES}docs/a.txt` });
    expect(response.status).toBe(400);
    expect(response.json().error.message).toContain('to');
  });

  test('`{path}/hash` with a listing query is the folder at `{path}/hash`, not the hash of `{path}`', async () => {
    await user.files.upload('docs/hash/inner.txt', 'inside');
    const listing = await send(user, { method: 'GET', target: `${FILES}docs/hash?list=true` });
    expect(listing.status).toBe(200);
    expect(listing.json().value.map((e: { name: string }) => e.name)).toEqual(['docs/hash/inner.txt']);
    const hash = await send(user, { method: 'GET', target: `${FILES}docs/a.txt/hash` });
    expect(hash.json()).toEqual({ name: 'docs/a.txt', cid: expect.stringMatching(/^bafk/) });
  });

  test('an encoded `/` in a file path never forms a suffix', async () => {
    const response = await send(user, { method: 'GET', target: `${FILES}docs%2Fa.txt%2Fhash` });
    expect(response.status).toBe(404);
  });
});
