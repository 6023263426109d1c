/**
 * Writes the committed contract artefact openapi.json (the OpenAPI 3.1 document); a test fails
 * when it is stale. (The reference page is rendered by the node: packages/server/src/http/docs-page.ts.)
 */
import { writeFileSync } from 'node:fs';
import { buildOpenApiDocument } from '../src/document.js';
import { serialiseDocument } from '../src/serialise.js';

const root = new URL('../', import.meta.url);
const document = buildOpenApiDocument();
writeFileSync(new URL('openapi.json', root), serialiseDocument(document));
console.log('wrote openapi.json');
