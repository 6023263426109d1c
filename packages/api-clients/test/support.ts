/**
 * Test support for the generated clients: a real vault node, a user signed in with the SDK, the
 * node's own documents, the three generators, and the TypeScript compiler over what they wrote.
 * Everything generated goes to `generated/` (not committed), rebuilt by every run.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { createClient as heyApi } from '@hey-api/openapi-ts';
import type { Dialect } from '@cella/openapi';
import { connect, createDevIdentity } from '@cella/sdk';
import { spawnNode, type SpawnedNode } from '@cella/server/testing';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';

export const run = promisify(execFile);
const require = createRequire(import.meta.url);

export const packageDir = path.resolve(new URL('..', import.meta.url).pathname);
export const repoRoot = path.resolve(packageDir, '../..');
export const generatedDir = path.join(packageDir, 'generated');

export const documentPath = { cella: '/api/v2/openapi.json', hive: '/api/v2/openapi-hive.json' } as const;

export interface TestNode {
  node: SpawnedNode;
  /** An access token of a user signed in with the SDK. */
  token: string;
}

/** A vault node process and a user signed in to it with the SDK. */
export async function startNodeWithUser(): Promise<TestNode> {
  const node = await spawnNode({ timeoutMs: 60_000 });
  const vault = await connect({ url: node.url, signer: createDevIdentity('key').signer });
  return { node, token: await vault.session.token() };
}

/** Saves the document the node serves (as a client would fetch it) under generated/<dir>. */
export async function saveServedDocument(node: SpawnedNode, dialect: Dialect, dir: string): Promise<string> {
  const answer = await fetch(`${node.url}${documentPath[dialect]}`);
  if (!answer.ok) throw new Error(`${documentPath[dialect]}: ${answer.status}`);
  mkdirSync(path.join(generatedDir, dir), { recursive: true });
  const file = path.join(generatedDir, dir, `${dialect}.json`);
  writeFileSync(file, await answer.text());
  return file;
}

const BLOB = ts.factory.createTypeReferenceNode(ts.factory.createIdentifier('Blob'));

/** openapi-typescript: one `.ts` of types per document, `format: binary` as `Blob` (its documented transform). */
export async function generateOpenapiTypescript(documentFile: string, dialect: Dialect): Promise<void> {
  const ast = await openapiTS(new URL(`file://${documentFile}`), {
    transform: (schema) => (schema.format === 'binary' ? BLOB : undefined),
  });
  const dir = path.join(generatedDir, 'openapi-typescript');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `${dialect}.ts`), astToString(ast));
}

/** @hey-api/openapi-ts: a fetch client, the types and one SDK function per operation. */
export async function generateHeyApi(documentFile: string, dialect: Dialect): Promise<void> {
  const output = path.join(generatedDir, 'hey-api', dialect);
  rmSync(output, { recursive: true, force: true });
  await heyApi({
    input: documentFile,
    output,
    plugins: ['@hey-api/client-fetch', '@hey-api/typescript', '@hey-api/sdk'],
    logs: { level: 'silent' },
  });
}

/**
 * Type-checks `include` (globs relative to generated/) with the repository's strict settings, as
 * an application compiling the generated code would: answers tsc's diagnostics ('' when none).
 */
export async function typeCheck(include: string[]): Promise<string> {
  const config = path.join(generatedDir, 'tsconfig.json');
  writeFileSync(
    config,
    JSON.stringify({
      extends: '../../../tsconfig.base.json',
      compilerOptions: { noEmit: true, declaration: false, declarationMap: false, sourceMap: false },
      include,
    }),
  );
  const tsc = path.join(path.dirname(require.resolve('typescript/package.json')), 'bin/tsc');
  try {
    await run(process.execPath, [tsc, '-p', config], { cwd: generatedDir, maxBuffer: 64 * 1024 * 1024 });
    return '';
  } catch (error) {
    return (error as { stdout?: string }).stdout || String(error);
  }
}
