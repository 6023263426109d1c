import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { ConfigError, configEnvironment, loadConfig } from '../src/config.js';

describe('configuration', () => {
  test('has a default for everything', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      role: 'vault',
      host: '127.0.0.1',
      port: 5000,
      tokenTtlSeconds: 7 * 86400,
      challengeTtlSeconds: 180,
    });
    expect(path.isAbsolute(config.dataDir)).toBe(true);
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

  test('the README documents every variable', () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    for (const { env, key } of configEnvironment) {
      expect(readme, env).toMatch(new RegExp(`\\| \`${env}\` \\|[^\\n]*\\| \`${key}\` \\|`));
    }
  });
});
