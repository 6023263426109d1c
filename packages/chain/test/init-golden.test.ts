// Golden tests of `init`: for mainnet and testnet every generated file equals the spec's tables
// (asserted field by field below) and the committed golden copy (byte for byte, with a fixed
// seed, clock and public IP). UPDATE_GOLDEN=1 rewrites the golden copies.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  LIGHT_KDF,
  deterministicRandom,
  initStack,
  shellJoin,
  type ChainType,
  type InitStackOptions,
} from '../src/index.js';
import { readJson, snapshotTree, tempHome } from './helpers/tree.js';

const PUBLIC_IP = '203.0.113.10';
const NOW = new Date('2026-01-02T03:04:05.678Z');
const GOLDEN = path.join(import.meta.dirname, 'golden');
const homes: string[] = [];

afterAll(async () => {
  for (const h of homes) await fs.rm(h, { recursive: true, force: true });
});

async function goldenInit(chainType: ChainType, extra: Partial<InitStackOptions> = {}): Promise<string> {
  const home = await tempHome();
  homes.push(home);
  await initStack({
    ...extra,
    home,
    chainType,
    publicIp: PUBLIC_IP,
    random: deterministicRandom(`golden-${chainType}`),
    now: () => NOW,
    kdf: LIGHT_KDF,
  });
  return home;
}

const HEX32 = /^[0-9a-f]{32}$/;

/** Spec §2.2 with the network's ports (testnet ports: reference, the spec leaves them out). */
function expectMainConfig(cfg: any, chainType: ChainType) {
  const c = cfg.Configuration;
  const testnet = chainType === 'testnet';
  expect(c.DPoSConfiguration.EnableArbiter).toBe(true);
  expect(c.DPoSConfiguration.IPAddress).toBe(PUBLIC_IP);
  expect(c.DPoSConfiguration.DPoSPort).toBe(testnet ? 21339 : 20339);
  expect(c.EnableRPC).toBe(true);
  expect(c.RpcConfiguration.User).toMatch(HEX32);
  expect(c.RpcConfiguration.Pass).toMatch(HEX32);
  expect(c.RpcConfiguration.User).not.toBe(c.RpcConfiguration.Pass);
  expect(c.RpcConfiguration.WhiteIPList).toEqual(['127.0.0.1']);
  expect(c.HttpRestPort).toBe(testnet ? 21334 : 20334);
  expect(c.HttpJsonPort).toBe(testnet ? 21336 : 20336);
  expect(c.NodePort).toBe(testnet ? 21338 : 20338);
  expect(c.PrintLevel).toBe(1);
  expect(c.MaxLogsSize).toBe(0);
  expect(c.MaxPerLogSize).toBe(0);
  expect(c.MinCrossChainTxFee).toBe(10000);
  expect(c.PowConfiguration).toEqual({ PayToAddr: '', AutoMining: false, MinerInfo: 'ELA' });
  if (testnet) {
    expect(Object.keys(c).slice(0, 2)).toEqual(['ActiveNet', 'Magic']);
    expect(c.ActiveNet).toBe('testnet');
    expect(c.Magic).toBe(2018101);
  } else {
    expect(c.ActiveNet).toBeUndefined();
    expect(c.Magic).toBeUndefined();
  }
}

/** Spec §2.4, SideNodeList exactly as tabled. */
function expectArbiterConfig(cfg: any, main: any, chainType: ChainType) {
  const c = cfg.Configuration;
  const testnet = chainType === 'testnet';
  expect(c.MainNode.Rpc).toEqual({
    IpAddress: '127.0.0.1',
    HttpJsonPort: testnet ? 21336 : 20336,
    User: main.Configuration.RpcConfiguration.User,
    Pass: main.Configuration.RpcConfiguration.Pass,
  });
  expect(c.SideNodeList).toEqual([
    {
      Name: 'ESC',
      Rpc: { IpAddress: '127.0.0.1', HttpJsonPort: 20632 },
      SyncStartHeight: testnet ? 17058000 : 17886000,
      ExchangeRate: 1,
      SupportQuickRecharge: true,
      SupportInvalidDeposit: true,
      SupportNFT: true,
      PowChain: false,
    },
    {
      Name: 'EID',
      Rpc: { IpAddress: '127.0.0.1', HttpJsonPort: 20642 },
      SyncStartHeight: testnet ? 9230000 : 9611000,
      ExchangeRate: 1,
      SupportQuickRecharge: true,
      SupportInvalidDeposit: true,
      SupportNFT: false,
      PowChain: false,
    },
    { Name: 'PG', Rpc: { IpAddress: '127.0.0.1', HttpJsonPort: 20672 }, SyncStartHeight: 0, ExchangeRate: 1 },
  ]);
  // "The third entry carries only Name, Rpc, SyncStartHeight (0) and ExchangeRate."
  expect(Object.keys(c.SideNodeList[2])).toEqual(['Name', 'Rpc', 'SyncStartHeight', 'ExchangeRate']);
  expect(c.RpcConfiguration.User).toMatch(HEX32);
  expect(c.RpcConfiguration.Pass).toMatch(HEX32);
  expect(c.RpcConfiguration.User).not.toBe(main.Configuration.RpcConfiguration.User);
  expect(c.RpcConfiguration.WhiteIPList).toEqual(['127.0.0.1']);
  expect(c.HttpJsonPort).toBe(testnet ? 21536 : 20536);
  expect(c.HttpRestPort).toBe(testnet ? 21538 : 20538);
  if (testnet) {
    expect(c.ActiveNet).toBe('testnet');
    expect(c.MainNode.Magic).toBe(2018101);
  } else {
    expect(c.ActiveNet).toBeUndefined();
  }
}

