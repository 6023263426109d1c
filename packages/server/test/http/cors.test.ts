/**
 * CORS as a browser on another origin sees it: preflights for every method and header the API
 * uses (cached), the response headers a script may read, and only the configured origins.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { CORS_MAX_AGE_SECONDS } from '../../src/http/cors.js';
import { startTempNode, type TempNode } from '../helpers/temp-node.js';

const APP = 'https://app.example';
let node: TempNode;
let open: TempNode;

beforeAll(async () => {
  [node, open] = await Promise.all([
    startTempNode({ corsOrigins: `${APP}, https://other.example` }),
    startTempNode(),
  ]);
});
afterAll(async () => {
  await node?.stop();
  await open?.stop();
});

const preflight = (base: string, origin: string, method: string, headers: string) =>
  fetch(`${base}/api/v2/vault/files/a/b.txt`, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': headers },
  });

const listed = (value: string | null) => (value ?? '').split(',').map((v) => v.trim().toLowerCase());

test('a preflight allows every method and request header the API uses, and is cached', async () => {
  const headers = 'authorization,content-type,range,if-none-match,if-range,x-request-id';
  for (const method of ['PUT', 'DELETE', 'PATCH', 'POST', 'GET', 'HEAD']) {
    const response = await preflight(node.url, APP, method, headers);
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(APP);
    expect(response.headers.get('access-control-allow-credentials')).toBe('true');
    expect(listed(response.headers.get('access-control-allow-methods'))).toContain(method.toLowerCase());
    expect(listed(response.headers.get('access-control-allow-headers'))).toEqual(
      expect.arrayContaining(headers.split(',')),
    );
    expect(response.headers.get('access-control-max-age')).toBe(String(CORS_MAX_AGE_SECONDS));
  }
});

test('answers expose the headers clients read', async () => {
  const response = await fetch(`${node.url}/api/v2/node/version`, { headers: { origin: APP } });
  expect(response.headers.get('access-control-allow-origin')).toBe(APP);
  expect(listed(response.headers.get('access-control-expose-headers'))).toEqual(
    expect.arrayContaining([
      'retry-after',
      'etag',
      'content-range',
      'content-length',
      'accept-ranges',
      'x-request-id',
    ]),
  );
  // The page may read the answer's timing too (the SDK reads its protocol: HTTP/2 or not).
  expect(response.headers.get('timing-allow-origin')).toBe(APP);
  const stranger = await fetch(`${node.url}/api/v2/node/version`, {
    headers: { origin: 'https://evil.example' },
  });
  expect(stranger.headers.get('timing-allow-origin')).toBeNull();
});

test('only the configured origins are allowed; `*` allows any', async () => {
  const stranger = await preflight(node.url, 'https://evil.example', 'PUT', 'authorization');
  expect(stranger.headers.get('access-control-allow-origin')).toBeNull();
  const other = await preflight(node.url, 'https://other.example', 'PUT', 'authorization');
  expect(other.headers.get('access-control-allow-origin')).toBe('https://other.example');
  const any = await preflight(open.url, 'https://anywhere.example', 'DELETE', 'authorization');
  expect(any.headers.get('access-control-allow-origin')).toBe('https://anywhere.example');
});
