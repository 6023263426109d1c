/**
 * Writes the committed contract artefacts: openapi.json (the OpenAPI 3.1 document of the primary
 * dialect), openapi-hive.json (the Hive dialect's) and the sign-in protocol section of docs/did.md
 * (between its markers). `test/contract.test.ts` and
 * `test/reference.test.ts` fail when they are stale. (The reference page is rendered by the node:
 * packages/server/src/http/docs-page.ts.)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { buildOpenApiDocument, documentFiles, type Dialect } from '../src/document.js';
import { serialiseDocument } from '../src/serialise.js';
import { signInProtocolMarkdown } from '../src/sign-in-protocol.js';

const root = new URL('../', import.meta.url);
for (const [dialect, file] of Object.entries(documentFiles) as [Dialect, string][])
  writeFileSync(new URL(file, root), serialiseDocument(buildOpenApiDocument(dialect)));
const didDoc = new URL('../../docs/did.md', root);
const section = /(<!-- sign-in-protocol:[^\n]*-->\n)[\s\S]*?(<!-- \/sign-in-protocol -->)/;
const text = readFileSync(didDoc, 'utf8');
if (!section.test(text)) throw new Error('docs/did.md has lost its sign-in-protocol markers');
writeFileSync(
  didDoc,
  text.replace(section, (_all, start: string, end: string) => `${start}${signInProtocolMarkdown}${end}`),
);
console.log('wrote openapi.json, openapi-hive.json and the sign-in protocol of docs/did.md');
