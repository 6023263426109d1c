/** The backup node app: starts with the backup role and its own defaults, answers, stops cleanly. */
import { rmSync } from 'node:fs';
import { connect, createDevIdentity } from '@cella/sdk';
import { spawnNode } from '@cella/server/testing';
import { expect, test } from 'vitest';

test('runs as a backup node: role, name, node-to-node sign-in served, clean stop on SIGTERM', async () => {
  const node = await spawnNode({ app: 'backup-node' });
  try {
    expect(node.output()).toMatch(/Cella backup node listening on http:\/\/127\.0\.0\.1:\d+/);
    const vault = await connect({ url: node.url, signer: createDevIdentity().signer });
    expect(await vault.node.info()).toMatchObject({ role: 'backup', name: 'Cella backup node' });
    // backup_auth is served here (a bad body is refused on its merits, not as an unknown route).
    const answer = await fetch(`${node.url}/api/v2/did/backup_auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(answer.status).toBe(400);
    expect(await vault.backup.state()).toMatchObject({ state: 'idle', result: 'success' });
    expect(await node.stop()).toBe(0);
  } finally {
    await node.stop();
    rmSync(node.dataDir, { recursive: true, force: true });
  }
});
