/**
 * The docs name only files that exist (issue 27, item 8: deployment.md's audit table cited
 * `http/authenticate.ts`, which never existed). Every source path a doc names in an inline code
 * span — `packages/server/src/http/routes.ts`, `http/routes.ts`, `routes.ts`, `src/rate-limits/` —
 * must be the end of a path in the repository (file or folder), and every relative Markdown link
 * must lead to a file. Build output (`dist/`), dependencies and paths outside the repository
 * (absolute, `~/…`, a data dir's `identity/node-key.json`) are not source files and are not checked;
 * nor are the documents `OUTSIDE` names.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';

const root = path.resolve(new URL('../../../', import.meta.url).pathname);
const SKIP_DIRS = new Set(['node_modules', 'dist', '.git', '.turbo', 'coverage']);

/** Every file and folder of the repository, as paths from its root. */
function repositoryPaths(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      if (SKIP_DIRS.has(entry.name)) continue;
      const relative = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        found.push(`${relative}/`);
        walk(relative);
      } else found.push(relative);
    }
  };
  walk('');
  return found;
}

/** The docs checked: the README, docs/*.md and each package's README. */
function docs(): string[] {
  const inDir = (dir: string) =>
    existsSync(path.join(root, dir))
      ? readdirSync(path.join(root, dir))
          .filter((name) => name.endsWith('.md'))
          .map((name) => `${dir}/${name}`)
      : [];
  const packageReadmes = ['packages', 'apps'].flatMap((group) =>
    readdirSync(path.join(root, group))
      .map((name) => `${group}/${name}/README.md`)
      .filter((file) => existsSync(path.join(root, file))),
  );
  return ['README.md', ...inDir('docs'), ...packageReadmes];
}

/** Named by the docs, and not this repository's: each with why. */
const OUTSIDE: readonly RegExp[] = [
  // The team's contract and the reference facts it was given (spec/, reference/), cited by section.
  /^(?:spec|reference)\//,
  // MongoDB's own test suite, cited for its behaviour.
  /^jstests\//,
  // The Elastos node script whose layout the stack tool reads.
  /^node\.sh$/,
  // "Adding an endpoint" in architecture.md: the files one would create.
  /^packages\/server\/src\/api\/(?:db\/collection-stats|files\/thumbnail)\.ts$/,
];

const SOURCE = /\.(?:ts|tsx|mts|cts|js|mjs|cjs|sol|sh|py|md|service)$/;
/** Folders named by their place in the tree (a lone `dist/` or `identity/` is not a source path). */
const SOURCE_DIR = /^(?:packages|apps|scripts|docs|deploy|src|test|bench)\/(?:[\w.@-]+\/)*$/;

/** The source paths an inline code span names, if it is one. */
function sourcePath(span: string): string | undefined {
  const text = span.trim().replace(/^\.\//, '');
  if (!/^[\w.@/-]+$/.test(text) || text.startsWith('/') || text.startsWith('@')) return undefined;
  if (/(?:^|\/)(?:dist|node_modules)\//.test(text) || text.includes('..')) return undefined;
  // An extension alone (`.d.ts`, `.sol`) names no file.
  if (/^\.[\w.]+$/.test(text) || OUTSIDE.some((pattern) => pattern.test(text))) return undefined;
  if (SOURCE.test(text) || SOURCE_DIR.test(text)) return text;
  return undefined;
}

/** The inline code spans and relative link targets of a Markdown text, outside fenced blocks. */
function references(markdown: string): { spans: string[]; links: string[] } {
  const spans: string[] = [];
  const links: string[] = [];
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      continue;
    }
    if (fenced) continue;
    for (const match of line.matchAll(/(`+)([^`]+?)\1/g)) spans.push(match[2]!);
    for (const match of line.replace(/`[^`]*`/g, '').matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = match[1]!.split('#')[0]!;
      if (target && !/^[a-z][a-z0-9+.-]*:/i.test(target)) links.push(target);
    }
  }
  return { spans, links };
}

test('every source file or folder a doc names exists', () => {
  const all = repositoryPaths();
  const exists = (name: string) =>
    all.some((candidate) => candidate === name || candidate.endsWith(`/${name}`));
  const missing: string[] = [];
  for (const doc of docs()) {
    const { spans, links } = references(readFileSync(path.join(root, doc), 'utf8'));
    for (const span of spans) {
      const name = sourcePath(span);
      if (name && !exists(name)) missing.push(`${doc}: \`${name}\``);
    }
    for (const link of links) {
      const target = path.join(path.dirname(path.join(root, doc)), decodeURIComponent(link));
      if (!existsSync(target)) missing.push(`${doc}: link to ${link}`);
    }
  }
  expect(missing).toEqual([]);
});

test('the check finds a missing path, in a code span and in a link', () => {
  const { spans, links } = references(
    'See `http/authenticate.ts` and [the page](nowhere.md); `npm start`, `/api/v2/health`.\n```\n`inside.ts`\n```',
  );
  expect(spans.map(sourcePath).filter(Boolean)).toEqual(['http/authenticate.ts']);
  expect(links).toEqual(['nowhere.md']);
});
