/**
 * Writes the committed contract artefacts: openapi.json (the OpenAPI 3.1 document), docs.html
 * (the self-contained reference page) and the sign-in protocol section of docs/did.md (between its
 * markers). `test/contract.test.ts` and `test/reference.test.ts` fail when they are stale.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { buildOpenApiDocument } from '../src/document.js';
import { renderDocsPage } from '../src/docs-page.js';
import { serialiseDocument } from '../src/serialise.js';
import { signInProtocolMarkdown } from '../src/sign-in-protocol.js';

const root = new URL('../', import.meta.url);
const document = buildOpenApiDocument();
writeFileSync(new URL('openapi.json', root), serialiseDocument(document));
writeFileSync(new URL('docs.html', root), renderDocsPage(document));

const didDoc = new URL('../../docs/did.md', root);
const section = /(<!-- sign-in-protocol:[^\n]*-->\n)[\s\S]*?(<!-- \/sign-in-protocol -->)/;
const text = readFileSync(didDoc, 'utf8');
if (!section.test(text)) throw new Error('docs/did.md has lost its sign-in-protocol markers');
writeFileSync(
  didDoc,
  text.replace(section, (_all, start: string, end: string) => `${start}${signInProtocolMarkdown}${end}`),
);
console.log('wrote openapi.json, docs.html and the sign-in protocol of docs/did.md');
