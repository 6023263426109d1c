#!/usr/bin/env node
// Process entry of cella-stack: the package's bin (compiled to dist/main.js).
import { runCli } from './cli.js';

const controller = new AbortController();
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    // First signal: stop long-running commands (watch) cleanly; second: exit now.
    if (interrupted) process.exit(130);
    interrupted = true;
    controller.abort();
  });
}

const code = await runCli(process.argv.slice(2), {
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
  env: process.env,
  signal: controller.signal,
});
process.exitCode = code;
