/**
 * The systemd units in deploy/systemd: systemd itself finds nothing wrong with them
 * (`systemd-analyze verify`, Debian's `systemd` package), they carry the settings
 * docs/operations.md promises (unprivileged user, a private state directory, umask, hardening,
 * restarts, a mode-600 environment file), they run the app's build output, and the documented copy
 * of the node's unit is the file.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { startFlags } from '../../src/testing/index.js';

const repo = path.resolve(new URL('../../../../', import.meta.url).pathname);
const units = { node: 'cella-node.service', 'backup-node': 'cella-backup-node.service' } as const;
const work = mkdtempSync(path.join(tmpdir(), 'cella-units-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const unitText = (file: string) => readFileSync(path.join(repo, 'deploy', 'systemd', file), 'utf8');

/** `key=value` settings of a unit (commented lines left out). */
function settings(text: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const line of text.split('\n')) {
    const match = /^([A-Za-z]+)=(.*)$/.exec(line);
    if (match) found.set(match[1]!, [...(found.get(match[1]!) ?? []), match[2]!]);
  }
  return found;
}

/** Debian's `systemd` package has it; a machine without it checks the build output only (below). */
const hasSystemdAnalyze = spawnSync('systemd-analyze', ['--version']).status === 0;
if (!hasSystemdAnalyze)
  console.warn('systemd-analyze is missing (apt-get install systemd): the units are checked without it');

describe.each(Object.entries(units))('the %s unit', (app, file) => {
  const text = unitText(file);
  const set = settings(text);
  const one = (key: string) => set.get(key)?.[0];

  test.runIf(hasSystemdAnalyze)('systemd-analyze verify finds nothing to say', () => {
    // The unit names Debian's /usr/bin/node; the copy checked here names the node running this test.
    const copy = path.join(work, file);
    writeFileSync(copy, text.replaceAll('/usr/bin/node', process.execPath));
    const result = spawnSync('systemd-analyze', ['verify', copy], { encoding: 'utf8' });
    expect(`${result.stdout}${result.stderr}`.trim()).toBe('');
    expect(result.status).toBe(0);
    // The same with the TLS and metrics-token lines switched on.
    writeFileSync(
      copy,
      text.replaceAll('/usr/bin/node', process.execPath).replace(/^#(LoadCredential|Environment)=/gm, '$1='),
    );
    const withSecrets = spawnSync('systemd-analyze', ['verify', copy], { encoding: 'utf8' });
    expect(`${withSecrets.stdout}${withSecrets.stderr}`.trim()).toBe('');
  });

  test('runs the build output of the app, as an unprivileged user, with a private data directory', () => {
    // The node flags of a production start are the app's `npm start` flags (startFlags).
    const flags = startFlags(app as 'node' | 'backup-node').join(' ');
    expect(one('ExecStart')).toBe(`/usr/bin/node ${flags} /opt/cella/apps/${app}/dist/main.js`);
    expect(one('WorkingDirectory')).toBe(`/opt/cella/apps/${app}`);
    expect(one('User')).toBe('cella');
    expect(one('StateDirectory')).toBe(`cella/${app}`);
    expect(one('StateDirectoryMode')).toBe('0700');
    expect(set.get('Environment')).toContain(`CELLA_DATA_DIR=/var/lib/cella/${app}`);
    expect(one('EnvironmentFile')).toBe(`/etc/cella/${app}.env`);
    expect(one('UMask')).toBe('0077');
    expect(one('Restart')).toBe('on-failure');
    expect(one('RestartPreventExitStatus')).toBe('2');
    for (const [key, value] of [
      ['NoNewPrivileges', 'yes'],
      ['ProtectSystem', 'strict'],
      ['ProtectHome', 'yes'],
      ['PrivateTmp', 'yes'],
      ['CapabilityBoundingSet', ''],
    ])
      expect(one(key!), key).toBe(value);
    // What ExecStart runs is what the app's build writes: dist/main.js from src/main.ts, the file
    // `npm start` runs once the apps are compiled.
    const pkg = JSON.parse(readFileSync(path.join(repo, 'apps', app, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    if (pkg.scripts.build) {
      expect(pkg.scripts.start).toMatch(/^node (--[\w-]+(=\S+)? )*dist\/main\.js$/);
      expect(existsSync(path.join(repo, 'apps', app, 'dist', 'main.js')), 'built by `npm run build`').toBe(
        true,
      );
    } else {
      expect(existsSync(path.join(repo, 'apps', app, 'src', 'main.ts'))).toBe(true);
    }
  });
});

test('docs/operations.md shows the node unit as it is in deploy/systemd', () => {
  const doc = readFileSync(path.join(repo, 'docs', 'operations.md'), 'utf8');
  const shown =
    /The vault node's unit, `deploy\/systemd\/cella-node\.service`[^\n]*\n\n```ini\n([\s\S]*?)```/.exec(doc);
  expect(shown?.[1]).toBe(unitText(units.node));
});

test('the backup node unit differs from the node unit only in what names the app', () => {
  const asNode = unitText(units['backup-node'])
    .replaceAll('backup-node', 'node')
    .replaceAll('Cella backup node', 'Cella vault node')
    .replace('compiled backup node', 'compiled node');
  expect(asNode).toBe(unitText(units.node));
});
