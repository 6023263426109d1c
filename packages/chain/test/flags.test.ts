// `flags` output against spec §2.3's flag lists, with ports from the network table.
import { describe, expect, it } from 'vitest';
import {
  NETWORKS,
  parseSidechainArgs,
  renderSidechainLaunch,
  shellJoin,
  stackLayout,
  type ChainType,
} from '../src/index.js';

const layout = stackLayout('/home/op');
const ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

/** The flag names of a rendered command line, in order (values dropped). */
function flagNames(args: string[]): string[] {
  return args.filter((a) => a.startsWith('--'));
}

const SPEC_MINING = [
  '--allow-insecure-unlock',
  '--datadir',
  '--mine',
  '--miner.threads',
  '--password',
  '--pbft.keystore',
  '--pbft.keystore.password',
  '--pbft.net.address',
  '--pbft.net.port',
  '--rpc',
  '--rpcaddr',
  '--rpcapi',
  '--syncmode',
  '--unlock',
  '--ws',
  '--wsaddr',
  '--frozen.account.list',
];
const SPEC_RPC = ['--datadir', '--lightserv', '--rpc', '--rpcaddr', '--rpcapi', '--ws', '--wsaddr'];

describe.each([
  ['mainnet', 'sc'],
  ['mainnet', 'id'],
  ['testnet', 'sc'],
  ['testnet', 'id'],
] as const)('%s %s', (chainType: ChainType, s) => {
  const side = s === 'sc' ? NETWORKS[chainType].smartContract : NETWORKS[chainType].identity;
  const prefix = chainType === 'testnet' ? ['--testnet'] : [];

  it('mining mode: exactly the spec flags and values', () => {
    const { command, args } = renderSidechainLaunch({
      layout,
      sidechain: s,
      chainType,
      third: 'PG',
      mode: 'mining',
      publicIp: '203.0.113.5',
      unlock: ADDRESS,
      frozenAccounts: [
        '0x1111111111111111111111111111111111111111',
        '0x2222222222222222222222222222222222222222',
      ],
    });
    expect(command).toBe(s === 'sc' ? './esc' : './eid');
    expect(flagNames(args)).toEqual([...prefix, ...SPEC_MINING]);
    const f = parseSidechainArgs(args);
    expect(f.get('miner.threads')).toBe('1');
    expect(f.get('rpcaddr')).toBe('0.0.0.0');
    expect(f.get('wsaddr')).toBe('0.0.0.0');
    expect(f.get('rpcapi')).toBe('db,eth,net,pbft,personal,txpool,web3');
    expect(f.get('syncmode')).toBe('full');
    expect(f.get('unlock')).toBe(ADDRESS);
    expect(f.get('pbft.net.address')).toBe('203.0.113.5');
    expect(f.get('pbft.net.port')).toBe(String(side.pbftPort));
    expect(f.get('datadir')).toBe(`/home/op/node/${s}/data`);
    expect(f.get('password')).toBe(`/home/op/.config/elastos/${s}.txt`);
    expect(f.get('pbft.keystore')).toBe('/home/op/node/main/keystore.dat');
    expect(f.get('pbft.keystore.password')).toBe('/home/op/.config/elastos/main.txt');
    expect(f.get('frozen.account.list')).toBe(
      '0x1111111111111111111111111111111111111111,0x2222222222222222222222222222222222222222',
    );
  });

  it('non-mining (RPC) mode: exactly the spec flags and values', () => {
    const { args } = renderSidechainLaunch({ layout, sidechain: s, chainType, third: 'PG', mode: 'rpc' });
    expect(flagNames(args)).toEqual([...prefix, ...SPEC_RPC]);
    const f = parseSidechainArgs(args);
    expect(f.get('lightserv')).toBe('10');
    expect(f.get('rpcapi')).toBe('admin,eth,net,txpool,web3');
    expect(f.get('rpcaddr')).toBe('0.0.0.0');
  });

  it('--pin-ports adds the table ports', () => {
    const { args } = renderSidechainLaunch({
      layout,
      sidechain: s,
      chainType,
      third: 'PG',
      mode: 'rpc',
      pinPorts: true,
    });
    const f = parseSidechainArgs(args);
    expect([f.get('port'), f.get('rpcport'), f.get('wsport')]).toEqual([
      String(side.p2pPort),
      String(side.rpcPort),
      String(side.wsPort),
    ]);
  });
});

describe('network table', () => {
  it('holds spec §2.3 chain IDs and ports', () => {
    const row = (c: ChainType, k: 'smartContract' | 'identity') => {
      const x = NETWORKS[c][k];
      return [x.chainId, x.rpcPort, x.wsPort, x.p2pPort, x.pbftPort];
    };
    expect(row('mainnet', 'smartContract')).toEqual([20, 20636, 20632, 20638, 20639]);
    expect(row('testnet', 'smartContract')).toEqual([21, 21636, 21632, 21638, 21639]);
    expect(row('mainnet', 'identity')).toEqual([22, 20646, 20642, 20648, 20649]);
    expect(row('testnet', 'identity')).toEqual([23, 21646, 21642, 21648, 21649]);
    expect(NETWORKS.mainnet.mainChain).toMatchObject({
      httpRestPort: 20334,
      httpJsonPort: 20336,
      nodePort: 20338,
      dposPort: 20339,
    });
    expect(NETWORKS.testnet.mainChain).toMatchObject({
      httpRestPort: 21334,
      httpJsonPort: 21336,
      nodePort: 21338,
      dposPort: 21339,
      magic: 2018101,
    });
  });
});

describe('hardened and extra modules', () => {
  it('--hardened binds loopback and drops personal, --unlock and --allow-insecure-unlock', () => {
    const { args } = renderSidechainLaunch({
      layout,
      sidechain: 'id',
      chainType: 'mainnet',
      third: 'PG',
      mode: 'mining',
      publicIp: '203.0.113.5',
      hardened: true,
      extraRpcApi: ['did'],
    });
    const f = parseSidechainArgs(args);
    expect(f.get('rpcaddr')).toBe('127.0.0.1');
    expect(f.get('rpcapi')).toBe('eth,net,pbft,txpool,web3,did');
    expect(f.has('unlock') || f.has('allow-insecure-unlock')).toBe(false);
  });

  it('prints a pasteable command line', () => {
    expect(shellJoin(['./esc', '--frozen.account.list', '', '--x', "it's"])).toBe(
      `./esc --frozen.account.list '' --x 'it'\\''s'`,
    );
  });
});
