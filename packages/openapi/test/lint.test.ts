/**
 * Both committed documents pass `@redocly/cli lint` with its recommended rules: no error. The
 * warnings left are the spec's own paths (spec/vault-service.md §4), which OpenAPI tooling calls
 * ambiguous (`/vault/db/collections/{name}` beside `/vault/db/{collection}/count`): a router
 * matches literal segments first, as ours does, and the spec's paths are the contract.
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, test } from 'vitest';
import { documentFiles } from '../src/index.js';

const require = createRequire(import.meta.url);
const packageDir = path.resolve(new URL('..', import.meta.url).pathname);
const cli = path.join(path.dirname(require.resolve('@redocly/cli/package.json')), 'bin/cli.js');

interface Problem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { source: { ref: string }; pointer: string }[];
}

test('both documents lint clean with the recommended rules', async () => {
  const files = Object.values(documentFiles);
  const output = await new Promise<string>((resolve, reject) =>
    execFile(
      process.execPath,
      [cli, 'lint', '--extends=recommended', '--format=json', ...files],
      {
        cwd: packageDir,
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
        env: {
          ...process.env,
          REDOCLY_TELEMETRY: 'off',
          REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
          NO_COLOR: '1',
        },
      },
      // Exit code 1 means errors; the JSON on stdout says which.
      (error, stdout) => (stdout ? resolve(stdout) : reject(error ?? new Error('no output'))),
    ),
  );
  // One JSON report per file, one after the other.
  const reports = output
    .slice(output.indexOf('{'))
    .split(/(?<=\n\})(?=\{\n)/)
    .map((text) => JSON.parse(text) as { totals: { errors: number; warnings: number }; problems: Problem[] });
  expect(reports.length).toBe(files.length);
  const report = {
    totals: {
      errors: reports.reduce((n, r) => n + r.totals.errors, 0),
      warnings: reports.reduce((n, r) => n + r.totals.warnings, 0),
    },
    problems: reports.flatMap((r) => r.problems),
  };
  const lines = report.problems.map(
    (p) => `${p.severity} ${p.ruleId} ${p.location[0]?.source.ref}${p.location[0]?.pointer}: ${p.message}`,
  );
  console.log(
    `redocly lint: ${report.totals.errors} errors, ${report.totals.warnings} warnings\n${lines.join('\n')}`,
  );
  expect(lines.filter((line) => line.startsWith('error'))).toEqual([]);
  // Only the spec's paths are left as warnings, and only in the primary document.
  for (const problem of report.problems) {
    expect(problem.ruleId).toBe('no-ambiguous-paths');
    expect(problem.location[0]?.source.ref).toBe(documentFiles.cella);
  }
}, 60_000);
