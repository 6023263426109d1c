/**
 * Writes the committed contract artefacts: openapi.json (the OpenAPI 3.1 document) and the sign-in
 * protocol section of docs/did.md (between its markers). `test/contract.test.ts` and
 * `test/reference.test.ts` fail when they are stale. (The reference page is rendered by the node:
 * packages/server/src/http/docs-page.ts.)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { buildOpenApiDocument } from '../src/document.js';
import { serialiseDocument } from '../src/serialise.js';
import { signInProtocolMarkdown } from '../src/sign-in-protocol.js';

const root = new URL('../', import.meta.url);
const document = buildOpenApiDocument();
writeFileSync(new URL('openapi.json', root), serialiseDocument(document));
const didDoc = new URL('../../docs/did.md', root);
const section = /(<!-- sign-in-protocol:[^\n]*-->\n)[\s\S]*?(<!-- \/sign-in-protocol -->)/;
const text = readFileSync(didDoc, 'utf8');
if (!section.test(text)) throw new Error('docs/did.md has lost its sign-in-protocol markers');
writeFileSync(
  didDoc,
  text.replace(section, (_all, start: string, end: string) => `${start}${signInProtocolMarkdown}${end}`),
);
console.log('wrote openapi.json and the sign-in protocol of docs/did.md');
