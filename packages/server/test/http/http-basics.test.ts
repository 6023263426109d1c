import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTempNode, type TempNode } from '../helpers/temp-node.js';

let node: TempNode;
beforeAll(async () => {
  node = await startTempNode();
});
afterAll(async () => {
  await node.stop();
});

async function call(method: string, path: string, init: RequestInit = {}) {
  const response = await fetch(`${node.url}${path}`, { method, ...init });
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: response.status, body, headers: response.headers };
}

function expectErrorBody(body: unknown) {
  expect(body).toMatchObject({ error: { message: expect.any(String) } });
  expect(JSON.stringify(body)).not.toMatch(/\bat .*\.(ts|js):\d+/); // never a stack trace
}

describe('the HTTP skeleton', () => {
  test('public endpoints answer without a token', async () => {
    const version = await call('GET', '/api/v2/node/version');
    expect(version.status).toBe(200);
    expect(version.body).toMatchObject({
      major: expect.any(Number),
      minor: expect.any(Number),
      patch: expect.any(Number),
    });
    const health = await call('GET', '/api/v2/health');
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ status: 'ok' });
    expect(health.headers.get('x-request-id')).toBeTruthy();
  });

  test('an unknown route is a 404 with the standard error body', async () => {
    const response = await call('GET', '/api/v2/no/such/thing');
    expect(response.status).toBe(404);
    expectErrorBody(response.body);
    expect(response.body).toMatchObject({ error: { internal_code: 3000 } });
    expect((await call('GET', '/')).status).toBe(404);
  });

  test('a known path with the wrong method is a 405 naming the allowed methods', async () => {
    const response = await call('PATCH', '/api/v2/health');
    expect(response.status).toBe(405);
    expectErrorBody(response.body);
    expect(response.headers.get('allow')).toBe('GET');
  });

  test('malformed JSON is a 400 with the standard error body', async () => {
    for (const contentType of ['application/json', 'text/plain', '']) {
      const response = await call('POST', '/api/v2/did/signin', {
        body: '{"document": ',
        headers: contentType ? { 'content-type': contentType } : {},
      });
      expect(response.status).toBe(400);
      expectErrorBody(response.body);
      expect(response.body).toMatchObject({ error: { message: 'malformed JSON body', internal_code: 1 } });
    }
  });

  test('a prototype-poisoning body is refused', async () => {
    const response = await call('POST', '/api/v2/did/signin', {
      body: '{"__proto__": {"admin": true}, "document": {}}',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expectErrorBody(response.body);
  });

  test('an oversize body is a 413 with the standard error body', async () => {
    const big = JSON.stringify({ document: { padding: 'x'.repeat(200 * 1024) } });
    const response = await call('POST', '/api/v2/did/signin', {
      body: big,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(413);
    expectErrorBody(response.body);
  });

  test('an injected request with a body (app.inject, no real socket) is answered and leaves nothing behind', async () => {
    // The early-answer handling once lingered on the injected stand-in socket and crashed the
    // process 100 ms later (it has no destroy()).
    const answer = await node.app.inject({ method: 'POST', url: '/api/v2/did/signin', payload: '{}' });
    expect(answer.statusCode).toBe(400);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await fetch(`${node.url}/api/v2/health`)).status).toBe(200);
  });

  test('a protected endpoint without a token is a 401', async () => {
    for (const [method, path] of [
      ['GET', '/api/v2/vault/db/notes?filter=%7B%7D'],
      ['PUT', '/api/v2/vault/files/a.txt'],
      ['GET', '/api/v2/subscription/vault'],
    ] as const) {
      const response = await call(method, path);
      expect(response.status, `${method} ${path}`).toBe(401);
      expectErrorBody(response.body);
    }
  });

  test('a garbage Authorization header is a 401, not a 500', async () => {
    for (const header of ['Bearer', 'Basic abc', `Bearer ${'x'.repeat(5000)}`, 'token a.b.c']) {
      const response = await call('GET', '/api/v2/vault/db/collections', {
        headers: { authorization: header },
      });
      expect(response.status, header).toBe(401);
      expectErrorBody(response.body);
    }
  });

  test('CORS preflight is answered', async () => {
    const response = await fetch(`${node.url}/api/v2/vault/db/notes`, {
      method: 'OPTIONS',
      headers: { origin: 'https://app.example', 'access-control-request-method': 'POST' },
    });
    expect(response.status).toBeLessThan(300);
    expect(response.headers.get('access-control-allow-origin')).toBe('https://app.example');
  });

  test('the OpenAPI document and the docs page are served', async () => {
    const doc = await call('GET', '/api/v2/openapi.json');
    expect(doc.status).toBe(200);
    expect(doc.body).toMatchObject({ openapi: '3.1.0' });
    const page = await fetch(`${node.url}/api/v2/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const html = await page.text();
    expect(html).toContain('Redoc.init');
    expect(html).not.toMatch(/<script[^>]+src=["']https?:/); // nothing from a CDN
  });
});

describe('malformed URLs', () => {
  test('invalid percent-encoding is a 400 with the standard error body', async () => {
    for (const path of [
      '/api/v2/vault/db/%FF',
      '/api/v2/vault/files/%C3%28',
      '/api/v2/vault/scripting/%E0%A4%A',
    ]) {
      const response = await call('GET', path);
      expect(response.status, path).toBe(400);
      expectErrorBody(response.body);
    }
  });
});
