/**
 * HTTPS with HTTP/2: a node given CELLA_TLS_CERT / CELLA_TLS_KEY listens on https://, speaks HTTP/2
 * to clients that offer it (ALPN) and HTTP/1.1 to the others, and everything that streams works on
 * HTTP/2 too: SDK uploads with byte-level progress, downloads, ranges, aborts, refusals before the
 * body, script runs, and the backup node's CAR streams. Bad TLS settings stop the node at start.
 */
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, copyFileSync } from 'node:fs';
import { connect as h2connect } from 'node:http2';
import { request as httpsRequest, type RequestOptions } from 'node:https';
import type { TLSSocket } from 'node:tls';
import path from 'node:path';
import { CellaApiError, connect, createDevIdentity, type Vault } from '@cella/sdk';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ConfigError, loadConfig, startNode } from '../../src/index.js';
import { createTestCertificate } from '../../src/testing/index.js';
import { settled } from '../backup/helpers.js';
import { h2Fetch } from '../helpers/h2-fetch.js';
import { startTempNode, type TempNode } from '../helpers/temp-node.js';

const MiB = 1024 * 1024;
const cert = createTestCertificate();
const tls = { tlsCert: cert.certFile, tlsKey: cert.keyFile };
/** A client that trusts the test certificate and offers HTTP/2. */
const { fetch: h2fetch, agent } = h2Fetch(cert.cert);
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

let node: TempNode;
let backupNode: TempNode;
/** Method and path of every request that arrived as an HTTP/2 stream. */
const h2Requests: string[] = [];

beforeAll(async () => {
  // The vault node may call its backup node on 127.0.0.1 and trusts its test certificate.
  const outbound = { outboundAllow: '127.0.0.1', outboundCa: cert.certFile };
  [node, backupNode] = await Promise.all([
    startTempNode({ ...tls, ...outbound }, { logLevel: 'info' }),
    startTempNode({ ...tls, role: 'backup' }),
  ]);
  node.app.server.on('stream', (_stream, headers: Record<string, string>) =>
    h2Requests.push(`${headers[':method']} ${headers[':path']}`),
  );
});

afterAll(async () => {
  await node?.stop();
  await backupNode?.stop();
  await agent.close();
});

function user(): Promise<Vault> {
  return connect({ url: node.url, signer: createDevIdentity('key').signer, fetch: h2fetch });
}

