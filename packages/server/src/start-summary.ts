/**
 * What a starting node prints: where it listens and what is on — engines, TLS, metrics, identity
 * resolution, payments — and one warning for each thing a production node needs that is off.
 * Addresses are shown without what may be secret in them: no user or password (a MongoDB URI's),
 * no path or query (RPC providers put API keys there), never a token.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import type { Config } from './config.js';
import type { PaymentSettings } from './payment/settings.js';

export interface SummaryInput {
  /** e.g. "Cella node". */
  label: string;
  url: string;
  config: Config;
  /** The engines' names (`sqlite`, `helia`, …) as the node opened them. */
  documentEngine: string;
  blockEngine: string;
  /** Whether `/metrics` needs a bearer token. */
  metricsProtected: boolean;
  /** The payment settings the node runs with (null: no payments). */
  payment: PaymentSettings | null;
}

export interface StartSummary {
  /** The lines to print, warnings last. */
  lines: string[];
  /** Each warning once, also for the log. */
  warnings: string[];
  /** What is on, for the log. */
  parts: Record<string, string>;
}

/** scheme://host:port of a URL, nothing else. */
export function originOf(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}`;
  } catch {
    return '(unparsable URL)';
  }
}

/** The hosts of a MongoDB URI (several for a replica set), without credentials or options. */
export function mongoHostsOf(uri: string): string {
  const match = /^(mongodb(?:\+srv)?):\/\/(?:[^@/]*@)?([^/?]*)/.exec(uri);
  return match ? `${match[1]}://${match[2]}` : '(unparsable URI)';
}

const isLoopback = (host: string) =>
  host === 'localhost' || host === '::1' || host === '[::1]' || /^127\./.test(host);

function dataDirMode(dir: string): number | undefined {
  try {
    return statSync(dir).mode & 0o777;
  } catch {
    return undefined;
  }
}

export function describeStart(input: SummaryInput): StartSummary {
  const { config, url } = input;
  const base = config.publicUrl?.replace(/\/+$/, '') ?? url;
  const warnings: string[] = [];
  const parts: Record<string, string> = {};
  const exposed = !isLoopback(config.host);

  parts['API reference'] = `${base}/api/v2/docs`;
  parts.readiness = `${base}/api/v2/health/ready`;
  parts.documents = config.mongodbUri
    ? `MongoDB at ${mongoHostsOf(config.mongodbUri)}`
    : `SQLite at ${path.join(config.dataDir, 'db')}`;
  parts.files = config.ipfsClusterUrl
    ? `kubo at ${originOf(config.ipfsApiUrl ?? '')}, pins through IPFS Cluster at ${originOf(config.ipfsClusterUrl)}`
    : config.ipfsApiUrl
      ? `${input.blockEngine} at ${originOf(config.ipfsApiUrl)}`
      : `helia at ${path.join(config.dataDir, 'blocks')}`;

  if (config.tlsCert) parts.TLS = `on: HTTPS and HTTP/2, certificate ${config.tlsCert}`;
  else if (url.startsWith('https:')) parts.TLS = 'on: HTTPS';
  else {
    parts.TLS = 'off: plain HTTP';
    if (exposed && !config.trustProxy)
      warnings.push(
        `plain HTTP on ${config.host}: access tokens cross the network unencrypted unless a TLS proxy is in front (set CELLA_TLS_CERT and CELLA_TLS_KEY, or listen on 127.0.0.1 behind the proxy)`,
      );
  }

  if (!config.metrics) parts.metrics = 'off';
  else {
    parts.metrics = `${base}/metrics (${input.metricsProtected ? 'bearer token required' : 'open, no token'})`;
    if (exposed && !input.metricsProtected)
      warnings.push(
        `metrics are served without a token on ${config.host}: anyone who reaches the port reads the node's figures (set CELLA_METRICS_TOKEN_FILE)`,
      );
  }

  if (config.eidRpcUrl) {
    parts.identity = `EID chain at ${originOf(config.eidRpcUrl)}${config.chainType ? ` (${config.chainType})` : ''}`;
  } else {
    parts.identity = 'self-certifying DIDs only (no identity chain)';
    warnings.push(
      'no identity chain (CELLA_EID_RPC_URL or CELLA_CHAIN_TYPE): sign-in trusts the DID documents users present, so a deactivated or rotated did:elastos still signs in',
    );
  }

  const { payment } = input;
  if (config.devChain && payment) {
    parts.payments = `development chain (anvil at ${originOf(payment.rpcUrl)}, chain ${payment.chainId ?? '?'})`;
    warnings.push('payments run on a local development chain (CELLA_DEV_CHAIN): nothing paid there is real');
  } else if (payment) {
    parts.payments = `chain ${payment.chainId ?? '(id asked from the RPC)'} at ${originOf(payment.rpcUrl)}, contract ${payment.contractAddress}`;
  } else {
    parts.payments = 'off';
    warnings.push(
      'payments are off (CELLA_PAYMENT_CONTRACT and CELLA_PAYMENT_RECEIVING_ADDRESS): no plan can be bought, every vault keeps the free plan',
    );
  }

  const missing = [
    ...(config.nodeEmail.trim() === '' ? ['e-mail (CELLA_NODE_EMAIL)'] : []),
    ...(config.nodeDescription.trim() === '' ? ['description (CELLA_NODE_DESCRIPTION)'] : []),
  ];
  if (missing.length > 0)
    warnings.push(
      `the node's ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} empty: GET /api/v2/node/info answers "" there, which the official Hive SDKs' own tests treat as an error, and users have no way to reach the operator`,
    );

  if (!config.quotaEnforcement)
    warnings.push(
      'CELLA_QUOTA_ENFORCEMENT=false: storage usage is neither counted nor limited (benchmarks only)',
    );
  const mode = dataDirMode(config.dataDir);
  if (mode !== undefined && mode & 0o077)
    warnings.push(
      `the data directory ${config.dataDir} is open to other users (mode ${mode.toString(8)}): chmod 700 it (it holds the node's key and every vault)`,
    );

  const width = Math.max(...Object.keys(parts).map((k) => k.length)) + 2;
  const lines = [
    `${input.label} listening on ${url} (data: ${config.dataDir})`,
    ...Object.entries(parts).map(([name, value]) => `  ${name.padEnd(width)}${value}`),
    ...warnings.map((warning) => `WARNING: ${warning}`),
  ];
  return { lines, warnings, parts };
}
