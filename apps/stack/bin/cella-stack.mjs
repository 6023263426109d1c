#!/usr/bin/env node
// cella-stack launcher: runs the TypeScript CLI straight from source, so it works from a fresh
// clone after `npm ci` with no build step. A child node process gets tsx as its loader and the
// `@cella/source` export condition (which points @cella/chain at its src/). Exit code and
// signals pass through.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const tsxLoader = import.meta.resolve('tsx');
const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));

const child = spawn(
  process.execPath,
  ['--conditions=@cella/source', '--import', tsxLoader, main, ...process.argv.slice(2)],
  { stdio: 'inherit' },
);

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (child.exitCode === null) child.kill(signal);
  });
}

child.on('exit', (code, signal) => {
  process.exitCode = code ?? (signal ? 128 + ({ SIGINT: 2, SIGTERM: 15, SIGHUP: 1 }[signal] ?? 0) : 1);
});
