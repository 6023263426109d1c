import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  LIGHT_KDF,
  diffStackConfig,
  initStack,
  loadStack,
  validateStack,
  vaultChainDefaults,
} from '../src/index.js';
import { tempHome } from './helpers/tree.js';

const homes: string[] = [];
afterAll(async () => {
  for (const h of homes) await fs.rm(h, { recursive: true, force: true });
});

describe('config diff and validate', () => {
  it('a fresh init has no differences; --against testnet lists the network switch; edits show up', async () => {
    const home = await tempHome();
    homes.push(home);
    await initStack({ home, chainType: 'mainnet', publicIp: '203.0.113.9', kdf: LIGHT_KDF });
    let state = await loadStack(home);
    expect(diffStackConfig(state)).toEqual([]);
    expect(validateStack(state)).toEqual([]);
    const against = diffStackConfig(state, 'testnet');
    expect(against).toContainEqual({
      file: '~/node/main/config.json',
      path: 'Configuration.HttpJsonPort',
      kind: 'changed',
      expected: 21336,
      actual: 20336,
    });
    expect(against).toContainEqual({
      file: '~/node/main/config.json',
      path: 'Configuration.ActiveNet',
      kind: 'missing',
      expected: 'testnet',
    });
    expect(against).toContainEqual({
      file: '~/node/sc/launch.json',
      path: 'args --pbft.net.port',
      kind: 'changed',
      expected: '21639',
      actual: '20639',
    });
    expect(against).toContainEqual({
      file: '~/node/sc/launch.json',
      path: 'args --testnet',
      kind: 'missing',
      expected: '(set)',
    });
    const rpc = state.mainConfig.value?.Configuration.RpcConfiguration;
    for (const secret of [rpc?.User, rpc?.Pass]) expect(JSON.stringify(against)).not.toContain(secret); // credentials never appear

    const file = path.join(home, 'node/main/config.json');
    const cfg = JSON.parse(await fs.readFile(file, 'utf8'));
    cfg.Configuration.PrintLevel = 0;
    cfg.Configuration.ActiveNet = 'testnet';
    await fs.writeFile(file, JSON.stringify(cfg));
    state = await loadStack(home);
    expect(diffStackConfig(state)).toContainEqual({
      file: '~/node/main/config.json',
      path: 'Configuration.PrintLevel',
      kind: 'changed',
      expected: 1,
      actual: 0,
    });
    expect(validateStack(state).map((f) => f.check)).toContain('chain-type-mismatch');

    await fs.writeFile(file, '{"Configuration": {"HttpJsonPort": "x"}}');
    const invalid = validateStack(await loadStack(home));
    expect(invalid[0]?.check).toBe('invalid-file');
    expect(invalid[0]?.message).toContain('Configuration.HttpJsonPort');
  });
});

describe('config diff respects the stored sidechain settings', () => {
  it.each([
    ['hardened (the default)', {}],
    ['hardened, did on the identity chain, pinned ports', { extraRpcApi: { id: ['did'] }, pinPorts: true }],
    ['spec profile, frozen accounts', { profile: 'spec', frozenAccounts: { sc: ['0x' + '2'.repeat(40)] } }],
    ['rpc mode, spec profile', { sidechainMode: 'rpc', profile: 'spec' }],
  ] as const)('%s: no differences; against the other network only network ones', async (_name, extra) => {
    const home = await tempHome();
    homes.push(home);
    await initStack({ home, chainType: 'mainnet', publicIp: '203.0.113.9', kdf: LIGHT_KDF, ...extra });
    const state = await loadStack(home);
    expect(diffStackConfig(state)).toEqual([]);
    const launchDiffs = diffStackConfig(state, 'testnet').filter((d) => d.file.endsWith('launch.json'));
    const flagsChanged = new Set(launchDiffs.map((d) => d.path));
    // Ports and the --testnet switch, never the profile's bind address, modules or account.
    for (const p of flagsChanged)
      expect(p).toMatch(/^(args --(testnet|pbft\.net\.port|port|rpcport|wsport)|env\.env)$/);
    expect(flagsChanged).toContain('args --testnet');
  });

  it('a hand edit of a launch line shows up against its stored settings', async () => {
    const home = await tempHome();
    homes.push(home);
    await initStack({ home, chainType: 'mainnet', publicIp: '203.0.113.9', kdf: LIGHT_KDF });
    const file = path.join(home, 'node/sc/launch.json');
    const launch = JSON.parse(await fs.readFile(file, 'utf8'));
    launch.args[launch.args.indexOf('--rpcaddr') + 1] = '0.0.0.0';
    await fs.writeFile(file, JSON.stringify(launch));
    expect(diffStackConfig(await loadStack(home))).toEqual([
      {
        file: '~/node/sc/launch.json',
        path: 'args --rpcaddr',
        kind: 'changed',
        expected: '127.0.0.1',
        actual: '0.0.0.0',
      },
    ]);
  });
});

describe('vaultChainDefaults', () => {
  it('gives the identity resolver URL and the smart-contract chain from the network table', () => {
    expect(vaultChainDefaults('mainnet')).toEqual({
      chainType: 'mainnet',
      eidRpcUrl: 'https://api.elastos.io/eid',
      eidChainId: 22,
      escRpcUrl: 'https://api.elastos.io/eth',
      escChainId: 20,
    });
    expect(vaultChainDefaults('testnet', { endpoints: 'local' })).toEqual({
      chainType: 'testnet',
      eidRpcUrl: 'http://127.0.0.1:21646',
      eidChainId: 23,
      escRpcUrl: 'http://127.0.0.1:21636',
      escChainId: 21,
      escWsUrl: 'ws://127.0.0.1:21632',
    });
  });
});
