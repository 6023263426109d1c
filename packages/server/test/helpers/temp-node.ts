/**
 * Starts an in-process node on a free loopback port with its own temporary data dir. Its log is
 * kept from warn up, and `stop()` fails when it holds a line no normal flow may produce
 * (`assertCleanLog`: not an answered refusal, not in `allowLog`), so every HTTP test of the
 * primary dialect also proves the node's log stays clean (issue 27, item 5).
 * `CELLA_TEST_TLS=1`: every such node speaks HTTPS with HTTP/2 (a test certificate), and this test
 * process trusts it and offers HTTP/2 in fetch and undici — to run a suite against a TLS node.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { Agent, setGlobalDispatcher } from 'undici';
import { loadConfig, startNode, type CellaNode, type Config } from '../../src/index.js';
import { createLogger } from '../../src/logger.js';
import { assertCleanLog, createTestCertificate, type TestCertificate } from '../../src/testing/index.js';

export interface TempNode extends CellaNode {
  dataDir: string;
  /** What the node logged (from warn up, or `logLevel`), one JSON line each. */
  log(): string;
  /** Closes the node; fails if its log holds a line no normal flow may produce. */
  stop(): Promise<void>;
}

export interface TempNodeOptions {
  /** Log lines this test provokes on purpose (matched on the raw JSON line). */
  allowLog?: readonly RegExp[];
  /** Keep the log from this level up (default warn; `info` for the access lines). */
  logLevel?: 'info' | 'warn';
}

let tls: TestCertificate | undefined;

function tlsOverrides(): Partial<Config> {
  if (process.env.CELLA_TEST_TLS !== '1') return {};
  if (!tls) {
    tls = createTestCertificate();
    setGlobalDispatcher(new Agent({ connect: { ca: tls.cert }, allowH2: true }));
  }
  return { tlsCert: tls.certFile, tlsKey: tls.keyFile };
}

/** The test certificate of `CELLA_TEST_TLS=1` runs (for raw clients that must trust it). */
export const testCertificate = (): string | undefined => tls?.cert;

export async function startTempNode(
  overrides: Partial<Config> = {},
  options: TempNodeOptions = {},
): Promise<TempNode> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cella-node-'));
  // All test users sign in from one address: the per-IP sign-in limit is lifted (test/hardening
  // tests it).
  const config = loadConfig(
    {},
    {
      port: 0,
      dataDir,
      logLevel: 'silent',
      rateLimitSignInPerMinute: 1_000_000,
      ...tlsOverrides(),
      ...overrides,
    },
  );
  let log = '';
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      log += chunk.toString('utf8');
      done();
    },
  });
  const node = await startNode(config, { logger: createLogger(options.logLevel ?? 'warn', destination) });
  return {
    ...node,
    dataDir,
    log: () => log,
    stop: async () => {
      await node.close();
      rmSync(dataDir, { recursive: true, force: true });
      assertCleanLog(log, `the node at ${node.url}`, { allow: options.allowLog ?? [] });
    },
  };
}
