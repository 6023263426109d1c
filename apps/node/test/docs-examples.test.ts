/**
 * The docs' examples are tests: every TypeScript block of README.md, packages/sdk/README.md and
 * docs/sdk.md is extracted as it is written (no copy to drift), compiled with `tsc --strict`, and
 * run, in order, against real nodes — a vault node with the dev chain (payments) and a backup node.
 *
 * What a block does not make itself it `declare`s (`declare const file: Blob;`), and the test gives
 * it by that name: `savedKey` (one user's key), `signer` (its signer), `vault` (that user, signed
 * in), `friendSigner` (a second user's signer), `file` (a Blob), `ethersSigner` (a funded wallet on
 * the dev chain). The example URLs stand for
 * the test's nodes: `https://vault.example.org` and `http://127.0.0.1:5000` for the vault node,
 * `http://127.0.0.1:5001` for the backup node.
 *
 * The README's notes app is run twice — an app's first and second start — and must send no request
 * that fails, fit in 30 lines and need no try/catch. The README's chat (the block that registers the
 * `chat` script) must deliver its message to the user's other device and to the friend: what it
 * prints is checked.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { connect, createDevIdentity, createKeySigner, hexToBytes } from '@cella/sdk';
import { spawnNode, type SpawnedNode } from '@cella/server/testing';
import { JsonRpcProvider, Wallet } from 'ethers';
import { afterAll, beforeAll, expect, test } from 'vitest';

const run = promisify(execFile);
const repo = path.resolve(new URL('../../..', import.meta.url).pathname);
const DOCS = ['README.md', 'packages/sdk/README.md', 'docs/sdk.md'];
/** Inside the workspace, so that `@cella/sdk` resolves as in an app of the monorepo. */
const work = path.join(repo, 'apps/node/.docs-examples');

interface Example {
  doc: string;
  /** Line of the opening fence, for messages. */
  line: number;
  code: string;
  file: string;
}

function extract(doc: string): Example[] {
  const text = readFileSync(path.join(repo, doc), 'utf8');
  const examples: Example[] = [];
  const fence = /^```(?:ts|typescript)[ \t]*\n([\s\S]*?)^```[ \t]*$/gm;
  for (const match of text.matchAll(fence)) {
    const line = text.slice(0, match.index).split('\n').length;
    const name = `${doc.replace(/[/.]/g, '-').toLowerCase()}-line-${line}`;
    examples.push({ doc, line, code: match[1]!, file: path.join(work, `${name}.ts`) });
  }
  return examples;
}

