#!/usr/bin/env node
/**
 * `prepack`/`postpack` of every public package: the manifest a tarball carries has no export
 * condition pointing at a file the tarball lacks. In the monorepo each export maps the
 * `@cella/source` condition to the TypeScript sources (tests and tsx run them unbuilt); a package
 * that ships only `dist` would publish conditions pointing nowhere. `strip` (prepack) saves the
 * manifest and drops those targets; `restore` (postpack) puts it back. `npm pack`, `npm pack
 * --dry-run`, `npm publish` and `changeset publish` all run both, so they agree on the tarball.
 * A pack that died between the two is repaired by the next `strip`.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const MANIFEST = 'package.json';
const BACKUP = '.package.json.before-pack';

/** Whether `target` (e.g. `./src/index.ts`) lies under one of the manifest's `files` entries. */
function shipped(target, files) {
  const relative = path.posix.normalize(target.replace(/^\.\//, ''));
  if (relative === MANIFEST) return true;
  return files.some((entry) => {
    const root = path.posix.normalize(entry.replace(/^\.\//, '').replace(/\/$/, ''));
    return relative === root || relative.startsWith(`${root}/`);
  });
}

/** The exports value with every condition whose target is not shipped removed. */
function pruned(value, files) {
  if (typeof value === 'string') return shipped(value, files) ? value : undefined;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const out = {};
  for (const [key, inner] of Object.entries(value)) {
    const kept = pruned(inner, files);
    if (kept !== undefined) out[key] = kept;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

export function stripManifest(manifest) {
  const files = manifest.files ?? [];
  return manifest.exports === undefined
    ? manifest
    : { ...manifest, exports: pruned(manifest.exports, files) };
}

const command = process.argv[2];
if (command === 'strip') {
  if (existsSync(BACKUP)) renameSync(BACKUP, MANIFEST);
  const text = readFileSync(MANIFEST, 'utf8');
  const stripped = stripManifest(JSON.parse(text));
  writeFileSync(BACKUP, text);
  writeFileSync(MANIFEST, `${JSON.stringify(stripped, null, 2)}\n`);
} else if (command === 'restore') {
  if (existsSync(BACKUP)) renameSync(BACKUP, MANIFEST);
} else if (command !== undefined) {
  console.error('usage: pack-manifest.mjs strip|restore');
  process.exit(2);
}
