/**
 * The start summary: it names what is on (URLs, engines, TLS, metrics, identity resolution,
 * payments), warns once for each thing a production node needs that is off, and never prints a
 * secret (a MongoDB password, a token, an RPC provider's API key). Checked on `describeStart` for
 * every branch, and on real node processes' output.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startDevChain, type DevChain } from '@cella/contracts-abi/dev-chain';
import { startIdChainStandIn, type IdChainStandIn } from '@cella/did/stand-in';
import { createDevIdentity, connect } from '@cella/sdk';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig, type Config } from '../../src/config.js';
import { paymentSettings } from '../../src/payment/settings.js';
import { describeStart } from '../../src/start-summary.js';
import { spawnNode, type SpawnedNode } from '../../src/testing/index.js';
import { chainConfig } from '../payment/payment-node.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'cella-summary-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const CONTRACT = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

async function summary(
  overrides: Partial<Config>,
  options: { url?: string; protectedMetrics?: boolean } = {},
) {
  const config: Config = { ...loadConfig({}, { dataDir }), ...overrides };
  return describeStart({
    payment: await paymentSettings(config),
    label: 'Cella node',
    url: options.url ?? 'http://127.0.0.1:5000',
    config,
    documentEngine: config.mongodbUri ? 'mongodb' : 'sqlite',
    blockEngine: config.ipfsApiUrl ? 'kubo' : 'helia',
    metricsProtected: options.protectedMetrics ?? false,
  });
}

const production: Partial<Config> & { tlsCert: string } = {
  host: '0.0.0.0',
  publicUrl: 'https://vault.example.com',
  tlsCert: '/etc/cella/tls/cert.pem',
  mongodbUri: 'mongodb://cella:s3cret-pass@db1.internal:27017,db2.internal:27017/?replicaSet=rs0',
  ipfsApiUrl: 'http://ipfs-user:ipfs-pass@kubo.internal:5001/api/v0',
  eidRpcUrl: 'https://eid.example.com/rpc?apikey=EID-API-KEY',
  chainType: 'mainnet',
  escRpcUrl: 'https://esc.example.com/v3/ESC-API-KEY',
  escChainId: 20,
  paymentContractAddress: CONTRACT,
  paymentReceivingAddress: ADDRESS,
  metricsToken: 'metrics-token-that-is-secret',
  nodeEmail: 'ops@vault.example.com',
  nodeDescription: 'A vault node',
};

describe('describeStart', () => {
  test('a production configuration: everything named, no warning, no secret', async () => {
    const { lines, warnings } = await summary(production, {
      url: 'https://0.0.0.0:443',
      protectedMetrics: true,
    });
    const text = lines.join('\n');
    expect(warnings).toEqual([]);
    expect(lines[0]).toBe(`Cella node listening on https://0.0.0.0:443 (data: ${dataDir})`);
    expect(text).toContain('API reference  https://vault.example.com/api/v2/docs');
    expect(text).toContain('readiness      https://vault.example.com/api/v2/health/ready');
    expect(text).toContain('documents      MongoDB at mongodb://db1.internal:27017,db2.internal:27017');
    expect(text).toContain('files          kubo at http://kubo.internal:5001');
    expect(text).toContain('TLS            on: HTTPS and HTTP/2, certificate /etc/cella/tls/cert.pem');
    expect(text).toContain('metrics        https://vault.example.com/metrics (bearer token required)');
    expect(text).toContain('identity       EID chain at https://eid.example.com (mainnet)');
    expect(text).toContain(`payments       chain 20 at https://esc.example.com, contract ${CONTRACT}`);
    for (const secret of [
      's3cret-pass',
      'cella:',
      'ipfs-pass',
      'EID-API-KEY',
      'ESC-API-KEY',
      'metrics-token-that',
    ])
      expect(text, secret).not.toContain(secret);
    expect(text).not.toContain('WARNING');
  });

  test('an IPFS Cluster node names the daemon and the cluster peer, without their credentials', async () => {
    const { lines } = await summary({
      ...production,
      ipfsClusterUrl: 'http://admin:cluster-pass@cluster.internal:9094',
    });
    const text = lines.join('\n');
    expect(text).toContain(
      'files          kubo at http://kubo.internal:5001, pins through IPFS Cluster at http://cluster.internal:9094',
    );
    expect(text).not.toContain('cluster-pass');
  });

  test('the defaults: embedded engines named, one warning each for identity, node info and payments', async () => {
    const { lines, warnings } = await summary({});
    const text = lines.join('\n');
    expect(text).toContain(`documents      SQLite at ${path.join(dataDir, 'db')}`);
    expect(text).toContain(`files          helia at ${path.join(dataDir, 'blocks')}`);
    expect(text).toContain('TLS            off: plain HTTP');
    expect(text).toContain('metrics        http://127.0.0.1:5000/metrics (open, no token)');
    expect(text).toContain('identity       self-certifying DIDs only (no identity chain)');
    expect(text).toContain('payments       off');
    // Loopback: plain HTTP and open metrics are not warned about.
    expect(warnings).toHaveLength(3);
    expect(warnings[0]).toMatch(/^no identity chain \(CELLA_EID_RPC_URL or CELLA_CHAIN_TYPE\)/);
    expect(warnings[1]).toMatch(/^payments are off/);
    expect(warnings[2]).toMatch(
      /^the node's e-mail \(CELLA_NODE_EMAIL\) and description \(CELLA_NODE_DESCRIPTION\) are empty: GET \/api\/v2\/node\/info/,
    );
    expect(lines.slice(-3)).toEqual(warnings.map((w) => `WARNING: ${w}`));
  });

  test('each thing a production node lacks gives exactly one warning', async () => {
    const { warnings } = await summary({
      host: '0.0.0.0',
      devChain: true,
      escRpcUrl: 'http://127.0.0.1:8545',
      escChainId: 31337,
      paymentContractAddress: CONTRACT,
      paymentReceivingAddress: ADDRESS,
      quotaEnforcement: false,
    });
    expect(warnings.map((w) => w.split(' ').slice(0, 3).join(' '))).toEqual([
      'plain HTTP on',
      'metrics are served',
      'no identity chain',
      'payments run on',
      "the node's e-mail",
      'CELLA_QUOTA_ENFORCEMENT=false: storage usage',
    ]);
    expect(
      (
        await summary({
          devChain: true,
          escRpcUrl: 'http://127.0.0.1:8545',
          escChainId: 31337,
          paymentContractAddress: CONTRACT,
          paymentReceivingAddress: ADDRESS,
        })
      ).parts.payments,
    ).toBe('development chain (anvil at http://127.0.0.1:8545, chain 31337)');
  });

  test('a data directory other users can open is warned about', async () => {
    const open = mkdtempSync(path.join(tmpdir(), 'cella-open-'));
    try {
      chmodSync(open, 0o755);
      const { warnings } = await summary({ dataDir: open });
      expect(warnings.at(-1)).toBe(
        `the data directory ${open} is open to other users (mode 755): chmod 700 it (it holds the node's key and every vault)`,
      );
    } finally {
      rmSync(open, { recursive: true, force: true });
    }
  });

  test('metrics off are said to be off, and not warned about', async () => {
    const { parts, warnings } = await summary({ metrics: false, host: '0.0.0.0' });
    expect(parts.metrics).toBe('off');
    expect(warnings.some((w) => w.startsWith('metrics'))).toBe(false);
  });
});

describe('the start summary of node processes', () => {
  let chain: DevChain;
  let idChain: IdChainStandIn;
  const nodes: SpawnedNode[] = [];
  beforeAll(async () => {
    [chain, idChain] = await Promise.all([startDevChain(), startIdChainStandIn()]);
  }, 60_000);
  afterAll(async () => {
    for (const node of nodes) {
      await node.stop();
      rmSync(node.dataDir, { recursive: true, force: true });
    }
    await Promise.allSettled([chain?.stop(), idChain?.close()]);
  });

  test('a node with an identity chain, payments and a metrics token: all named, nothing secret', async () => {
    // Providers put API keys in the path or the query.
    const rpc = new URL('/v1/EID-PATH-KEY', idChain.url);
    rpc.search = '?apikey=EID-SECRET';
    const payment = chainConfig(chain);
    const token = 'a-metrics-token-of-32-characters';
    const node = await spawnNode({
      env: {
        CELLA_EID_RPC_URL: rpc.toString(),
        CELLA_ESC_RPC_URL: payment.escRpcUrl!,
        CELLA_ESC_CHAIN_ID: String(payment.escChainId),
        CELLA_PAYMENT_CONTRACT: payment.paymentContractAddress!,
        CELLA_PAYMENT_RECEIVING_ADDRESS: payment.paymentReceivingAddress!,
        CELLA_METRICS_TOKEN: token,
        CELLA_NODE_EMAIL: 'ops@example.org',
        CELLA_NODE_DESCRIPTION: 'A node with everything on',
      },
    });
    nodes.push(node);
    const output = node.output();
    const origin = new URL(idChain.url).origin;
    expect(output).toContain(`identity       EID chain at ${origin}\n`);
    expect(output).toContain(
      `payments       chain ${chain.chainId} at ${new URL(chain.rpcUrl).origin}, contract`,
    );
    expect(output).toContain(`metrics        ${node.url}/metrics (bearer token required)`);
    expect(output).not.toContain('WARNING');
    for (const secret of ['rpc-password', 'rpc-user', 'EID-SECRET', token])
      expect(output).not.toContain(secret);
  });

  test('a node with the defaults on every interface: what is off is warned once, sign-ins add no warning', async () => {
    const node = await spawnNode({ env: { CELLA_HOST: '0.0.0.0' } });
    nodes.push(node);
    // Two users whose did:elastos the node can only self-certify (no identity chain).
    for (let i = 0; i < 2; i++) await connect({ url: node.url, signer: createDevIdentity('elastos').signer });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const output = node.output();
    const warnings = output.split('\n').filter((line) => line.startsWith('WARNING: '));
    expect(warnings.map((w) => w.split(' ').slice(1, 4).join(' '))).toEqual([
      'plain HTTP on',
      'metrics are served',
      'no identity chain',
      'payments are off',
      "the node's e-mail",
    ]);
    // The old per-user line ("… its deactivation on the identity chain is not checked") is gone.
    expect(output).not.toMatch(/is not checked/);
    const mentions = output.split('\n').filter((line) => /deactivat/.test(line));
    expect(mentions).toHaveLength(2);
    expect(mentions[0]).toMatch(/^WARNING: no identity chain/);
    expect(mentions[1]).toMatch(/"msg":"node started"/); // the same warnings, in the log line
  });
});
