// A fresh clone's `npm ci` runs the root `prepare` script, which builds what runs compiled. Before
// issue 27 it built the two node apps only, so `node apps/stack/dist/main.js` (the operator CLI
// as published, and what docs/chain-stack.md shows) was absent after `npm ci`. Asked of turbo's
// plan (`--dry=json`): nothing is built here.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
// npm's own variables of an enclosing `npm test` must not steer this run.
const env = Object.fromEntries(
  Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k) && k !== 'INIT_CWD'),
);

it("npm ci's prepare builds the stack CLI (and what it needs) besides the node apps", async () => {
  const { stdout } = await promisify(execFile)('npm', ['run', 'prepare', '--silent', '--', '--dry=json'], {
    cwd: ROOT,
    env,
    maxBuffer: 16 * 1024 * 1024,
  });
  const plan = JSON.parse(stdout) as { tasks: { taskId: string }[] };
  const tasks = plan.tasks.map((t) => t.taskId);
  expect(tasks).toContain('@cella/stack#build');
  expect(tasks).toEqual(expect.arrayContaining(['@cella/chain#build', '@cella/did#build']));
  expect(tasks).toEqual(expect.arrayContaining(['@cella/node#build', '@cella/backup-node#build']));
  // Nothing else: the hive-compat suite and other test-only packages are not built at install.
  expect(tasks.filter((t) => /hive-compat|api-clients/.test(t))).toEqual([]);
}, 60_000);
