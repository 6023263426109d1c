import { promises as fs } from 'node:fs';
import path from 'node:path';
import { decryptKeystoreJson } from 'ethers';
import { afterEach, describe, expect, it } from 'vitest';
import {
  InitError,
  LIGHT_KDF,
  detectPublicIp,
  initStack,
  isPublicIPv4,
  type InitStackOptions,
} from '../src/index.js';
import { readJson, snapshotTree, tempHome } from './helpers/tree.js';

const homes: string[] = [];
afterEach(async () => {
  for (const h of homes.splice(0)) await fs.rm(h, { recursive: true, force: true });
});

async function home(): Promise<string> {
  const h = await tempHome();
  homes.push(h);
  return h;
}

const base = (h: string, extra: Partial<InitStackOptions> = {}): InitStackOptions => ({
  home: h,
  chainType: 'mainnet',
  publicIp: '203.0.113.20',
  kdf: LIGHT_KDF,
  ...extra,
});

async function initError(p: Promise<unknown>): Promise<InitError> {
  const err = await p.catch((e: unknown) => e);
  expect(err).toBeInstanceOf(InitError);
  return err as InitError;
}

describe('init', () => {
  it('a second init changes nothing', async () => {
    const h = await home();
    await initStack(base(h));
    const before = await snapshotTree(h);
    const again = await initStack(base(h));
    expect(again.initialised).toEqual([]);
    expect(again.alreadyInitialised).toEqual([
      'main',
      'sc',
      'sc-oracle',
      'id',
      'id-oracle',
      'third',
      'arbiter',
    ]);
    expect(again.files.every((f) => f.action === 'unchanged')).toBe(true);
    expect(await snapshotTree(h)).toEqual(before);
  });

  it('refuses to switch chain-type without --reinit, and changes nothing', async () => {
    const h = await home();
    await initStack(base(h));
    const before = await snapshotTree(h);
    const err = await initError(initStack(base(h, { chainType: 'testnet' })));
    expect(err.code).toBe('CHAIN_TYPE_SWITCH');
    expect(err.message).toContain('initialised for mainnet');
    expect(err.message).toContain('--reinit');
    expect(await snapshotTree(h)).toEqual(before);
  });

  it('--reinit switches every component to the new network and keeps every secret', async () => {
    const h = await home();
    await initStack(base(h, { components: ['main', 'sc', 'id'] }));
    const secrets = async () =>
      Object.fromEntries(
        [...(await snapshotTree(h)).entries()]
          .filter(([rel]) => rel.endsWith('.txt') || rel.includes('keystore/UTC'))
          .map(([rel, e]) => [rel, e.content]),
      );
    const mainBefore = await readJson(path.join(h, 'node/main/config.json'));
    const before = await secrets();
    const result = await initStack(base(h, { chainType: 'testnet', components: ['sc'], reinit: true }));
    expect(result.initialised).toEqual(['main', 'sc', 'id']); // everything initialised follows the switch
    expect(await secrets()).toEqual(before);
    const mainAfter = await readJson(path.join(h, 'node/main/config.json'));
    expect(mainAfter.Configuration.HttpJsonPort).toBe(21336);
    expect(mainAfter.Configuration.RpcConfiguration).toEqual(mainBefore.Configuration.RpcConfiguration);
    expect((await readJson(path.join(h, '.config/elastos/node.json')))['chain-type']).toBe('testnet');
    expect((await readJson(path.join(h, 'node/id/launch.json'))).args).toContain('--testnet');
  });

  it('never overwrites an existing secret', async () => {
    const h = await home();
    await fs.mkdir(path.join(h, '.config/elastos'), { recursive: true, mode: 0o700 });
    await fs.writeFile(path.join(h, '.config/elastos/main.txt'), 'operator-chosen-Passw0rd!\n', {
      mode: 0o600,
    });
    const result = await initStack(base(h, { components: ['main'] }));
    expect(result.files.find((f) => f.path.endsWith('main.txt'))?.action).toBe('kept');
    expect(await fs.readFile(path.join(h, '.config/elastos/main.txt'), 'utf8')).toBe(
      'operator-chosen-Passw0rd!\n',
    );
  });

  it('refuses a keystore whose password file is missing', async () => {
    const h = await home();
    await initStack(base(h, { components: ['sc'] }));
    await fs.rm(path.join(h, '.config/elastos/sc.txt'));
    const err = await initError(initStack(base(h, { components: ['sc'], reinit: true })));
    expect(err.code).toBe('KEYSTORE_WITHOUT_PASSWORD');
    expect(err.message).toContain('~/.config/elastos/sc.txt');
  });

  it('the arbiter needs main, sc and id initialised first', async () => {
    const h = await home();
    const err = await initError(initStack(base(h, { components: ['arbiter'] })));
    expect(err.code).toBe('PREREQUISITE_MISSING');
    expect(err.message).toContain('missing: main, sc, id');
    await initStack(base(h, { components: ['main', 'sc'] }));
    const still = await initError(initStack(base(h, { components: ['arbiter'] })));
    expect(still.message).toContain('missing: id');
    await initStack(base(h, { components: ['id'] }));
    const ok = await initStack(base(h, { components: ['arbiter'] }));
    expect(ok.initialised).toEqual(['arbiter']);
  });

  it('copies an existing main keystore.dat next to the arbiter', async () => {
    const h = await home();
    await initStack(base(h, { components: ['main', 'sc', 'id'] }));
    await fs.writeFile(path.join(h, 'node/main/keystore.dat'), '{"fake":"ela keystore"}', { mode: 0o600 });
    await initStack(base(h, { components: ['arbiter'] }));
    expect(await fs.readFile(path.join(h, 'node/arbiter/keystore.dat'), 'utf8')).toBe(
      '{"fake":"ela keystore"}',
    );
    expect((await fs.stat(path.join(h, 'node/arbiter/keystore.dat'))).mode & 0o777).toBe(0o600);
  });

  it('needs a chain type on the first init', async () => {
    const err = await initError(initStack({ home: await home() }));
    expect(err.code).toBe('CHAIN_TYPE_REQUIRED');
  });

  it('creates geth keystores that open with the password file, for the --unlock account', async () => {
    const h = await home();
    await initStack(base(h, { components: ['sc'], profile: 'spec' }));
    const password = (await fs.readFile(path.join(h, '.config/elastos/sc.txt'), 'utf8')).trim();
    const dir = path.join(h, 'node/sc/data/keystore');
    const [file] = await fs.readdir(dir);
    const account = await decryptKeystoreJson(await fs.readFile(path.join(dir, file!), 'utf8'), password);
    const launch = await readJson(path.join(h, 'node/sc/launch.json'));
    expect(launch.args[launch.args.indexOf('--unlock') + 1]).toBe(account.address);
    expect(launch.settings.account).toBe(account.address);
    expect(file).toContain(account.address.slice(2).toLowerCase());
  });

  it('rpc mode writes no keystore and no password', async () => {
    const h = await home();
    await initStack(base(h, { components: ['id'], sidechainMode: 'rpc' }));
    const tree = await snapshotTree(h);
    expect(tree.has('.config/elastos/id.txt')).toBe(false);
    expect([...tree.keys()].some((k) => k.includes('keystore'))).toBe(false);
    expect((await readJson(path.join(h, 'node/id/launch.json'))).args).toContain('--lightserv');
  });

  it('--third none leaves the third sidechain out of init and the arbiter', async () => {
    const h = await home();
    const r = await initStack(base(h, { third: 'none' }));
    expect(r.initialised).not.toContain('third');
    const arbiter = await readJson(path.join(h, 'node/arbiter/config.json'));
    expect(arbiter.Configuration.SideNodeList.map((e: { Name: string }) => e.Name)).toEqual(['ESC', 'EID']);
  });

  it('node.sh layout writes node.sh names', async () => {
    const h = await home();
    await initStack(base(h, { layoutKind: 'node.sh', components: ['main', 'sc', 'third'] }));
    const tree = await snapshotTree(h);
    for (const rel of [
      '.config/elastos/ela.txt',
      '.config/elastos/esc.txt',
      '.config/elastos/pg.txt',
      'node/ela/config.json',
      'node/esc/launch.json',
      'node/pg/launch.json',
    ]) {
      expect(tree.has(rel), rel).toBe(true);
    }
    expect((await readJson(path.join(h, 'node/esc/launch.json'))).args).toContain(
      path.join(h, '.config/elastos/ela.txt'),
    );
  });

  it('creates a missing home directory, private', async () => {
    const parent = await home();
    const h = path.join(parent, 'srv', 'elastos');
    await initStack(base(h, { components: ['main'] }));
    expect((await fs.stat(h)).mode & 0o777).toBe(0o700);
    expect((await readJson(path.join(h, 'node/main/config.json'))).Configuration.HttpJsonPort).toBe(20336);
  });

  it('--dry-run plans without writing', async () => {
    const h = await home();
    const r = await initStack(base(h, { dryRun: true }));
    expect(r.files.filter((f) => f.action === 'created').length).toBeGreaterThan(10);
    expect(await fs.readdir(h)).toEqual([]);
  });
});