describe('a node with a certificate', () => {
  test('listens on https:// and negotiates HTTP/2, or HTTP/1.1 with clients that only speak that', async () => {
    expect(node.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);

    const session = h2connect(node.url, { ca: cert.cert });
    const h2 = await new Promise<{ alpn: string | false | undefined; status: number; body: string }>(
      (resolve, reject) => {
        session.once('error', reject);
        const stream = session.request({ ':path': '/api/v2/node/version' });
        let body = '';
        let status = 0;
        stream.on('response', (headers) => (status = Number(headers[':status'])));
        stream.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        stream.on('end', () => resolve({ alpn: session.alpnProtocol, status, body }));
      },
    );
    session.close();
    expect(h2).toMatchObject({ alpn: 'h2', status: 200 });
    expect(JSON.parse(h2.body)).toHaveProperty('major');

    const h1 = await new Promise<{ alpn: string | false | null; status: number }>((resolve, reject) => {
      const request = httpsRequest(
        `${node.url}/api/v2/node/version`,
        // https.request passes TLS options on to tls.connect (its types do not list ALPN).
        { ca: cert.cert, ALPNProtocols: ['http/1.1'], agent: false } as RequestOptions,
        (response) => {
          response.resume();
          resolve({ alpn: (response.socket as TLSSocket).alpnProtocol, status: response.statusCode ?? 0 });
        },
      );
      request.on('error', reject).end();
    });
    expect(h1).toEqual({ alpn: 'http/1.1', status: 200 });
  });

  test('over HTTP/2 the SDK signs in, uses the database, streams 20 MiB up with progress and down with ranges', async () => {
    const vault = await user();
    await vault.subscription.subscribe();
    const notes = await vault.db.createCollection('notes');
    await notes.insert([{ n: 1 }, { n: 2 }]);
    await notes.update({ n: 1 }, { $set: { seen: true } });
    await notes.delete({ n: 2 });
    expect(await notes.find({}, { projection: { _id: 0, n: 1, seen: 1 } }).toArray()).toEqual([
      { n: 1, seen: true },
    ]);

    // An empty file (undici's HTTP/2 client hangs on a present-but-empty body; the SDK sends none).
    for (const empty of [new Uint8Array(0), '', new Blob([])]) {
      expect(await vault.files.upload('empty.bin', empty)).toMatchObject({ size: 0 });
      expect((await vault.files.bytes('empty.bin')).byteLength).toBe(0);
    }

    const data = new Uint8Array(randomBytes(20 * MiB));
    const events: number[] = [];
    const uploaded = await vault.files.upload('big/file.bin', data, { onProgress: (n) => events.push(n) });
    expect(uploaded.size).toBe(data.byteLength);
    expect(events.length).toBeGreaterThanOrEqual(10);
    expect(events.at(-1)).toBe(data.byteLength);
    expect(h2Requests).toContain('PUT /api/v2/vault/files/big/file.bin');

    const downloads: number[] = [];
    const back = await vault.files.bytes('big/file.bin', { onProgress: (n) => downloads.push(n) });
    expect(sha256(back)).toBe(sha256(data));
    expect(downloads.length).toBeGreaterThanOrEqual(10);
    const part = await vault.files.bytes('big/file.bin', { range: { offset: MiB, length: 1000 } });
    expect(Buffer.from(part).equals(Buffer.from(data.subarray(MiB, MiB + 1000)))).toBe(true);

    const token = await vault.session.token();
    const etag = (
      await h2fetch(`${node.url}/api/v2/vault/files/big/file.bin`, {
        method: 'HEAD',
        headers: { authorization: `Bearer ${token}` },
      })
    ).headers.get('etag');
    const notModified = await h2fetch(`${node.url}/api/v2/vault/files/big/file.bin`, {
      headers: { authorization: `Bearer ${token}`, 'if-none-match': etag! },
    });
    expect(notModified.status).toBe(304);

    await vault.scripts.register('notes', {
      executable: { type: 'find', collection: 'notes', filter: {} },
    } as never);
    expect(await vault.scripts.run('notes')).toMatchObject({ notes: { items: [{ n: 1 }] } });

    await vault.files.delete('big/file.bin');
    await expect(vault.files.stat('big/file.bin')).rejects.toMatchObject({ code: 'FILE_NOT_FOUND' });
  });

  test('over HTTP/2 an aborted upload stores nothing, and refusals before the body arrive as answers', async () => {
    const vault = await user();
    await vault.subscription.subscribe();
    const before = (await vault.subscription.info()).storage_used;

    const controller = new AbortController();
    const upload = vault.files.upload('aborted.bin', new Uint8Array(randomBytes(20 * MiB)), {
      signal: controller.signal,
      onProgress: (n) => n > 2 * MiB && controller.abort(),
    });
    await expect(upload).rejects.toMatchObject({ name: 'AbortError' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(vault.files.stat('aborted.bin')).rejects.toMatchObject({ code: 'FILE_NOT_FOUND' });
    expect((await vault.subscription.info()).storage_used).toBe(before);
    // The node's access line says the client went away (it was access-logged as 200, followed by a
    // level-50 "unexpected error" ERR_STREAM_PREMATURE_CLOSE; stop() now checks there is none).
    const access = node
      .log()
      .split('\n')
      .filter(
        (line) =>
          line.includes('"path":"/api/v2/vault/files/aborted.bin"') && line.includes('"method":"PUT"'),
      )
      .map((line) => JSON.parse(line) as { level: number; status: number; clientClosed?: boolean });
    expect(access).toEqual([expect.objectContaining({ level: 30, status: 499, clientClosed: true })]);

    // Declared larger than the quota: refused (507) before the first byte is read.
    const endless = new ReadableStream<Uint8Array>({
      pull: (c) => c.enqueue(new Uint8Array(64 * 1024)),
    });
    const tooBig = await vault.files
      .upload('huge.bin', endless, { size: 10 * 1024 * MiB })
      .catch((e: unknown) => e);
    expect(tooBig).toBeInstanceOf(CellaApiError);
    expect(tooBig).toMatchObject({ status: 507, code: 'INSUFFICIENT_STORAGE' });

    // A JSON body over its endpoint's limit: 413.
    const tooLong = await vault.db
      .collection('x')
      .insert({ text: 'x'.repeat(20 * MiB) })
      .catch((e: unknown) => e);
    expect(tooLong).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
    expect(await vault.node.version()).toHaveProperty('major'); // the connection is still usable
  });

  test('over HTTP/2 a stream the client resets is an interrupted upload, even without Content-Length', async () => {
    // What a browser's streamed upload does when aborted: no length was declared, and the stream
    // is reset (RST_STREAM) midway. Node's HTTP/2 layer ends the request body like a complete one.
    const vault = await user();
    await vault.subscription.subscribe();
    const token = await vault.session.token();
    const session = h2connect(node.url, { ca: cert.cert });
    for (const target of ['/api/v2/vault/files/reset.bin', '/api/v2/vault/files/dir/reset-late.bin']) {
      const stream = session.request({
        ':method': 'PUT',
        ':path': target,
        authorization: `Bearer ${token}`,
        'content-type': 'application/octet-stream',
      });
      stream.on('error', () => undefined);
      await new Promise<void>((resolve) => stream.write(Buffer.alloc(MiB, 1), () => resolve()));
      await new Promise((resolve) => setTimeout(resolve, target.includes('late') ? 300 : 20));
      stream.close(8 /* NGHTTP2_CANCEL */);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    session.close();
    await expect(vault.files.stat('reset.bin')).rejects.toMatchObject({ code: 'FILE_NOT_FOUND' });
    await expect(vault.files.stat('dir/reset-late.bin')).rejects.toMatchObject({ code: 'FILE_NOT_FOUND' });
    expect((await vault.subscription.info()).storage_used).toBe(0);
  });

  test('backup to a backup node over HTTPS: the CAR streams go both ways', async () => {
    const vault = await user();
    await vault.subscription.subscribe();
    await vault.db.createCollection('notes');
    await vault.db.collection('notes').insert({ text: 'kept' });
    const data = new Uint8Array(randomBytes(3 * MiB));
    await vault.files.upload('a.bin', data);

    await vault.backup.start({ target: { url: backupNode.url } });
    expect((await settled(vault)).result).toBe('success');
    await vault.files.delete('a.bin');
    await vault.backup.restore({ target: { url: backupNode.url } });
    const restored = await settled(vault);
    expect(restored.result, restored.message).toBe('success');
    expect(sha256(await vault.files.bytes('a.bin'))).toBe(sha256(data));
  });
});

describe('TLS settings are checked at start', () => {
  const start = (overrides: Record<string, unknown>) =>
    startNode(
      loadConfig({}, { port: 0, dataDir: path.join(cert.dir, 'data'), logLevel: 'silent', ...overrides }),
    );

  test('a key readable by other users, a missing file or a certificate of another key stop the node', async () => {
    const exposed = path.join(cert.dir, 'exposed-key.pem');
    copyFileSync(cert.keyFile, exposed);
    chmodSync(exposed, 0o644);
    await expect(start({ ...tls, tlsKey: exposed })).rejects.toThrow(/readable by other users .*chmod 600/);
    await expect(start({ ...tls, tlsCert: '/nonexistent/cert.pem' })).rejects.toThrow(ConfigError);
    const other = createTestCertificate();
    await expect(start({ ...tls, tlsCert: other.certFile })).rejects.toThrow(/do not make a pair/);
    expect(() => loadConfig({ CELLA_TLS_CERT: cert.certFile })).toThrow(
      /both CELLA_TLS_CERT and CELLA_TLS_KEY/,
    );
  });

  test('an outbound CA file that is missing or holds no certificate stops the node', async () => {
    await expect(start({ outboundCa: '/nonexistent/ca.pem' })).rejects.toThrow(
      /cannot read CELLA_OUTBOUND_CA/,
    );
    await expect(start({ outboundCa: cert.keyFile })).rejects.toThrow(/holds no PEM certificate/);
  });
});
