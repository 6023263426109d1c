#!/usr/bin/env node
/**
 * `npm run release`: the tarballs of every public package, exactly as `npm publish` uploads them,
 * in `release/`, checked:
 *  1. (`-- --version` only) apply the pending changesets: versions, changelogs, the lockfile;
 *  2. build the public packages (turbo, cached);
 *  3. `npm pack` each into `release/` (its prepack/postpack run, as for `npm publish`), and
 *     `npm pack --dry-run`: both must list the same files;
 *  4. check each tarball: publint (strict), @arethetypeswrong/cli (ESM-only packages with the
 *     `esm-only` profile), and our rules: repository, homepage, license and engines in the manifest,
 *     the LICENSE file, no export condition (nor main, module, types, typesVersions) pointing at a
 *     file the tarball lacks;
 *  5. print the tarballs and the changesets still pending.
 * Publish with `npm publish release/<tarball>` (the checked bytes). `--no-build` skips step 2.
 * Exit 1 when a check fails.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(repo, 'release');
const args = new Set(process.argv.slice(2));
const bin = (name) => path.join(repo, 'node_modules/.bin', name);

function sh(command, commandArgs, options = {}) {
  return execFileSync(command, commandArgs, {
    cwd: repo,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1' },
    ...options,
  });
}

/** Runs a checker; answers its output when it fails, else undefined. */
function failure(command, commandArgs) {
  try {
    sh(command, commandArgs);
    return undefined;
  } catch (error) {
    return `${error.stdout ?? ''}${error.stderr ?? ''}`.trim() || error.message;
  }
}

/** The public workspaces: name, folder, manifest. */
export function publicPackages() {
  const root = JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8'));
  const dirs = root.workspaces.flatMap((pattern) => {
    const parent = pattern.replace(/\/\*$/, '');
    return readdirSync(path.join(repo, parent)).map((name) => path.join(parent, name));
  });
  return dirs
    .map((dir) => {
      try {
        return { dir, manifest: JSON.parse(readFileSync(path.join(repo, dir, 'package.json'), 'utf8')) };
      } catch {
        return undefined;
      }
    })
    .filter((p) => p && !p.manifest.private)
    .map((p) => ({ name: p.manifest.name, ...p }));
}

/** The files of a .tgz (npm's tar: entries under `package/`), with their text for small ones. */
function readTarball(file) {
  const tar = gunzipSync(readFileSync(file));
  const files = new Map();
  for (let offset = 0; offset + 512 <= tar.length;) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((b) => b === 0)) break;
    const name = header.subarray(0, 100).toString('utf8').replace(/\0.*$/s, '');
    const prefix = header.subarray(345, 500).toString('utf8').replace(/\0.*$/s, '');
    const size = parseInt(header.subarray(124, 136).toString('utf8').trim() || '0', 8);
    const full = (prefix ? `${prefix}/${name}` : name).replace(/^package\//, '');
    const type = String.fromCharCode(header[156] || 48);
    if (type === '0') files.set(full, tar.subarray(offset + 512, offset + 512 + size));
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return files;
}

/** Every export target of a manifest (strings at the leaves of `exports`). */
function exportTargets(value) {
  if (typeof value === 'string') return [value];
  if (value === null || typeof value !== 'object') return [];
  return Object.values(value).flatMap(exportTargets);
}

