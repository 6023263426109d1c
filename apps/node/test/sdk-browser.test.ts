/**
 * @cella/sdk in a real browser, as a dApp uses it: Debian's Chromium (driven by playwright-core)
 * opens a page served from a second origin on loopback, with the SDK bundled by esbuild from the
 * built package, and talks to a node process over HTTPS (a test certificate Chromium is told to
 * trust) with HTTP/2: sign-in, database calls, a 20 MiB upload with byte-level progress, download
 * with its sha256 checked, abort, delete, script runs, and a payment on the node's dev chain;
 * end-to-end encryption in Chromium, read both ways with a Node-side SDK holding the same key; and
 * live events (`vault.events.subscribe`) that arrive as another device inserts and resume, each
 * once, after the page's connection is cut.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpsServer, type Server } from 'node:https';
import {
  createServer as createTcpServer,
  connect as tcpConnect,
  type AddressInfo,
  type Socket,
} from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { connect, createDevIdentity, createKeySigner, hexToBytes } from '@cella/sdk';
import { createTestCertificate, spawnNode, trustingFetch, type SpawnedNode } from '@cella/server/testing';
import { build } from 'esbuild';
import { chromium, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { EventsSeen, ScenarioInput, scenarios } from './browser/app.js';

const MiB = 1024 * 1024;
const executablePath = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
const cert = createTestCertificate();

let page: Server;
let http1: Server;
let node: SpawnedNode;
let browser: BrowserContext;
let profile: string;
let pageOrigin: string;
let http1Url: string;

/** The page's script: the test app, bundled the way an app's bundler would, from the built SDK. */
async function bundleApp(): Promise<string> {
  const result = await build({
    entryPoints: [new URL('./browser/app.ts', import.meta.url).pathname],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
}

beforeAll(async () => {
  if (!executablePath)
    throw new Error('chromium is missing: run scripts/ensure-chromium.sh (apt-get install chromium)');
  if (!existsSync(new URL('../../../packages/sdk/dist/index.js', import.meta.url)))
    throw new Error('packages/sdk/dist is missing: run `npm run build -w @cella/sdk` first');
  const script = await bundleApp();
  const tls = { key: readFileSync(cert.keyFile), cert: cert.cert };
  page = createHttpsServer(tls, (req, res) => {
    if (req.url === '/app.js')
      return void res.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
    res
      .writeHead(200, { 'content-type': 'text/html' })
      .end('<!doctype html><title>a dApp</title><script type="module" src="/app.js"></script>');
  });
  pageOrigin = `https://localhost:${await listen(page)}`;
  // An HTTPS origin that speaks HTTP/1.1 only and answers as a node does (CORS, timing allowed):
  // no streamed uploads there.
  http1 = createHttpsServer(tls, (req, res) => {
    res.writeHead(req.method === 'OPTIONS' ? 204 : 200, {
      'access-control-allow-origin': pageOrigin,
      'access-control-allow-methods': 'GET, POST, PUT',
      'timing-allow-origin': pageOrigin,
      'content-type': 'application/json',
    });
    req.resume();
    res.end(req.method === 'OPTIONS' ? undefined : '{"version":"2.9.9"}');
  });
  http1Url = `https://127.0.0.1:${await listen(http1)}`;
  node = await spawnNode({
    env: {
      CELLA_TLS_CERT: cert.certFile,
      CELLA_TLS_KEY: cert.keyFile,
      CELLA_DEV_CHAIN: 'true',
      CELLA_CORS_ORIGINS: pageOrigin,
    },
    timeoutMs: 60_000,
  });
  profile = mkdtempSync(path.join(tmpdir(), 'cella-chromium-'));
  // A fresh profile of our own (Chromium honours the SPKI list only with an explicit --user-data-dir).
  browser = await chromium.launchPersistentContext(profile, {
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // Trust the test certificate (by its public key) and nothing else unusual.
      `--ignore-certificate-errors-spki-list=${cert.spkiSha256}`,
    ],
  });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await node?.stop();
  page?.close();
  http1?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
  rmSync(cert.dir, { recursive: true, force: true });
});

/** Opens a page at `origin`, collecting what the browser logs as errors (failed requests too). */
async function openPage(origin: string) {
  const tab = await browser.newPage();
  const errors: string[] = [];
  tab.on('pageerror', (error) => errors.push(error.message));
  tab.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await tab.goto(`${origin}/`, { waitUntil: 'load' });
  await tab.waitForFunction(() => 'scenarios' in window);
  const run = <N extends keyof typeof scenarios>(name: N, input: Parameters<(typeof scenarios)[N]>[0]) =>
    tab.evaluate(
      ([n, i]) =>
        (window as unknown as { scenarios: Record<string, (i: unknown) => Promise<unknown>> }).scenarios[n]!(
          i,
        ),
      [name, input] as const,
    );
  return { tab, errors, run };
}

test('a page on another origin uses the SDK over HTTPS/HTTP/2: sign-in, database, 20 MiB with progress, scripts, payment — and the browser logs no error', async () => {
  expect(node.url).toMatch(/^https:/);
  const banner = node.output();
  const input: ScenarioInput = {
    nodeUrl: node.url,
    rpcUrl: /RPC URL\s+(\S+)/.exec(banner)![1]!,
    key: /funded test key\s+(0x[0-9a-f]{64})/.exec(banner)![1]!,
    chainId: Number(/chain id\s+(\d+)/.exec(banner)![1]),
    http1Url,
  };
  const page = await openPage(pageOrigin);
  const started = Date.now();
  const result = await page.run('runNormal', input);
  console.log(`browser scenario: ${Date.now() - started} ms`);
  // A normal run — two app starts, database, uploads, scripts, payment — leaves the console clean.
  expect(page.errors).toEqual([]);
  const total = 20 * MiB;
  expect(result).toMatchObject({
    signedIn: { did: true, tokenStored: true },
    secondStart: { sameToken: true, byId: 'a' },
    updated: 1,
    deleted: 1,
    documents: [{ title: 'a', done: true }],
    // HTTP/2 to the node: streamed request bodies; HTTP/1.1 elsewhere: XMLHttpRequest.
    transport: 'stream',
    http1Transport: 'xhr',
    upload: { size: total, last: [total, total] },
    download: { last: [total, total] },
    range: true,
    xhr: { last: [4 * MiB, 4 * MiB], sameBytes: true },
    scriptRun: { notes: { items: [{ title: 'a', done: true }] } },
    anonymousRun: { notes: { items: [{ title: 'a', done: true }] } },
    payment: { plan: 'Standard', quotaPlan: 'Standard' },
  });
  const r = result as {
    upload: { events: number };
    download: { events: number; sha: string };
    uploadSha: string;
  };
  expect(r.upload.events).toBeGreaterThanOrEqual(10);
  expect(r.download.events).toBeGreaterThanOrEqual(10);
  expect(r.download.sha).toBe(r.uploadSha);
  console.log(`progress events for 20 MiB in Chromium: ${r.upload.events} up, ${r.download.events} down`);

  // Failures on purpose are typed, and the browser does log them (so the clean console above means
  // something).
  expect(await page.run('runFailures', input)).toMatchObject({
    abort: 'AbortError',
    abortedFile: 'FILE_NOT_FOUND',
    unreachable: { name: 'CellaNetworkError', likelyCors: false },
  });
  expect(page.errors.some((e) => /404/.test(e))).toBe(true);

  // A page on an origin the node does not allow: the error says CORS and names the setting.
  const stranger = await openPage(pageOrigin.replace('localhost', '127.0.0.1'));
  const { refused } = (await stranger.run('runRefusedOrigin', input)) as {
    refused: { name: string; likelyCors: boolean; message: string };
  };
  expect(refused).toMatchObject({ name: 'CellaNetworkError', likelyCors: true });
  expect(refused.message).toMatch(/CELLA_CORS_ORIGINS/);
  console.log(`a refused origin, as the SDK says it: ${refused.message}`);
}, 180_000);

test('encryption in Chromium: a document and a file encrypted and read back there, and read both ways with a Node-side SDK of the same key material', async () => {
  const { privateKeyHex } = createDevIdentity('key');
  const here = await connect({
    url: node.url,
    signer: createKeySigner(hexToBytes(privateKeyHex), { method: 'key' }),
    fetch: trustingFetch(cert),
  });
  await here.subscription.subscribe();
  const mine = await here.db.createCollection('node_secrets', { encrypt: true, searchable: ['tag'] });
  await mine.insert([
    { tag: 'n', n: 1, text: 'written in Node' },
    { tag: 'n', n: 2, text: 'also written in Node', when: { day: 3 } },
  ]);
  const nodeFile = Uint8Array.from({ length: 2 * MiB + 5 }, (_, i) => (i * 7 + (i >> 12)) & 0xff);
  await here.files.upload('node/secret.bin', nodeFile, { encrypt: true });
  const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

  const page = await openPage(pageOrigin);
  const result = await page.run('runEncrypted', { nodeUrl: node.url, key: privateKeyHex });
  expect(page.errors).toEqual([]);
  const { own } = result as { own: { fileSha: string } };
  expect(result).toMatchObject({
    own: {
      documents: [
        { tag: 'b', n: 1, text: 'written in Chromium' },
        { tag: 'b', n: 2, text: 'also written in Chromium', nested: { list: [1, 2] } },
      ],
      backSha: own.fileSha,
      storedLarger: true,
    },
    fromNode: {
      documents: [
        { tag: 'n', n: 1, text: 'written in Node' },
        { tag: 'n', n: 2, text: 'also written in Node', when: { day: 3 } },
      ],
      fileSha: sha(nodeFile),
    },
  });

  // What Chromium encrypted opens in Node.
  const fromBrowser = await here.db
    .collection('browser_secrets', { encrypt: true })
    .find({ tag: 'b' }, { sort: { n: 1 } })
    .toArray();
  expect(fromBrowser.map((d) => d.text)).toEqual(['written in Chromium', 'also written in Chromium']);
  const file = new Uint8Array(
    await new Response(await here.files.download('browser/secret.bin', { decrypt: true })).arrayBuffer(),
  );
  expect({ size: file.length, sha: sha(file) }).toEqual({ size: 3 * MiB + 17, sha: own.fileSha });
}, 120_000);

/**
 * A TCP relay to the node that the test can cut: the page's connections (TLS, HTTP/2 inside) pass
 * through it untouched, and `cut()` breaks them all, as a network does.
 */
async function cuttableRelay(target: URL) {
  const sockets = new Set<Socket>();
  let connections = 0;
  const server = createTcpServer((client) => {
    connections++;
    const upstream = tcpConnect(Number(target.port), target.hostname);
    const close = () => {
      for (const socket of [client, upstream]) {
        socket.destroy();
        sockets.delete(socket);
      }
    };
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', close).on('close', close);
    }
    client.pipe(upstream).pipe(client);
  });
  const port = await new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
  return {
    url: `${target.protocol}//${target.hostname}:${port}`,
    connections: () => connections,
    cut: () => [...sockets].forEach((socket) => socket.destroy()),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // The browser keeps its connections for reuse after its tabs close.
        for (const socket of sockets) socket.destroy();
      }),
  };
}

