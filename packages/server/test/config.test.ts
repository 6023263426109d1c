import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { ConfigError, configEnvironment, loadConfig } from '../src/config.js';
import { processConfig } from '../src/run-process.js';

describe('configuration', () => {
  test('has a default for everything', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      role: 'both',
      host: '127.0.0.1',
      port: 5000,
      tokenTtlSeconds: 7 * 86400,
      challengeTtlSeconds: 180,
    });
    expect(path.isAbsolute(config.dataDir)).toBe(true);
  });

  // `CELLA_ROLE=backup npm start` was ignored: the app passed its role over the environment.
  test("a process's role: the app's default (both for apps/node, backup for apps/backup-node), CELLA_ROLE over it", () => {
    expect(processConfig({}, {}).role).toBe('both');
    expect(processConfig({}, { CELLA_ROLE: 'backup' }).role).toBe('backup');
    expect(processConfig({}, { CELLA_ROLE: 'vault' }).role).toBe('vault');
    const backupApp = { defaults: { CELLA_ROLE: 'backup', CELLA_PORT: '5001' } };
    expect(processConfig(backupApp, {})).toMatchObject({ role: 'backup', port: 5001 });
    expect(processConfig(backupApp, { CELLA_ROLE: 'both' }).role).toBe('both');
    expect(() => processConfig({}, { CELLA_ROLE: 'primary' })).toThrow(/CELLA_ROLE/);
  });

  test('environment beats the config file, which beats the defaults', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cella-config-'));
    const file = path.join(dir, 'config.json');
    writeFileSync(file, JSON.stringify({ port: 6000, nodeName: 'from file' }));
    const config = loadConfig({ CELLA_CONFIG: file, CELLA_PORT: '7000' });
    expect(config.port).toBe(7000);
    expect(config.nodeName).toBe('from file');
  });

  test('a bad value names the variable and the problem', () => {
    expect(() => loadConfig({ CELLA_PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ CELLA_PORT: '70000' })).toThrow(/port \(CELLA_PORT\)/);
    expect(() => loadConfig({ CELLA_CONFIG: '/nonexistent/cella.json' })).toThrow(/cannot read CELLA_CONFIG/);
  });

  test('the IPFS Cluster settings: the peer needs its daemon, replication factors as the cluster takes them', () => {
    const cluster = {
      CELLA_IPFS_CLUSTER_URL: 'http://127.0.0.1:9094',
      CELLA_IPFS_API_URL: 'http://127.0.0.1:5001',
    };
    expect(loadConfig(cluster)).toMatchObject({ ipfsClusterPinTimeoutSeconds: 600 });
    expect(
      loadConfig({
        ...cluster,
        CELLA_IPFS_CLUSTER_REPLICATION_MIN: '2',
        CELLA_IPFS_CLUSTER_REPLICATION_MAX: '3',
      }),
    ).toMatchObject({ ipfsClusterReplicationMin: 2, ipfsClusterReplicationMax: 3 });
    expect(
      loadConfig({
        ...cluster,
        CELLA_IPFS_CLUSTER_REPLICATION_MIN: '-1',
        CELLA_IPFS_CLUSTER_REPLICATION_MAX: '-1',
      }),
    ).toMatchObject({ ipfsClusterReplicationMin: -1, ipfsClusterReplicationMax: -1 });
    expect(() => loadConfig({ CELLA_IPFS_CLUSTER_URL: 'http://127.0.0.1:9094' })).toThrow(
      /ipfsClusterUrl \(CELLA_IPFS_CLUSTER_URL\): needs CELLA_IPFS_API_URL/,
    );
    expect(() => loadConfig({ ...cluster, CELLA_IPFS_CLUSTER_REPLICATION_MIN: '0' })).toThrow(
      /CELLA_IPFS_CLUSTER_REPLICATION_MIN\): must be -1/,
    );
    expect(() =>
      loadConfig({
        ...cluster,
        CELLA_IPFS_CLUSTER_REPLICATION_MIN: '3',
        CELLA_IPFS_CLUSTER_REPLICATION_MAX: '2',
      }),
    ).toThrow(/CELLA_IPFS_CLUSTER_REPLICATION_MAX\): is below the minimum/);
    expect(() =>
      loadConfig({
        ...cluster,
        CELLA_IPFS_CLUSTER_REPLICATION_MIN: '-1',
        CELLA_IPFS_CLUSTER_REPLICATION_MAX: '2',
      }),
    ).toThrow(/-1 \(every peer\) must be set for both/);
  });

  test('the README documents every variable', () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    for (const { env, key } of configEnvironment) {
      expect(readme, env).toMatch(new RegExp(`\\| \`${env}\` \\|[^\\n]*\\| \`${key}\` \\|`));
    }
  });
});