describe('public IP', () => {
  it('prefers a public address of a local interface, falls back to a private one', () => {
    const lo = { address: '127.0.0.1', family: 'IPv4', internal: true } as const;
    const priv = { address: '10.0.0.5', family: 'IPv4', internal: false } as const;
    const pub = { address: '198.51.99.7', family: 'IPv4', internal: false } as const;
    const mk = (x: object) => ({ netmask: '', mac: '', cidr: null, ...x }) as never;
    expect(detectPublicIp({ lo: [mk(lo)], eth0: [mk(priv)], eth1: [mk(pub)] })).toEqual({
      address: '198.51.99.7',
      isPublic: true,
      interfaceName: 'eth1',
    });
    expect(detectPublicIp({ lo: [mk(lo)], eth0: [mk(priv)] })).toEqual({
      address: '10.0.0.5',
      isPublic: false,
      interfaceName: 'eth0',
    });
    expect(detectPublicIp({ lo: [mk(lo)] })).toBeNull();
    expect(isPublicIPv4('172.20.1.1')).toBe(false);
    expect(isPublicIPv4('8.8.8.8')).toBe(true);
  });

  it('init uses the interface address, or says to pass --public-ip', async () => {
    const h = await home();
    const mk = (address: string) =>
      [{ address, family: 'IPv4', internal: false, netmask: '', mac: '', cidr: null }] as never;
    const r = await initStack({
      home: h,
      chainType: 'mainnet',
      components: ['main'],
      networkInterfaces: { eth0: mk('192.0.1.44') },
    });
    expect(r.publicIp).toEqual({ address: '192.0.1.44', source: 'interface', isPublic: true });
    const h2 = await home();
    const err = await initError(
      initStack({ home: h2, chainType: 'mainnet', components: ['main'], networkInterfaces: {} }),
    );
    expect(err.code).toBe('PUBLIC_IP_UNKNOWN');
    expect(err.message).toContain('--public-ip');
    const bad = await initError(
      initStack({ home: h2, chainType: 'mainnet', components: ['main'], publicIp: 'example.com' }),
    );
    expect(bad.code).toBe('INVALID_OPTION');
  });

  it('warns about an interface address that is not public, stores it unconfirmed, and keeps that on --reinit', async () => {
    const h = await home();
    const eth0 = { eth0: [{ address: '10.1.2.3', family: 'IPv4', internal: false }] as never };
    const first = await initStack({ ...base(h), publicIp: undefined, networkInterfaces: eth0 });
    expect(first.publicIp).toEqual({ address: '10.1.2.3', source: 'interface', isPublic: false });
    expect(first.warnings.join('\n')).toContain(
      'public IP 10.1.2.3 (from a network interface) is not a public address',
    );
    expect((await readJson(path.join(h, 'node/sc/launch.json'))).settings).toMatchObject({
      publicIp: '10.1.2.3',
      publicIpConfirmed: false,
    });
    const again = await initStack({ ...base(h), publicIp: undefined, reinit: true });
    expect(again.publicIp).toEqual({ address: '10.1.2.3', source: 'existing', isPublic: false });
    expect(again.warnings.join('\n')).toContain('not a public address');
    // The operator's word settles it.
    const given = await initStack(base(h, { publicIp: '10.1.2.3', reinit: true }));
    expect(given.warnings).toEqual([]);
    expect((await readJson(path.join(h, 'node/id/launch.json'))).settings.publicIpConfirmed).toBe(true);
  });
});