test('a page on another origin receives live events over HTTPS/HTTP/2 as another device inserts, and resumes after its connection is cut', async () => {
  const relay = await cuttableRelay(new URL(node.url));
  try {
    const userKey = createDevIdentity().privateKeyHex;
    // The user's other device: another tab, straight to the node.
    const device = await openPage(pageOrigin);
    const insert = (numbers: number[]) => device.run('insertChat', { url: node.url, userKey, numbers });
    await insert([]);
    const page = await openPage(pageOrigin);
    const { protocols } = (await page.run('startEvents', { url: relay.url, userKey })) as {
      protocols: string[];
    };
    expect(protocols.length).toBeGreaterThan(0);
    expect(new Set(protocols)).toEqual(new Set(['h2']));
    const seen = () => page.tab.evaluate(() => (window as unknown as { seen: EventsSeen }).seen);
    const received = (count: number) =>
      page.tab.waitForFunction(
        (n) => (window as unknown as { seen: EventsSeen }).seen.received.length >= n,
        count,
        { timeout: 30_000 },
      );

    await insert([1, 2, 3]);
    await received(3);
    expect(relay.connections()).toBe(1);

    // The network drops the page's connection; the device goes on writing meanwhile.
    relay.cut();
    await insert([4, 5, 6]);
    await received(6);
    await insert([7]);
    await received(7);
    // Every event once, in order, over a new connection; the subscription is still going.
    expect(await seen()).toEqual({ received: [1, 2, 3, 4, 5, 6, 7] });
    expect(relay.connections()).toBeGreaterThanOrEqual(2);
    await Promise.all([page.tab.close(), device.tab.close()]);
  } finally {
    await relay.close();
  }
}, 120_000);
