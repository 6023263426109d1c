/**
 * The SDK's weight in a browser app (a product figure): the whole main entry, and an app using only
 * the database, whose bundle must leave the files, scripts, payment and backup areas out and stay
 * within 45 KiB gzipped. Measured on the sources as an app's bundler would (`npm run size` measures
 * the built package the same way); the figures are printed.
 */
import { expect, test } from 'vitest';
import { DATABASE_ONLY_APP, kib, measureBundle, WHOLE_SDK_APP } from '../scripts/bundle-size.js';

const source = new URL('../src/index.ts', import.meta.url).pathname;
const options = {
  resolveDir: new URL('..', import.meta.url).pathname,
  conditions: ['@cella/source', 'browser', 'import', 'default'],
};
const DATABASE_ONLY_LIMIT = 45 * 1024;

test('an app using only the database bundles ≤ 45 KiB gzipped, without the other areas', async () => {
  const [whole, dbOnly] = await Promise.all([
    measureBundle(WHOLE_SDK_APP(source), options),
    measureBundle(DATABASE_ONLY_APP(source), options),
  ]);
  console.log(
    `browser bundle: whole SDK ${kib(whole.minified)} minified, ${kib(whole.gzipped)} gzipped; ` +
      `database only ${kib(dbOnly.minified)} minified, ${kib(dbOnly.gzipped)} gzipped ` +
      `(${dbOnly.inputs.map(([name, bytes]) => `${name} ${kib(bytes)}`).join(', ')})`,
  );
  const areas = /src\/(files|scripts|payment|backup|subscription)-api\.ts$|src\/(transfer|upload)\.ts$/;
  expect(dbOnly.files.filter((file) => areas.test(file))).toEqual([]);
  expect(whole.files.filter((file) => areas.test(file)).length).toBeGreaterThan(0);
  expect(dbOnly.gzipped).toBeLessThanOrEqual(DATABASE_ONLY_LIMIT);
});
