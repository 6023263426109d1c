/**
 * Generates src/generated/openapi.ts (the `paths`/`components` types) from the contract's
 * openapi.json with openapi-typescript. `test/generated-fresh.test.ts` fails when it is stale.
 */
import { writeFileSync } from 'node:fs';
import { generateTypes } from './generate-types.js';

const target = new URL('../src/generated/openapi.ts', import.meta.url);
writeFileSync(target, await generateTypes());
console.log('wrote src/generated/openapi.ts');
