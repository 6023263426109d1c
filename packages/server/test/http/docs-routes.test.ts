/**
 * The node serves both dialects' OpenAPI documents and reference pages, each naming the node it
 * came from in `servers` (the configured public URL, else the request's own origin), and its DID
 * document at a public path, from which a client verifies a challenge without a token.
 */
import { request as httpRequest } from 'node:http';
import { createDevIdentity } from '@cella/sdk';
import { didKeyDocument, verifyDocument, verifyJwt, type DIDDocument } from '@cella/did';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTempNode, type TempNode } from '../helpers/temp-node.js';

let node: TempNode;
let behindProxy: TempNode;
beforeAll(async () => {
  [node, behindProxy] = await Promise.all([
    startTempNode(),
    startTempNode({ publicUrl: 'https://vault.example.org/' }),
  ]);
});
afterAll(async () => {
  await Promise.all([node?.stop(), behindProxy?.stop()]);
});

interface Served {
  openapi: string;
  info: { title: string };
  servers: { url: string }[];
  paths: Record<string, Record<string, { operationId: string }>>;
}

const documentAt = async (base: string, path: string) =>
  (await fetch(`${base}${path}`).then((r) => r.json())) as Served;

/** A GET with a Host header of our choosing (fetch sets its own). */
function getWithHost(path: string, host: string): Promise<{ status: number; body: string }> {
  const { port } = new URL(node.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject).end();
  });
}

describe('the OpenAPI documents', () => {
  test('both dialects are served, each with its own operations', async () => {
    const primary = await documentAt(node.url, '/api/v2/openapi.json');
    const hive = await documentAt(node.url, '/api/v2/openapi-hive.json');
    expect(primary.openapi).toBe('3.1.0');
    expect(hive.info.title).toMatch(/Hive dialect/);
    const ids = (d: Served) =>
      Object.values(d.paths).flatMap((item) => Object.values(item).map((o) => o.operationId));
    expect(ids(primary)).toContain('insertDocuments');
    expect(ids(primary).some((id) => id.startsWith('hive'))).toBe(false);
    expect(ids(hive)).toEqual(
      expect.arrayContaining(['hiveInsertDocumentsOrCountDocuments', 'signin', 'hiveQueryDocuments']),
    );
  });

  test('`servers` is the origin the request was sent to when no public URL is configured', async () => {
    expect((await documentAt(node.url, '/api/v2/openapi.json')).servers).toEqual([
      { url: node.url, description: 'This node' },
    ]);
    const viaName = await getWithHost('/api/v2/openapi-hive.json', 'vault.local:8443');
    expect((JSON.parse(viaName.body) as Served).servers[0]?.url).toBe('http://vault.local:8443');
    // A Host that is no host name is not echoed: the document then points at itself.
    const odd = await getWithHost('/api/v2/openapi.json', 'a"b<c>');
    if (odd.status === 200) expect((JSON.parse(odd.body) as Served).servers[0]?.url).toBe('/');
    else expect(odd.status).toBe(400);
  });

  test('`servers` is the configured public URL', async () => {
    for (const path of ['/api/v2/openapi.json', '/api/v2/openapi-hive.json'])
      expect((await documentAt(behindProxy.url, path)).servers[0]?.url).toBe('https://vault.example.org');
    const page = await fetch(`${behindProxy.url}/api/v2/docs/hive`).then((r) => r.text());
    expect(page).toContain('"url":"https://vault.example.org"');
  });

  test('both reference pages are served, self-contained', async () => {
    for (const [path, title] of [
      ['/api/v2/docs', 'Cella API reference'],
      ['/api/v2/docs/hive', 'Cella API reference: the Hive dialect'],
    ] as const) {
      const page = await fetch(`${node.url}${path}`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain(`<title>${title}</title>`);
      expect(html).toContain(`"url":"${node.url}"`);
      expect(html).not.toMatch(/<script[^>]+src=["']https?:/);
    }
  });
});

describe("the node's DID document", () => {
  test('is public, genuine, and verifies a challenge the node issued, with no token and no identity chain', async () => {
    const answer = await fetch(`${node.url}/.well-known/did.json`);
    expect(answer.status).toBe(200);
    const document = (await answer.json()) as DIDDocument;
    // Self-certifying: its id derives from its key and its proof verifies (no resolver needed).
    await expect(verifyDocument(document)).resolves.toBeDefined();

    const user = createDevIdentity('key');
    const signin = await fetch(`${node.url}/api/v2/did/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ document: didKeyDocument(user.did) }),
    });
    const { challenge } = (await signin.json()) as { challenge: string };
    const verified = await verifyJwt(challenge, {
      document,
      issuer: document.id,
      audience: user.signer.did,
      subject: 'DIDAuthChallenge',
    });
    expect(verified.claims.iss).toBe(document.id);
  });
});
