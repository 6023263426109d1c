/**
 * The API reference page renders in a real browser (Debian's chromium driven by playwright-core),
 * offline: every script and style is inlined, nothing comes from a CDN.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTempNode, type TempNode } from '../helpers/temp-node.js';

const executablePath = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
if (!executablePath)
  console.warn(
    '\n*** chromium not found: the docs-page browser test is SKIPPED (run scripts/ensure-chromium.sh) ***\n',
  );

describe.skipIf(!executablePath)('the docs page in headless Chromium', () => {
  let node: TempNode;
  let browser: Browser;
  beforeAll(async () => {
    node = await startTempNode();
    browser = await chromium.launch({
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await node?.stop();
  });

  test('renders every tag and the operations, with no request leaving the node', async () => {
    const page = await browser.newPage();
    const foreign: string[] = [];
    page.on('request', (request) => {
      if (
        !request.url().startsWith(node.url) &&
        !request.url().startsWith('data:') &&
        !request.url().startsWith('blob:')
      )
        foreign.push(request.url());
    });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${node.url}/api/v2/docs`, { waitUntil: 'load' });
    // Redoc renders the operations as h2 headings and the tags in the side menu.
    await page
      .locator('h2', { hasText: 'Start sign-in: send the DID document, get a challenge' })
      .waitFor({ timeout: 30_000 });
    for (const summary of [
      'Insert one or more documents',
      'Upload a file (overwrites)',
      "Run a script of the target vault (default: the caller's own)",
      'Settle an order by verifying its on-chain payment',
    ]) {
      expect(await page.locator('h2', { hasText: summary }).count(), summary).toBeGreaterThan(0);
    }
    for (const tag of ['Authentication', 'Database', 'Files', 'Scripts', 'Payment', 'Backup']) {
      await expect(page.getByText(tag, { exact: true }).first().isVisible()).resolves.toBe(true);
    }
    expect(await page.title()).toBe('Cella API reference');
    await page.screenshot({ path: process.env.CELLA_DOCS_SCREENSHOT ?? `${node.dataDir}/docs.png` });
    expect(errors).toEqual([]);
    expect(foreign).toEqual([]);
  }, 60_000);
});
