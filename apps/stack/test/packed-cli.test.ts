// The published form of cella-stack: @cella/did, @cella/chain and @cella/stack compiled (tsc to
// dist), packed with `npm pack`, installed from the tarballs into a fresh project (dependencies
// from the npm cache, the registry only for what it lacks) and run there with `npx cella-stack`.
import { execFile } from 'node:child_process';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { shellJoin } from '@cella/chain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const PACKAGES = [
  { name: '@cella/did', dir: 'packages/did', entry: 'dist/index.js' },
  { name: '@cella/chain', dir: 'packages/chain', entry: 'dist/index.js' },
  { name: '@cella/stack', dir: 'apps/stack', entry: 'dist/main.js' },
];

// npm's own variables of an enclosing `npm test` (workspace, prefix…) must not steer these runs.
const env = Object.fromEntries(
  Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k) && k !== 'INIT_CWD'),
);

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function run(cmd: string, args: string[], cwd: string): Promise<Run> {
  return new Promise((resolve) => {
    execFile(cmd, args, { cwd, env, maxBuffer: 16 * 1024 * 1024 }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

async function newestMtime(dir: string): Promise<number> {
  let newest = 0;
  for (const entry of await fs.readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile())
      newest = Math.max(newest, (await fs.stat(path.join(entry.parentPath, entry.name))).mtimeMs);
  }
  return newest;
}

/** dist older than src (or missing) is rebuilt, so the tarball holds what the sources say. */
async function buildIfStale(p: (typeof PACKAGES)[number]): Promise<void> {
  const entry = path.join(ROOT, p.dir, p.entry);
  const built = await fs.stat(entry).then(
    (s) => s.mtimeMs,
    () => 0,
  );
  const sources = Math.max(
    await newestMtime(path.join(ROOT, p.dir, 'src')),
    (await fs.stat(path.join(ROOT, p.dir, 'package.json'))).mtimeMs,
  );
  if (built >= sources) return;
  const r = await run('npm', ['run', 'build', '-w', p.name], ROOT);
  expect(r.code, r.stderr).toBe(0);
}

let work: string;
let project: string;
let tarballs: { name: string; filename: string; files: { path: string }[] }[];

beforeAll(async () => {
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'cella-stack-packed-'));
  for (const p of PACKAGES) await buildIfStale(p);
  const pack = await run(
    'npm',
    ['pack', '--json', '--pack-destination', work, ...PACKAGES.flatMap((p) => ['-w', p.name])],
    ROOT,
  );
  expect(pack.code, pack.stderr).toBe(0);
  tarballs = JSON.parse(pack.stdout);
  project = path.join(work, 'project');
  await fs.mkdir(project);
  await fs.writeFile(path.join(project, 'package.json'), '{ "name": "operator", "private": true }\n');
  const install = await run(
    'npm',
    [
      'install',
      '--prefer-offline',
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
      ...tarballs.map((t) => path.join(work, t.filename)),
    ],
    project,
  );
  expect(install.code, install.stderr).toBe(0);
}, 300_000);

afterAll(async () => {
  if (work) await fs.rm(work, { recursive: true, force: true });
});

describe('the packed cella-stack', () => {
  it('ships compiled JavaScript only (beside its README and LICENSE), with its bin and exact dependencies', async () => {
    const stack = tarballs.find((t) => t.name === '@cella/stack');
    expect(
      stack?.files
        .map((f) => f.path)
        .every((f) => ['package.json', 'README.md', 'LICENSE'].includes(f) || /^dist\/.*\.js$/.test(f)),
    ).toBe(true);
    const manifest = JSON.parse(
      await fs.readFile(path.join(project, 'node_modules/@cella/stack/package.json'), 'utf8'),
    );
    expect(manifest.private).toBeUndefined();
    expect(manifest.bin).toEqual({ 'cella-stack': './dist/main.js' });
    expect(manifest.dependencies).toEqual({ '@cella/chain': '0.1.0' });
    expect(await fs.readFile(path.join(project, 'node_modules/@cella/stack/dist/main.js'), 'utf8')).toMatch(
      /^#!\/usr\/bin\/env node\n/,
    );
    // Nothing runs TypeScript at install time or run time.
    await expect(fs.access(path.join(project, 'node_modules/tsx'))).rejects.toThrow();
  });

  it('runs with npx in the fresh project: help, version, init, flags, doctor', async () => {
    const help = await run('npx', ['cella-stack', '--help'], project);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage:');
    // The version comes from the installed package's own package.json.
    const version = await run('npx', ['cella-stack', '--version'], project);
    expect(version).toMatchObject({ code: 0, stdout: 'cella-stack 0.1.0\n' });
    const home = path.join(work, 'home');
    const init = await run(
      'npx',
      [
        'cella-stack',
        '--home',
        home,
        'init',
        '--chain-type',
        'testnet',
        '--public-ip',
        '203.0.113.60',
        '--light-kdf',
      ],
      project,
    );
    expect(init.code, init.stderr).toBe(0);
    expect(init.stdout).toContain('initialised: main, sc, sc-oracle, id, id-oracle, third, arbiter');
    const flags = await run('npx', ['cella-stack', '--home', home, 'flags', 'sc'], project);
    const launch = JSON.parse(await fs.readFile(path.join(home, 'node/sc/launch.json'), 'utf8'));
    expect(flags.stdout).toBe(`${shellJoin([launch.command, ...launch.args])}\n`);
    expect(flags.stdout).toMatch(/^\.\/esc --testnet .*--rpcaddr 127\.0\.0\.1 /);
    const doctor = await run('npx', ['cella-stack', '--home', home, 'doctor'], project);
    expect(doctor.code, doctor.stdout).toBe(0);
    expect(doctor.stdout).toMatch(/^0 error\(s\), \d+ warning\(s\)$/m);
  });
});
