/**
 * Writes the committed contract artefacts: openapi.json (the OpenAPI 3.1 document) and docs.html
 * (the self-contained reference page). `test/openapi-fresh.test.ts` fails when they are stale.
 */
import { writeFileSync } from 'node:fs';
import { buildOpenApiDocument } from '../src/document.js';
import { renderDocsPage } from '../src/docs-page.js';
import { serialiseDocument } from '../src/serialise.js';

const root = new URL('../', import.meta.url);
const document = buildOpenApiDocument();
writeFileSync(new URL('openapi.json', root), serialiseDocument(document));
writeFileSync(new URL('docs.html', root), renderDocsPage(document));
console.log('wrote openapi.json and docs.html');
