/**
 * Schema fuzzing (issue 18, items 9 and 10): schemathesis (PyPI, pinned in
 * scripts/services/schemathesis.sh, cached in $CELLA_TOOLS_DIR) sends generated requests — valid
 * and invalid — to every operation of the node's own OpenAPI documents (openapi.json, and the Hive
 * dialect's openapi-hive.json but the primary routes it repeats), and checks every answer against
 * the document: no 5xx, a documented status, a documented content type and headers, a body that
 * matches its schema. A bounded number of cases per operation keeps it to about a minute.
 *
 * Two real node processes: a vault node fuzzed over every operation as a signed-in user, with a
 * dev chain (so payments are on) and data the document's examples name (so requests reach more
 * than "not found"); and a backup node whose internal backup API is fuzzed as a calling node with
 * its BackupToken (only a backup node accepts one). Rate limits are out of the way (they have
 * their own test).
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { hiveSharedOperations } from '@cella/openapi';
import { connect, createDevIdentity, type Vault } from '@cella/sdk';
import { spawnNode, type SpawnedNode } from '@cella/server/testing';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { backupTokenFor } from '../backup/helpers.js';

const repoRoot = path.resolve(new URL('../../../../', import.meta.url).pathname);
const installer = path.join(repoRoot, 'scripts/services/schemathesis.sh');
/** Generated cases per operation and phase. */
const EXAMPLES = 25;
const SEED = 18;
/**
 * The event streams (`text/event-stream`) stay open until the client leaves, while schemathesis
 * reads a whole answer before it checks it: they are left out here, and their refusals and their
 * answers checked against the document by test/events/.
 */
const EVENT_STREAMS = ['vaultEvents', 'scriptEvents'];
/** The internal node-to-node backup API. */
const BACKUP_API = '^/api/v2/vault-backup-service/';

const unlimited = '1000000000';
const noRateLimits = {
  CELLA_RATE_LIMIT_USER: unlimited,
  CELLA_RATE_LIMIT_ANONYMOUS: unlimited,
  CELLA_RATE_LIMIT_SIGNIN: unlimited,
  CELLA_RATE_LIMIT_NODE: unlimited,
  CELLA_ANONYMOUS_RUNS_PER_MINUTE: '1000000',
};

let vaultNode: SpawnedNode;
let backupNode: SpawnedNode;
let workDir: string;

function schemathesis(): string {
  // `npm test` installs it first; run alone, the test installs it (once, then cached).
  try {
    return execFileSync(installer, ['path'], { encoding: 'utf8' }).trim();
  } catch {
    execFileSync(installer, ['install'], { stdio: 'inherit' });
    return execFileSync(installer, ['path'], { encoding: 'utf8' }).trim();
  }
}

beforeAll(async () => {
  workDir = mkdtempSync(path.join(tmpdir(), 'cella-fuzz-'));
  [vaultNode, backupNode] = await Promise.all([
    spawnNode({ env: { CELLA_DEV_CHAIN: 'true', ...noRateLimits }, timeoutMs: 60_000 }),
    spawnNode({ app: 'backup-node', env: noRateLimits, timeoutMs: 60_000 }),
  ]);
}, 120_000);
afterAll(async () => {
  await Promise.all([vaultNode?.stop(), backupNode?.stop()]);
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

interface FuzzRun {
  /** Operations schemathesis tested. */
  operations: number;
  /** Its "Test cases" line: generated and passed. */
  summary: string;
  /** Requests the node logged answering. */
  requests: number;
  /** Answers 5xx but the documented quota refusal (507). */
  serverErrors: number;
  /** 507 quota refusals (a size the fuzzer made up past the plan). */
  quota: number;
  seconds: number;
}

/** Runs schemathesis against `node` with `config` (TOML lines) and checks its verdict. */
async function fuzz(
  name: string,
  node: SpawnedNode,
  config: string[],
  args: string[] = [],
  documentPath = '/api/v2/openapi.json',
): Promise<FuzzRun> {
  const st = schemathesis();
  const configFile = path.join(workDir, `${name}.toml`);
  // 507 is the contract's quota refusal (INSUFFICIENT_STORAGE, the reference's status), not a
  // server failure; status_code_conformance still requires it documented where it comes.
  const expected = '[checks.not_a_server_error]\nexpected-statuses = ["2xx", "3xx", "4xx", "507"]';
  writeFileSync(configFile, `${config.join('\n')}\n${expected}\n`, { mode: 0o600 });
  const logged = () => node.output().split('\n');
  const before = logged().filter((line) => line.includes('"msg":"request"')).length;
  const started = Date.now();
  const run = await new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(
      st,
      [
        '--config-file',
        configFile,
        'run',
        `${node.url}${documentPath}`,
        '--checks',
        'not_a_server_error,status_code_conformance,content_type_conformance,response_headers_conformance,response_schema_conformance',
        '--max-examples',
        String(EXAMPLES),
        '--seed',
        String(SEED),
        // One worker: hypothesis (threads) on CPython 3.11 can hit "AST constructor recursion
        // depth mismatch" with several.
        '--workers',
        '1',
        '--no-shrink',
        '--request-timeout',
        '30',
        ...args,
      ],
      // Hypothesis keeps its example database in the working directory: a temporary one.
      { cwd: workDir, env: { ...process.env, NO_COLOR: '1', SCHEMATHESIS_TELEMETRY: 'false' } },
    );
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.on('close', (code) => resolve({ code, output }));
  });
  const seconds = (Date.now() - started) / 1000;
  const lines = logged().filter((line) => line.includes('"msg":"request"'));
  const failed = lines.slice(before).filter((line) => /"status":5(?!07)\d\d/.test(line));
  const quota = lines.slice(before).filter((line) => line.includes('"status":507')).length;
  const result: FuzzRun = {
    operations: Number(/Tested:\s*(\d+)/.exec(run.output)?.[1]),
    summary: /Test cases:\s*\n?\s*([^\n]+)/.exec(run.output)?.[1]?.trim() ?? '(no summary)',
    requests: lines.length - before,
    serverErrors: failed.length,
    quota,
    seconds,
  };
  console.log(
    `schema fuzzing (${name}): ${result.operations} operations, ${result.summary}; ` +
      `${result.requests} requests answered, ${result.serverErrors} with 5xx ` +
      `(and ${quota} documented 507 quota refusals); ${seconds.toFixed(0)} s`,
  );
  if (run.code !== 0 || process.env.FUZZ_VERBOSE) console.log(run.output.slice(-20_000));
  for (const line of failed) console.log(line);
  for (const line of logged().filter((l) => /"level":50/.test(l))) console.log(line.slice(0, 3000));
  expect(result.serverErrors).toBe(0);
  expect(run.code).toBe(0);
  expect(run.output).toMatch(/Test cases:[\s\S]*passed/);
  expect(run.output).not.toMatch(/\d+ failures?\b/);
  return result;
}

