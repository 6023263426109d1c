/**
 * Python, from PyPI (scripts/services/python-clients.sh, pinned, cached in $CELLA_TOOLS_DIR):
 * - the Python sign-in of docs/did.md, extracted from the page and run as it is, signs in to a real
 *   node (checking the challenge with the node's public DID document) and prints a token;
 * - openapi-python-client generates a client from each document the node serves, mypy --strict
 *   accepts them, and the primary one drives the node with that token: insert → find → upload →
 *   download.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { contentOf } from '../clients/round-trip.js';
import { generatedDir, packageDir, repoRoot, run, saveServedDocument, type TestNode } from './support.js';
import { spawnNode } from '@cella/server/testing';

const installer = path.join(repoRoot, 'scripts/services/python-clients.sh');
const pythonDir = path.join(generatedDir, 'python');

let venv: string;
let node: TestNode['node'];
/** The token the Python sign-in printed. */
let token: string | undefined;

async function pythonTools(): Promise<string> {
  // `npm test` installs them first; run alone, the test installs them (once, then cached).
  try {
    return (await run(installer, ['path'])).stdout.trim();
  } catch {
    await run(installer, ['install'], { maxBuffer: 16 * 1024 * 1024 });
    return (await run(installer, ['path'])).stdout.trim();
  }
}

beforeAll(async () => {
  [venv, node] = await Promise.all([pythonTools(), spawnNode({ timeoutMs: 60_000 })]);
  rmSync(pythonDir, { recursive: true, force: true });
  mkdirSync(pythonDir, { recursive: true });
}, 600_000);
afterAll(async () => {
  await node?.stop();
});

/** The block between the page's markers, as it is. */
function blockOf(markdown: string, marker: string): string {
  const match = new RegExp(
    `<!-- ${marker}[^>]*-->\\n\`\`\`python\\n([\\s\\S]*?)\`\`\`\\n<!-- /${marker} -->`,
  ).exec(markdown);
  if (!match) throw new Error(`docs/did.md has lost its ${marker} block`);
  return match[1]!;
}

test('the Python sign-in of docs/did.md, run as it is, signs in to a real node', async () => {
  const script = path.join(pythonDir, 'sign_in.py');
  writeFileSync(script, blockOf(readFileSync(path.join(repoRoot, 'docs/did.md'), 'utf8'), 'python-sign-in'));
  const { stdout } = await run(path.join(venv, 'bin/python'), [script, node.url]);
  token = stdout.trim();
  expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  const info = await fetch(`${node.url}/api/v2/node/info`, { headers: { authorization: `Bearer ${token}` } });
  expect(info.status).toBe(200);
});

test('openapi-python-client generates a client from each document; mypy --strict accepts them', async () => {
  const config = path.join(pythonDir, 'config.yml');
  // No formatter after generating (ruff is not needed to use the client).
  writeFileSync(config, 'post_hooks: []\n');
  const started = Date.now();
  const warnings: string[] = [];
  for (const [dialect, name] of [
    ['cella', 'cella_client'],
    ['hive', 'cella_hive_client'],
  ] as const) {
    const document = await saveServedDocument(node, dialect, 'python');
    const { stdout, stderr } = await run(
      path.join(venv, 'bin/openapi-python-client'),
      [
        'generate',
        '--path',
        document,
        '--meta',
        'none',
        '--output-path',
        path.join(pythonDir, name),
        '--config',
        config,
      ],
      { cwd: pythonDir, maxBuffer: 16 * 1024 * 1024 },
    );
    warnings.push(
      ...`${stdout}\n${stderr}`.split('\n').filter((line) => /^WARNING|Unsupported|Cannot parse/.test(line)),
    );
  }
  const generated = Date.now();
  // The only parts it cannot type: the CAR streams (the internal node-to-node backup API, the vault
  // export and import).
  for (const line of warnings)
    expect(line).toMatch(/vault-backup-service|vnd\.ipld\.car|\/vault\/export|\/vault\/import/);
  const roundTrip = path.join(packageDir, 'clients/python/round_trip.py');
  await run(
    path.join(venv, 'bin/mypy'),
    [
      '--strict',
      '--cache-dir',
      path.join(generatedDir, '.mypy_cache'),
      'cella_client',
      'cella_hive_client',
      roundTrip,
    ],
    { cwd: pythonDir, maxBuffer: 16 * 1024 * 1024, env: { ...process.env, MYPYPATH: pythonDir } },
  ).catch((error: Error & { stdout?: string }) => {
    throw new Error(`mypy: ${error.stdout || error.message}`);
  });
  console.log(
    `Python clients: generated in ${((generated - started) / 1000).toFixed(1)} s, mypy --strict in ${((Date.now() - generated) / 1000).toFixed(1)} s`,
  );
});

test('the generated Python client, with the token of the Python sign-in: insert → find → upload → download', async () => {
  if (!token) throw new Error('the sign-in test did not pass');
  const { stdout } = await run(
    path.join(venv, 'bin/python'),
    [path.join(packageDir, 'clients/python/round_trip.py'), node.url, token, 'python'],
    { env: { ...process.env, PYTHONPATH: pythonDir } },
  );
  const result = JSON.parse(stdout) as {
    insertedIds: string[];
    foundTitles: string[];
    cid: string;
    downloaded: string;
  };
  expect(result.insertedIds).toHaveLength(2);
  expect(result.foundTitles).toEqual(['first', 'second']);
  expect(result.cid).toMatch(/^b[a-z2-7]+$/);
  expect(result.downloaded).toBe(contentOf('python'));
});
