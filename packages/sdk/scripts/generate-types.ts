import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import openapiTS, { astToString } from 'openapi-typescript';

const require = createRequire(import.meta.url);

export async function generateTypes(): Promise<string> {
  const documentPath = require.resolve('@cella/openapi/openapi.json');
  const document = JSON.parse(readFileSync(documentPath, 'utf8')) as Parameters<typeof openapiTS>[0];
  const ast = await openapiTS(document, { alphabetize: false, exportType: false });
  return `/* eslint-disable */\n// Generated from @cella/openapi/openapi.json by scripts/generate.ts — do not edit.\n${astToString(ast)}`;
}