/** Our rules for a packed manifest and its files. */
function ownProblems(manifest, files, license) {
  const problems = [];
  if (!manifest.repository?.url || !manifest.repository?.directory)
    problems.push('no repository (url, directory)');
  if (!manifest.homepage) problems.push('no homepage');
  if (manifest.license !== 'MIT') problems.push(`license is ${manifest.license}, not MIT`);
  if (!manifest.engines?.node) problems.push('no engines.node');
  if (!files.get('LICENSE')?.equals(license)) problems.push('LICENSE missing or not the repository’s');
  for (const target of exportTargets(manifest.exports)) {
    const file = target.replace(/^\.\//, '');
    if (!files.has(file)) problems.push(`export target ${target} is not in the tarball`);
  }
  // The older entry fields too: a resolver that ignores `exports` (old TypeScript, bundlers) reads these.
  const fields = { main: manifest.main, module: manifest.module, types: manifest.types ?? manifest.typings };
  for (const [field, target] of Object.entries(fields)) {
    if (typeof target === 'string' && !files.has(target.replace(/^\.\//, '')))
      problems.push(`${field} → ${target} is not in the tarball`);
  }
  for (const target of exportTargets(manifest.typesVersions).filter((t) => !t.includes('*'))) {
    if (!files.has(target.replace(/^\.\//, '')))
      problems.push(`typesVersions → ${target} is not in the tarball`);
  }
  for (const [name, target] of Object.entries(
    typeof manifest.bin === 'string' ? { bin: manifest.bin } : (manifest.bin ?? {}),
  )) {
    if (!files.has(target.replace(/^\.\//, '')))
      problems.push(`bin ${name} → ${target} is not in the tarball`);
  }
  return problems;
}

function main() {
  if (args.has('--version')) {
    console.log(sh(bin('changeset'), ['version']));
    sh('npm', ['install', '--package-lock-only', '--no-audit', '--no-fund', '--ignore-scripts']);
  }
  const packages = publicPackages();
  if (!args.has('--no-build')) {
    sh(bin('turbo'), [
      'run',
      'build',
      '--output-logs=errors-only',
      ...packages.map((p) => `--filter=${p.name}`),
    ]);
  }
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out);
  const license = readFileSync(path.join(repo, 'LICENSE'));
  let failed = false;
  for (const { name, dir } of packages) {
    const [dry] = JSON.parse(sh('npm', ['pack', '--dry-run', '--json', '-w', name]));
    const [packed] = JSON.parse(sh('npm', ['pack', '--json', '--pack-destination', out, '-w', name]));
    const tarball = path.join(out, packed.filename);
    const files = readTarball(tarball);
    const manifest = JSON.parse(files.get('package.json').toString('utf8'));
    const listed = (entry) => entry.files.map((f) => f.path).sort();
    const problems = ownProblems(manifest, files, license);
    if (JSON.stringify(listed(dry)) !== JSON.stringify(listed(packed)))
      problems.push('npm pack --dry-run lists other files than the tarball holds');
    if (JSON.stringify([...files.keys()].sort()) !== JSON.stringify(listed(packed)))
      problems.push('the tarball holds other files than npm pack listed');
    const lint = failure(bin('publint'), ['run', tarball, '--strict', '--level', 'warning']);
    if (lint) problems.push(`publint:\n${lint}`);
    if (manifest.types || manifest.exports) {
      const cjs = JSON.stringify(manifest.exports ?? {}).includes('"require"');
      const types = failure(bin('attw'), [
        tarball,
        '--profile',
        cjs ? 'strict' : 'esm-only',
        '--format',
        'ascii',
      ]);
      if (types) problems.push(`@arethetypeswrong/cli:\n${types}`);
    }
    const kb = (n) => `${(n / 1000).toFixed(0)} kB`;
    console.log(
      `${problems.length ? 'FAIL' : 'ok  '} ${name}@${manifest.version} (${dir}): release/${packed.filename}, ` +
        `${packed.entryCount} files, ${kb(packed.size)} packed, ${kb(packed.unpackedSize)} unpacked`,
    );
    for (const problem of problems) console.log(`     ${problem.replaceAll('\n', '\n     ')}`);
    failed ||= problems.length > 0;
  }
  if (!args.has('--version')) {
    const status = failure(bin('changeset'), ['status']) ?? sh(bin('changeset'), ['status']);
    console.log(`\npending changesets (applied by \`npm run release -- --version\`):\n${status.trim()}`);
  }
  console.log(
    failed ? '\nrelease: checks failed' : '\nrelease: publish with `npm publish release/<tarball>`',
  );
  process.exit(failed ? 1 : 0);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