const examples = DOCS.flatMap(extract);
const notesApp = examples.find((e) => e.doc === 'README.md' && /^interface Note\b/m.test(e.code));
const chatApp = examples.find((e) => e.doc === 'README.md' && /scripts\.register\('chat'/.test(e.code));

let vaultNode: SpawnedNode;
let backupNode: SpawnedNode;
let provider: JsonRpcProvider | undefined;

/** An example's text with the example URLs pointing at the test's nodes. */
function forTheTestNodes(code: string): string {
  return code
    .replaceAll('https://vault.example.org', vaultNode.url)
    .replaceAll('http://127.0.0.1:5000', vaultNode.url)
    .replaceAll('http://127.0.0.1:5001', backupNode.url);
}

function write(example: Example, file = example.file): void {
  // `export {}` makes every block a module: its names stay its own, top-level await works.
  writeFileSync(file, `${forTheTestNodes(example.code)}\nexport {};\n`);
}

beforeAll(async () => {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  [vaultNode, backupNode] = await Promise.all([
    spawnNode({
      env: { CELLA_DEV_CHAIN: 'true', CELLA_OUTBOUND_ALLOW: '127.0.0.1' },
      timeoutMs: 60_000,
    }),
    spawnNode({ app: 'backup-node', timeoutMs: 60_000 }),
  ]);
}, 120_000);

afterAll(async () => {
  provider?.destroy();
  await Promise.all([vaultNode?.stop(), backupNode?.stop()]);
  rmSync(work, { recursive: true, force: true });
});

test('the docs have their examples, and the notes app fits in 30 lines without try/catch', () => {
  for (const doc of DOCS)
    expect(
      examples.some((e) => e.doc === doc),
      doc,
    ).toBe(true);
  expect(notesApp, 'README.md: the notes app (a block with `interface Note`)').toBeDefined();
  expect(chatApp, "README.md: the chat (a block registering the 'chat' script)").toBeDefined();
  const lines = notesApp!.code.trimEnd().split('\n');
  expect(lines.length).toBeLessThanOrEqual(30);
  expect(notesApp!.code).not.toMatch(/\btry\b|\bcatch\b/);
  console.log(`doc examples: ${examples.length}; the notes app: ${lines.length} lines`);
});

test('every TypeScript block compiles under tsc --strict', async () => {
  for (const example of examples) write(example);
  writeFileSync(
    path.join(work, 'tsconfig.json'),
    JSON.stringify({
      extends: '../../../tsconfig.base.json',
      compilerOptions: { noEmit: true, declaration: false, declarationMap: false, sourceMap: false },
      include: ['*.ts'],
    }),
  );
  const tsc = path.join(repo, 'node_modules/typescript/bin/tsc');
  const result = await run(process.execPath, [tsc, '-p', path.join(work, 'tsconfig.json')], {
    cwd: work,
    maxBuffer: 16 * 1024 * 1024,
  }).catch((error: { stdout?: string; stderr?: string }) => error);
  const errors = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim();
  // Name the doc and line each error comes from.
  expect(
    errors.replace(/([\w-]+)-line-(\d+)\.ts\((\d+),/g, (_, name: string, line: string, at: string) => {
      const example = examples.find((e) => e.file.endsWith(`${name}-line-${line}.ts`));
      return `${example?.doc ?? name}, block at line ${line}, its line ${at} (`;
    }),
  ).toBe('');
}, 180_000);

test('every TypeScript block runs against real nodes; the notes app starts twice with no failing request', async () => {
  const banner = vaultNode.output();
  const key = /funded test key\s+(0x[0-9a-f]{64})/.exec(banner)![1]!;
  const rpcUrl = /RPC URL\s+(\S+)/.exec(banner)![1]!;
  const chainId = Number(/chain id\s+(\d+)/.exec(banner)![1]);
  provider = new JsonRpcProvider(rpcUrl, chainId, { staticNetwork: true });
  const { privateKeyHex } = createDevIdentity();
  const signer = createKeySigner(hexToBytes(privateKeyHex));
  Object.assign(globalThis, {
    savedKey: privateKeyHex,
    signer,
    friendSigner: createKeySigner(hexToBytes(createDevIdentity().privateKeyHex)),
    vault: await connect({ url: vaultNode.url, signer }),
    file: new Blob([new Uint8Array(300 * 1024).fill(7)]),
    ethersSigner: new Wallet(key, provider),
  });

  // Every answer the SDK gets while the notes app runs (its Http binds the global fetch).
  const statuses: number[] = [];
  const realFetch = globalThis.fetch;
  const counting: typeof fetch = async (input, init) => {
    const response = await realFetch(input, init);
    statuses.push(response.status);
    return response;
  };

  // What the chat prints: each receiver's line.
  const chatLines: string[] = [];
  const realLog = console.log;

  for (const example of examples) {
    const starts = example === notesApp ? 2 : 1;
    for (let start = 1; start <= starts; start++) {
      const file = start === 1 ? example.file : example.file.replace(/\.ts$/, `-start-${start}.ts`);
      write(example, file);
      const where = `${example.doc}, block at line ${example.line}${starts > 1 ? `, start ${start}` : ''}`;
      if (example === notesApp) globalThis.fetch = counting;
      if (example === chatApp)
        console.log = (...args: unknown[]) => {
          chatLines.push(args.map(String).join(' '));
          realLog(...args);
        };
      try {
        await import(pathToFileURL(file).href);
      } catch (error) {
        throw new Error(`${where} failed: ${(error as Error).stack ?? String(error)}`);
      } finally {
        globalThis.fetch = realFetch;
        console.log = realLog;
      }
    }
  }
  expect(statuses.length).toBeGreaterThan(0);
  expect(statuses.filter((status) => status >= 400)).toEqual([]);
  // The message sent from the laptop arrived on the phone (with a cursor to resume from) and at the friend.
  expect(chatLines).toEqual([
    expect.stringMatching(/^phone: Dinner at 8\? resume after [1-9]\d*$/),
    'bob: Dinner at 8?',
  ]);
}, 240_000);