describe('sidechain settings', () => {
  const launchOf = async (h: string, c: string) => readJson(path.join(h, `node/${c}/launch.json`));
  const rpcapi = (launch: { args: string[] }) => launch.args[launch.args.indexOf('--rpcapi') + 1];

  it('default init: the hardened profile on every sidechain, nothing exposed, no warnings', async () => {
    const h = await home();
    const r = await initStack(base(h));
    expect(r.warnings).toEqual([]);
    for (const c of ['sc', 'id', 'third']) {
      const launch = await launchOf(h, c);
      expect(launch.settings).toMatchObject({
        chainType: 'mainnet',
        mode: 'mining',
        profile: 'hardened',
        rpcApiExtra: [],
        pinPorts: false,
        frozenAccounts: [],
      });
      expect(launch.args).not.toContain('0.0.0.0');
      expect(launch.args).not.toContain('--unlock');
    }
  });

  it('--profile spec writes the spec flags and says what they expose', async () => {
    const h = await home();
    const r = await initStack(base(h, { components: ['main', 'sc'], profile: 'spec' }));
    expect((await launchOf(h, 'sc')).args).toContain('--unlock');
    expect(r.warnings).toHaveLength(1);
    expect(r.warnings[0]).toMatch(
      /^sc: RPC bound to 0\.0\.0\.0 with "personal" enabled and account 0x[0-9a-fA-F]{40} unlocked/,
    );
    expect(r.warnings[0]).toContain('--profile spec');
  });

  it('extra modules go only to the chains they name', async () => {
    const h = await home();
    await initStack(base(h, { extraRpcApi: { id: ['did'] } }));
    expect(rpcapi(await launchOf(h, 'id'))).toBe('eth,net,pbft,txpool,web3,did');
    expect(rpcapi(await launchOf(h, 'sc'))).toBe('eth,net,pbft,txpool,web3');
    expect(rpcapi(await launchOf(h, 'third'))).toBe('eth,net,pbft,txpool,web3');
    const err = await initError(initStack(base(h, { components: ['main'], extraRpcApi: { id: ['did'] } })));
    expect(err.code).toBe('INVALID_OPTION');
    expect(err.message).toBe(
      '--rpcapi-extra names id, which this init does not include: run cella-stack init id --reinit --rpcapi-extra id=…',
    );
  });

  it('--reinit keeps the stored settings; a change without --reinit is refused, not ignored', async () => {
    const h = await home();
    const frozen = '0x1111111111111111111111111111111111111111';
    await initStack(
      base(h, { extraRpcApi: { id: ['did'] }, pinPorts: true, frozenAccounts: { sc: [frozen] } }),
    );
    const before = await snapshotTree(h);
    const again = await initStack(base(h, { reinit: true }));
    expect(again.files.filter((f) => f.path.endsWith('launch.json')).map((f) => f.action)).toEqual(
      Array(5).fill('unchanged'),
    );
    expect(await snapshotTree(h)).toEqual(before);
    expect((await launchOf(h, 'sc')).args.join(' ')).toContain(
      `--frozen.account.list ${frozen} --port 20638`,
    );

    const err = await initError(initStack(base(h, { profile: 'spec', extraRpcApi: { sc: ['debug'] } })));
    expect(err.code).toBe('SETTINGS_NEED_REINIT');
    expect(err.message).toBe(
      'sc is already initialised with other settings; rewriting its launch line needs --reinit (secrets are kept): ' +
        'cella-stack init sc --reinit --profile spec --rpcapi-extra sc=debug',
    );
    expect(await snapshotTree(h)).toEqual(before);

    await initStack(base(h, { components: ['sc'], reinit: true, profile: 'spec' }));
    expect((await launchOf(h, 'sc')).settings).toMatchObject({
      profile: 'spec',
      pinPorts: true,
      frozenAccounts: [frozen],
    });
    expect((await launchOf(h, 'id')).settings).toMatchObject({ profile: 'hardened', rpcApiExtra: ['did'] });
  });
});
