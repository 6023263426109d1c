/**
 * The dApp side, once per test file (each file runs in a process of its own): the Hive SDK's
 * resolver set up as every dApp does at start (`AppContext.setupResolver`, once per process), both
 * SDKs' loggers quieted (`CELLA_HIVE_COMPAT_DEBUG=1` prints every request and answer instead), and
 * users: a wallet with a published user DID whose document names the vault node (`HiveVault`
 * service), an app-instance DID (unpublished, as dApps make them) and an `AppContext` whose provider
 * answers the node's challenge the way the SDK's own test provider and DefaultAppContextProvider do
 * (an `AppIdCredential` from the user to the app instance, presented in a JWT by the app instance).
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Logger as DidLogger, JWTParserBuilder, type DIDDocument } from '@elastosfoundation/did-js-sdk';
import {
  AppContext,
  Logger,
  type AppContextProvider,
  type BackupContext,
} from '@elastosfoundation/hive-js-sdk';
import { inject } from 'vitest';
import { IdentityWallet } from './identities.js';
import type { CompatWorld } from './world.js';

export const world: CompatWorld = inject('world');

let sdkReady = false;

/** `AppContext.setupResolver` and quiet loggers, once per process. */
export function setUpHiveSdk(): void {
  if (sdkReady) return;
  const debug = process.env.CELLA_HIVE_COMPAT_DEBUG === '1';
  Logger.setDefaultLevel(debug ? Logger.INFO : Logger.ERROR);
  DidLogger.setLevel(DidLogger.ERROR);
  AppContext.setupResolver(`${world.standInUrl}/resolve`, path.join(world.root, 'resolver-cache'));
  sdkReady = true;
}

export interface HiveUser {
  /** The user's DID (owner of a vault). */
  did: string;
  /** The application DID the user authorises (a published one with `#appinfo`). */
  appDid: string;
  /** The app instance's DID (the one that signs in). */
  appInstanceDid: string;
  wallet: IdentityWallet;
  /** The dApp's `AppContext` for this user. */
  context: AppContext;
  /** A BackupContext for `target` whose authorization is the user's `HiveBackupCredential`. */
  backupContext(target: { url: string; did: string }): BackupContext;
}

/** A user as a dApp meets one: their own wallet, their vault on the vault node. */
export async function newUser(name: string, options: { vaultUrl?: string } = {}): Promise<HiveUser> {
  setUpHiveSdk();
  const id = `${name}-${randomUUID().slice(0, 8)}`;
  const wallet = await IdentityWallet.create(path.join(world.root, 'wallets', id), world.standInUrl);
  const userDoc = await wallet.edit(await wallet.newDid(0), (builder) =>
    builder.addService('#hivevault', 'HiveVault', options.vaultUrl ?? world.vault.url),
  );
  await wallet.publish(userDoc);
  return hiveUser(id, wallet, userDoc.getSubject().toString(), await wallet.newDid(1));
}

/** The node owner (whose DID issued both nodes' ownership credentials), signed in through a dApp. */
let owner: Promise<HiveUser> | undefined;
export function nodeOwner(): Promise<HiveUser> {
  setUpHiveSdk();
  owner ??= (async () => {
    const wallet = await IdentityWallet.open(world.owner.storeDir, world.standInUrl);
    return hiveUser('owner', wallet, world.owner.did, await wallet.newDid(1));
  })();
  return owner;
}

function hiveUser(id: string, wallet: IdentityWallet, did: string, appInstanceDoc: DIDDocument): HiveUser {
  const appInstanceDid = appInstanceDoc.getSubject().toString();
  const appDid = world.app.did;
  const provider: AppContextProvider = {
    getLocalDataDir: () => path.join(world.root, 'dapp-data', id),
    getAppInstanceDocument: (): DIDDocument => appInstanceDoc,
    getAuthorization: async (challenge: string): Promise<string> => {
      const claims = (
        await new JWTParserBuilder().setAllowedClockSkewSeconds(300).build().parse(challenge)
      ).getBody();
      const nodeDid = claims.getIssuer();
      const nonce = claims.get('nonce') as string;
      const appId = await wallet.issue(did, appInstanceDid, {
        id: '#app-id-credential',
        types: ['AppIdCredential', 'VerifiableCredential'],
        properties: { appDid, appInstanceDid },
      });
      const vp = await wallet.present(appInstanceDid, [appId], nodeDid, nonce);
      return wallet.challengeResponse(appInstanceDid, vp, nodeDid);
    },
  };
  return {
    did,
    appDid,
    appInstanceDid,
    wallet,
    context: AppContext.build(provider, did, appDid),
    backupContext: (target) => ({
      getType: () => 'hive_node',
      getParameter: (key: string) =>
        key === 'targetAddress'
          ? target.url
          : key === 'targetServiceDid'
            ? target.did
            : (null as unknown as string),
      getAuthorization: async (srcDid: string, targetDid: string, targetHost: string) =>
        (
          await wallet.issue(did, srcDid, {
            id: '#hive-backup-credential',
            types: ['HiveBackupCredential', 'VerifiableCredential'],
            properties: {
              sourceHiveNodeDID: srcDid,
              targetHiveNodeDID: targetDid,
              targetNodeURL: targetHost,
            },
          })
        ).toString(true),
    }),
  };
}

/** What a dApp sees when a call fails: the SDK's exception (class and message), for assertions. */
export async function failure(promise: Promise<unknown>): Promise<Error> {
  const outcome = await promise.then(
    (value: unknown) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  if (outcome.ok) throw new Error(`expected the call to fail, it returned ${JSON.stringify(outcome.value)}`);
  if (!(outcome.error instanceof Error)) throw new Error(`expected an Error, got ${String(outcome.error)}`);
  return outcome.error;
}