/** A signed-in user with what the documents' examples name: collection `notes`, file `photos/2026/cat.jpg`, script `get_messages`. */
let alice: Vault | undefined;
async function exampleUser(): Promise<Vault> {
  if (alice) return alice;
  const identity = createDevIdentity('key');
  const vault = await connect({ url: vaultNode.url, signer: identity.signer });
  await vault.db.createCollection('notes');
  await vault.db.collection('notes').insert([{ text: 'one' }, { text: 'two', tags: ['a'] }]);
  await vault.files.upload('photos/2026/cat.jpg', 'not really a cat');
  await vault.scripts.register('get_messages', {
    executable: { type: 'find', collection: 'notes', filter: {} },
    allowAnonymous: true,
  });
  return (alice = vault);
}

const operationCount = (document: { paths: Record<string, Record<string, unknown>> }) =>
  Object.values(document.paths).reduce((n, item) => n + Object.keys(item).length, 0);

test('every operation of openapi.json, fuzzed: no 5xx and no answer outside the document', async () => {
  const token = await (await exampleUser()).session.token();
  const run = await fuzz(
    'vault node',
    vaultNode,
    [`headers = { Authorization = "Bearer ${token}" }`],
    EVENT_STREAMS.flatMap((id) => ['--exclude-operation-id', id]),
  );
  // Every operation of the document was exercised, but the one serving the document itself
  // (schemathesis leaves it out; it is read as the schema instead, and checked here) and the
  // event streams.
  const served = await fetch(`${vaultNode.url}/api/v2/openapi.json`);
  expect(served.headers.get('content-type')).toMatch(/^application\/json/);
  const document = (await served.json()) as { paths: Record<string, Record<string, unknown>> };
  expect(run.operations).toBe(operationCount(document) - 1 - EVENT_STREAMS.length);
}, 600_000);

test("every operation of the Hive dialect's openapi-hive.json, fuzzed (but the primary routes it repeats)", async () => {
  const token = await (await exampleUser()).session.token();
  const repeated = hiveSharedOperations.flatMap((id) => ['--exclude-operation-id', id]);
  const run = await fuzz(
    'vault node, Hive dialect',
    vaultNode,
    [`headers = { Authorization = "token ${token}" }`],
    repeated,
    '/api/v2/openapi-hive.json',
  );
  const document = (await fetch(`${vaultNode.url}/api/v2/openapi-hive.json`).then((r) => r.json())) as {
    paths: Record<string, Record<string, { operationId: string }>>;
  };
  const ids = Object.values(document.paths).flatMap((item) =>
    Object.values(item).map((op) => op.operationId),
  );
  expect(run.operations).toBe(
    ids.filter((id) => !(hiveSharedOperations as readonly string[]).includes(id)).length,
  );
}, 600_000);

test('the internal backup API of a backup node, fuzzed as a calling node', async () => {
  const user = createDevIdentity('key');
  const token = await backupTokenFor(backupNode.url, user.signer);
  const run = await fuzz(
    'backup node',
    backupNode,
    [`headers = { Authorization = "Bearer ${token}" }`],
    ['--include-path-regex', BACKUP_API],
  );
  const document = (await fetch(`${backupNode.url}/api/v2/openapi.json`).then((r) => r.json())) as {
    paths: Record<string, Record<string, unknown>>;
  };
  const internal = Object.entries(document.paths)
    .filter(([route]) => new RegExp(BACKUP_API).test(route))
    .reduce((n, [, item]) => n + Object.keys(item).length, 0);
  expect(run.operations).toBe(internal);
}, 600_000);