describe.each(['mainnet', 'testnet'] as const)('init %s', (chainType) => {
  it('writes every file with the spec defaults', async () => {
    const home = await goldenInit(chainType);
    const cfgDir = path.join(home, '.config/elastos');
    expect(await fs.readFile(path.join(cfgDir, 'node.json'), 'utf8')).toBe(
      `{\n    "chain-type": "${chainType}"\n}\n`,
    );
    const main = await readJson(path.join(home, 'node/main/config.json'));
    expectMainConfig(main, chainType);
    expectArbiterConfig(await readJson(path.join(home, 'node/arbiter/config.json')), main, chainType);
    for (const name of ['main.txt', 'sc.txt', 'id.txt', 'third.txt']) {
      const text = await fs.readFile(path.join(cfgDir, name), 'utf8');
      expect(text).toMatch(/^[A-Za-z0-9+/]{32}\n$/);
    }
    for (const c of ['sc', 'id', 'third']) {
      const launch = await readJson(path.join(home, `node/${c}/launch.json`));
      expect(launch.mode).toBe('mining');
      expect(launch.settings).toMatchObject({ chainType, mode: 'mining', profile: 'hardened' });
      expect(launch.args.includes('--testnet')).toBe(chainType === 'testnet');
    }
    for (const o of ['sc-oracle', 'id-oracle']) {
      expect((await readJson(path.join(home, `node/${o}/launch.json`))).env).toEqual({ env: chainType });
    }
  });

  it('credential files are 600 in 700 directories', async () => {
    const home = await goldenInit(chainType);
    const tree = await snapshotTree(home);
    for (const [rel, entry] of tree) {
      expect(entry.mode, rel).toBe(rel.endsWith('/') ? 0o700 : 0o600);
    }
    expect(tree.has('.config/elastos/main.txt')).toBe(true);
  });

  it('matches the golden files byte for byte', async () => {
    const home = await goldenInit(chainType);
    const tree = await snapshotTree(home);
    const files = [...tree.entries()].filter(([rel]) => !rel.endsWith('/'));
    const dir = path.join(GOLDEN, chainType);
    const normalise = (s: string) => s.split(home).join('/HOME');
    if (process.env.UPDATE_GOLDEN) {
      await fs.rm(dir, { recursive: true, force: true });
      for (const [rel, entry] of files) {
        await fs.mkdir(path.dirname(path.join(dir, rel)), { recursive: true });
        await fs.writeFile(path.join(dir, rel), normalise(entry.content ?? ''));
      }
    }
    const golden = await snapshotTree(dir);
    expect(files.map(([rel]) => rel).sort()).toEqual(
      [...golden.keys()].filter((k) => !k.endsWith('/')).sort(),
    );
    for (const [rel, entry] of files)
      expect(normalise(entry.content ?? ''), rel).toBe(golden.get(rel)?.content);
  });
});

describe('init --profile spec', () => {
  it("writes spec §2.3's mining flags word for word", async () => {
    const home = await goldenInit('testnet', { profile: 'spec' });
    for (const [c, bin, pbft] of [
      ['sc', 'esc', 21639],
      ['id', 'eid', 21649],
    ] as const) {
      const launch = await readJson(path.join(home, `node/${c}/launch.json`));
      expect(launch.settings.profile).toBe('spec');
      expect(shellJoin([launch.command, ...launch.args])).toBe(
        `./${bin} --testnet --allow-insecure-unlock --datadir ${home}/node/${c}/data --mine --miner.threads 1 ` +
          `--password ${home}/.config/elastos/${c}.txt --pbft.keystore ${home}/node/main/keystore.dat ` +
          `--pbft.keystore.password ${home}/.config/elastos/main.txt --pbft.net.address ${PUBLIC_IP} ` +
          `--pbft.net.port ${pbft} --rpc --rpcaddr 0.0.0.0 --rpcapi db,eth,net,pbft,personal,txpool,web3 ` +
          `--syncmode full --unlock ${launch.settings.account} --ws --wsaddr 0.0.0.0 --frozen.account.list ''`,
      );
    }
  });
});
