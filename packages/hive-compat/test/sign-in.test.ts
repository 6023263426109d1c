/**
 * Signing in the ways a dApp on the official Hive JS SDK does: through `AppContext` with the SDK's
 * ready-made `DefaultAppContextProvider` (mnemonics of a published app DID and user DID), and
 * without a node URL, the SDK finding the vault node through the user's DID document. (Every other
 * file signs in with a provider of its own, as most dApps do: support/env.ts.)
 */
import path from 'node:path';
import { DIDStore, Mnemonic, RootIdentity, SimulatedIDChainAdapter } from '@elastosfoundation/did-js-sdk';
import {
  AppContext,
  DefaultAppContextProvider,
  Vault,
  VaultSubscription,
} from '@elastosfoundation/hive-js-sdk';
import { expect, test } from 'vitest';
import { STOREPASS } from './support/identities.js';
import { newUser, setUpHiveSdk, world } from './support/env.js';

/** A DID made from a fresh mnemonic and published, as a wallet does; returns the mnemonic too. */
async function publishedDid(name: string): Promise<{ mnemonic: string; did: string }> {
  const mnemonic = Mnemonic.getInstance(Mnemonic.ENGLISH).generate();
  const store = await DIDStore.open(path.join(world.root, 'wallets', `${name}-${Date.now()}`));
  const root = await RootIdentity.createFromMnemonic(mnemonic, '', store, STOREPASS);
  const doc = await root.newDid(STOREPASS, 0);
  await doc.publish(STOREPASS, undefined, false, new SimulatedIDChainAdapter(world.standInUrl));
  return { mnemonic, did: doc.getSubject().toString() };
}

test('DefaultAppContextProvider: the SDK’s own provider signs in and the vault is usable', async () => {
  setUpHiveSdk();
  const [app, user] = await Promise.all([publishedDid('default-app'), publishedDid('default-user')]);
  const provider = await DefaultAppContextProvider.create({
    storePath: path.join(world.root, 'default-provider', user.did.slice(-8)),
    appDID: app.did,
    appMnemonics: app.mnemonic,
    appPhrasePass: '',
    appStorePass: STOREPASS,
    userDID: user.did,
    userMnemonics: user.mnemonic,
    userPhrasePass: '',
    userStorePass: STOREPASS,
  });
  const context = AppContext.build(provider, user.did, app.did);
  const subscription = new VaultSubscription(context, world.vault.url);
  expect((await subscription.subscribe()).getServiceDid()).toBe(world.vault.did);
  const files = new Vault(context, world.vault.url).getFilesService();
  await files.upload('default-provider.txt', 'signed in by DefaultAppContextProvider');
  expect((await files.download('default-provider.txt')).toString()).toBe(
    'signed in by DefaultAppContextProvider',
  );
});

test('no node URL: the SDK finds the vault node through the HiveVault service of the user’s DID document', async () => {
  const user = await newUser('no-url');
  const subscription = new VaultSubscription(user.context);
  expect(await subscription.getProviderAddress()).toBe(world.vault.url);
  expect((await subscription.subscribe()).getServiceDid()).toBe(world.vault.did);
  const files = new Vault(user.context).getFilesService();
  await files.upload('found-by-did.txt', 'reached through the DID document');
  expect((await files.download('found-by-did.txt')).toString()).toBe('reached through the DID document');
});
