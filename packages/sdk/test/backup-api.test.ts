/**
 * The pieces of `vault.backup` that need no node: the credential the SDK issues and the argument
 * rules. (Start, watch, restore and promote run against two real node processes in
 * packages/server/test/backup.)
 */
import { createKeySigner, generateKeyPair, SelfCertifyingResolver, verifyCredential } from '@cella/did';
import { expect, test } from 'vitest';
import { BackupApi, BACKUP_CREDENTIAL_TYPE, issueBackupCredential } from '../src/backup-api.js';
import { Http } from '../src/http.js';

const key = (method: 'elastos' | 'key' = 'key') => createKeySigner(generateKeyPair().privateKey, { method });

test('issueBackupCredential: a HiveBackupCredential from the user about the vault node, naming the backup node', async () => {
  const user = key();
  const [source, target] = [key('elastos').did, key('elastos').did];
  const now = new Date('2026-03-01T12:00:00Z');
  const vc = await issueBackupCredential(user, {
    sourceNodeDid: source,
    targetNodeDid: target,
    targetUrl: 'https://backup.example.org',
    now,
  });
  expect(vc.type).toContain(BACKUP_CREDENTIAL_TYPE);
  expect(vc.issuer).toBe(user.did);
  expect(vc.credentialSubject).toEqual({
    id: source,
    sourceHiveNodeDID: source,
    targetHiveNodeDID: target,
    targetNodeURL: 'https://backup.example.org',
  });
  expect(vc.expirationDate).toBe('2026-03-08T12:00:00Z'); // 7 days by default
  const verified = await verifyCredential(vc, { resolver: new SelfCertifyingResolver(), now });
  expect(verified.issuer).toBe(user.did);

  const short = await issueBackupCredential(user, {
    sourceNodeDid: source,
    targetNodeDid: target,
    targetUrl: 'http://x',
    expiresInSeconds: 60,
    now,
  });
  expect(short.expirationDate).toBe('2026-03-01T12:01:00Z');
});

test('start and restore need a credential or a target; issuing one needs the signer', async () => {
  const http = new Http({ url: 'http://127.0.0.1:9' });
  await expect(new BackupApi(http, key()).start({})).rejects.toThrow(/pass `credential` or `target`/);
  await expect(new BackupApi(http).restore({ target: { url: 'http://127.0.0.1:9' } })).rejects.toThrow(
    /needs the signer/,
  );
});
