/**
 * The API reference page renders in a real browser (Debian's chromium driven by playwright-core),
 * offline: every script and style is inlined, nothing comes from a CDN.
 */
import { existsSync } from 'node:fs';
import { signInVector } from '@cella/openapi';
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

  test('shows the examples and the sign-in protocol with its test vector, never generated placeholders', async () => {
    const page = await browser.newPage();
    await page.goto(`${node.url}/api/v2/docs`, { waitUntil: 'load' });
    await page.locator('h2', { hasText: 'Insert one or more documents' }).waitFor({ timeout: 30_000 });

    // The sign-in section of the document's description, in the side menu and in the page.
    await expect(page.locator('h2', { hasText: 'Sign-in protocol' }).first().isVisible()).resolves.toBe(true);
    await expect(page.getByText('Test vector', { exact: true }).first().isVisible()).resolves.toBe(true);
    const text = await page.locator('#redoc-container').innerText();
    for (const value of [
      signInVector.inputs.userPrivateKeyHex,
      signInVector.user.did,
      signInVector.presentation.signedSha256Hex,
      signInVector.challenge.jwt,
    ])
      expect(text, value).toContain(value);

    // Request and response samples are the contract's examples: the inserted ids of insertDocuments,
    // a listing of downloadFile; an error example with its message.
    expect(text).toContain('"inserted_ids"');
    expect(text).toContain('69a558980fa8f1f1d94ee8a8');
    expect(text).toContain('photos/2026/cat.jpg');
    expect(text).toContain(
      '"message": "invalid request: query limit: Too big: expected number to be <=10000"',
    );
    // What Redoc makes up when a schema has no example.
    expect(text).not.toContain('-9007199254740991');
    expect(text).not.toContain('property1');
    expect(text).not.toMatch(/"string"/);
  }, 60_000);

  test("the Hive dialect's page renders its own document, with code samples on the primary page", async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${node.url}/api/v2/docs/hive`, { waitUntil: 'load' });
    // A route the reference tells apart by the query is one operation, its variants in one heading.
    await page
      .locator('h2', { hasText: 'Count documents (Hive SDK `countDocuments`)' })
      .waitFor({ timeout: 30_000 });
    expect(await page.title()).toBe('Cella API reference: the Hive dialect');
    for (const tag of ['Hive: Authentication', 'Hive: Database', 'Hive: Files'])
      await expect(page.getByText(tag, { exact: true }).first().isVisible()).resolves.toBe(true);
    expect(errors).toEqual([]);

    const primary = await browser.newPage();
    await primary.goto(`${node.url}/api/v2/docs`, { waitUntil: 'load' });
    await primary.locator('h2', { hasText: 'Insert one or more documents' }).waitFor({ timeout: 30_000 });
    // x-codeSamples: Redoc shows the SDK call and curl in tabs beside the operation's payload (the
    // first operation with samples is sign-in).
    const sdkTabs = primary.getByRole('tab', { name: 'SDK', exact: true });
    expect(await sdkTabs.count()).toBeGreaterThanOrEqual(10);
    await sdkTabs.first().click();
    await primary.getByText('await connect({ url:').first().waitFor({ timeout: 10_000 });
    await primary.getByRole('tab', { name: 'curl', exact: true }).first().click();
    await primary
      .getByText('curl -X POST "$CELLA_URL/api/v2/did/signin"')
      .first()
      .waitFor({ timeout: 10_000 });
  }, 60_000);
});
