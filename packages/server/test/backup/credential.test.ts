/** The HiveBackupCredential rules both nodes apply. */
import { createKeySigner, generateKeyPair, issueCredential, SelfCertifyingResolver } from '@cella/did';
import { issueBackupCredential } from '@cella/sdk';
import { describe, expect, test } from 'vitest';
import { checkOnBackupNode, checkOnPrimary, verifyBackupCredential } from '../../src/backup/credential.js';

const key = () => createKeySigner(generateKeyPair().privateKey, { method: 'key' });
const resolver = new SelfCertifyingResolver();
const user = key();
const primary = key();
const backupNode = key();

const issue = (overrides: Partial<Parameters<typeof issueBackupCredential>[1]> = {}) =>
  issueBackupCredential(user, {
    sourceNodeDid: primary.did,
    targetNodeDid: backupNode.did,
    targetUrl: 'http://127.0.0.1:5001/',
    ...overrides,
  });

describe('backup credentials', () => {
  test("a valid credential grants the move of the issuer's vault from its subject to the named backup node", async () => {
    const grant = await verifyBackupCredential(JSON.stringify(await issue()), resolver, Date.now());
    expect(grant).toMatchObject({
      userDid: user.did,
      sourceDid: primary.did,
      targetDid: backupNode.did,
      targetUrl: 'http://127.0.0.1:5001',
    });
    expect(grant.expiresAt).toBeGreaterThan(Date.now() / 1000 + 6 * 86400);
    expect(() => checkOnPrimary(grant, user.did, primary.did)).not.toThrow();
    expect(() => checkOnBackupNode(grant, primary.did, backupNode.did)).not.toThrow();
  });

  test("the reference's legacy claim names are accepted", async () => {
    const vc = await issueCredential(user, {
      types: ['BackupCredential'],
      subject: {
        id: primary.did,
        sourceDID: primary.did,
        targetDID: backupNode.did,
        targetHost: 'https://backup.example.org',
      },
    });
    expect(await verifyBackupCredential(vc, resolver, Date.now())).toMatchObject({
      targetUrl: 'https://backup.example.org',
      targetDid: backupNode.did,
    });
  });

  test('refusals say why', async () => {
    const refusedWith = async (input: unknown, pattern: RegExp) => {
      await expect(verifyBackupCredential(input, resolver, Date.now())).rejects.toThrow(pattern);
    };
    await refusedWith(await issue({ now: new Date(Date.now() - 10 * 86400_000) }), /expired/);
    await refusedWith(
      await issueCredential(user, {
        types: ['AppIdCredential'],
        subject: { id: primary.did, appDid: 'did:key:zDnaeapp' },
      }),
      /not a HiveBackupCredential/,
    );
    await refusedWith(
      await issueCredential(user, {
        types: ['HiveBackupCredential'],
        subject: { id: primary.did, targetNodeURL: 'http://x' },
      }),
      /targetHiveNodeDID/,
    );
    await refusedWith(
      await issueCredential(user, {
        types: ['HiveBackupCredential'],
        subject: { id: primary.did, targetHiveNodeDID: backupNode.did },
      }),
      /targetNodeURL/,
    );
    await refusedWith(await issue({ targetUrl: 'ftp://x' }), /http\(s\) URL/);
    await refusedWith(
      await issueCredential(user, {
        types: ['HiveBackupCredential'],
        subject: {
          id: primary.did,
          sourceHiveNodeDID: backupNode.did,
          targetHiveNodeDID: backupNode.did,
          targetNodeURL: 'http://x',
        },
      }),
      /sourceHiveNodeDID .* is not its subject/,
    );
    await expect(verifyBackupCredential('{not json', resolver, Date.now())).rejects.toMatchObject({
      code: 'INVALID_PARAMETER',
    });
    const tampered = {
      ...(await issue()),
      credentialSubject: {
        id: primary.did,
        targetHiveNodeDID: backupNode.did,
        targetNodeURL: 'http://evil.example.org',
      },
    };
    await expect(verifyBackupCredential(tampered, resolver, Date.now())).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
  });

  test('each node checks its own side', async () => {
    const grant = await verifyBackupCredential(await issue(), resolver, Date.now());
    expect(() => checkOnPrimary(grant, key().did, primary.did)).toThrow(/issued by .* not by you/);
    expect(() => checkOnPrimary(grant, user.did, key().did)).toThrow(/authorises the node .* not this node/);
    expect(() => checkOnBackupNode(grant, key().did, backupNode.did)).toThrow(/not the calling node/);
    expect(() => checkOnBackupNode(grant, primary.did, key().did)).toThrow(
      /names the backup node .* not this node/,
    );
  });
});
