// cella-stack's runCli in this process, with stdout and stderr captured: the same code the bin
// runs, without a process start per command, for the tests that run many commands.
import { runCli as run } from '../../src/cli.js';
import type { CliResult } from './run-cli.js';

export async function cli(args: string[]): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const code = await run(args, {
    out: (text) => (stdout += `${text}\n`),
    err: (text) => (stderr += `${text}\n`),
    env: {},
  });
  return { code, stdout, stderr };
}
