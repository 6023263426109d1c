import { statSync } from 'node:fs';
import path from 'node:path';
import { createDocument, createPresentation, decodeJwt } from '@cella/did';
import { createDevIdentity } from '@cella/sdk';
import { expect, test } from 'vitest';
import { loadConfig, startNode } from '../../src/index.js';
import { identityFile } from '../../src/auth/node-identity.js';
import { startTempNode } from '../helpers/temp-node.js';

test('the node creates its identity once, keeps it with mode 600 in a 700 directory, and reuses it', async () => {
  const first = await startTempNode();
  const did = first.ctx.identity.did;
  expect(did).toMatch(/^did:elastos:i/);
  const file = identityFile(first.dataDir);
  expect(statSync(file).mode & 0o777).toBe(0o600);
  expect(statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
  await first.close();
  const again = await startNode(loadConfig({}, { port: 0, dataDir: first.dataDir, logLevel: 'silent' }));
  expect(again.ctx.identity.did).toBe(did);
  await again.close();
  await first.stop();
});

test('challenge state lives in the shared store, not in process memory: a second node process finishes the sign-in', async () => {
  const a = await startTempNode();
  const b = await startNode(loadConfig({}, { port: 0, dataDir: a.dataDir, logLevel: 'silent' }));
  try {
    const user = createDevIdentity();
    const signin = await fetch(`${a.url}/api/v2/did/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ document: await createDocument(user.signer) }),
    });
    const { challenge } = (await signin.json()) as { challenge: string };
    const { iss, nonce } = decodeJwt(challenge).claims as { iss: string; nonce: string };
    const vp = await createPresentation(user.signer, { realm: iss, nonce });
    const auth = await fetch(`${b.url}/api/v2/did/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ challenge_response: vp }),
    });
    expect(auth.status).toBe(201);
  } finally {
    await b.close();
    await a.stop();
  }
});
