// Launch lines against spec §2.3's flag lists (the `spec` profile, word for word), the default
// `hardened` profile, and the settings a launch line is rendered from and read back as.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SIDECHAIN_CHOICES,
  NETWORKS,
  inferSidechainSettings,
  launchRisk,
  parseSidechainArgs,
  renderSidechainLaunch,
  shellJoin,
  stackLayout,
  type ChainType,
  type SidechainId,
  type SidechainSettings,
} from '../src/index.js';

const layout = stackLayout('/home/op');
const ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

function settings(over: Partial<SidechainSettings> = {}): SidechainSettings {
  return { ...DEFAULT_SIDECHAIN_CHOICES, chainType: 'mainnet', ...over };
}

function render(sidechain: SidechainId, over: Partial<SidechainSettings> = {}) {
  return renderSidechainLaunch({ layout, sidechain, third: 'PG', settings: settings(over) });
}

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

  it('spec profile, mining mode: exactly the spec flags and values', () => {
    const { command, args } = render(s, {
      chainType,
      profile: 'spec',
      mode: 'mining',
      publicIp: '203.0.113.5',
      account: ADDRESS,
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

  it('spec profile, non-mining (RPC) mode: exactly the spec flags and values', () => {
    const { args } = render(s, { chainType, profile: 'spec', mode: 'rpc' });
    expect(flagNames(args)).toEqual([...prefix, ...SPEC_RPC]);
    const f = parseSidechainArgs(args);
    expect(f.get('lightserv')).toBe('10');
    expect(f.get('rpcapi')).toBe('admin,eth,net,txpool,web3');
    expect(f.get('rpcaddr')).toBe('0.0.0.0');
  });

  it('--pin-ports adds the table ports', () => {
    const { args } = render(s, { chainType, mode: 'rpc', pinPorts: true });
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

describe('the spec profile, golden', () => {
  it("renders spec §2.3's mining line word for word (as node.sh writes it)", () => {
    const { command, args } = render('sc', {
      profile: 'spec',
      publicIp: '203.0.113.5',
      account: ADDRESS,
    });
    // Spec §2.3, "Mining mode (BPoS supernode) uses these flags", in the spec's order, with this
    // home's paths, the table's PBFT port and an empty frozen list.
    expect(shellJoin([command, ...args])).toBe(
      './esc --allow-insecure-unlock --datadir /home/op/node/sc/data --mine --miner.threads 1 ' +
        '--password /home/op/.config/elastos/sc.txt --pbft.keystore /home/op/node/main/keystore.dat ' +
        '--pbft.keystore.password /home/op/.config/elastos/main.txt --pbft.net.address 203.0.113.5 ' +
        '--pbft.net.port 20639 --rpc --rpcaddr 0.0.0.0 --rpcapi db,eth,net,pbft,personal,txpool,web3 ' +
        `--syncmode full --unlock ${ADDRESS} --ws --wsaddr 0.0.0.0 --frozen.account.list ''`,
    );
    expect(launchRisk(args)).toMatchObject({ check: 'rpc-exposed-unlocked', severity: 'error' });
    expect(launchRisk(args)?.message).toContain(`account ${ADDRESS} unlocked`);
  });

  it("renders spec §2.3's RPC-node line word for word", () => {
    const { command, args } = render('id', { profile: 'spec', mode: 'rpc' });
    expect(shellJoin([command, ...args])).toBe(
      './eid --datadir /home/op/node/id/data --lightserv 10 --rpc --rpcaddr 0.0.0.0 ' +
        '--rpcapi admin,eth,net,txpool,web3 --ws --wsaddr 0.0.0.0',
    );
    expect(launchRisk(args)).toMatchObject({ check: 'rpc-exposed-admin', severity: 'warning' });
  });
});

describe('an unlocked account behind an exposed RPC (issue 27)', () => {
  const base = ['--datadir', '/d', '--mine', '--unlock', ADDRESS, '--allow-insecure-unlock'];

  it('is an error without "personal": eth_sendTransaction (in "eth") spends from it', () => {
    const args = [...base, '--rpc', '--rpcaddr', '0.0.0.0', '--rpcapi', 'eth,net,web3'];
    expect(launchRisk(args)).toMatchObject({ check: 'rpc-exposed-unlocked', severity: 'error' });
    expect(launchRisk(args)?.message).toBe(
      `RPC bound to 0.0.0.0 with "eth" (eth_sendTransaction signs with unlocked accounts) enabled and account ${ADDRESS} unlocked: anyone who reaches the port can send transactions from it`,
    );
    // geth's default modules (no --rpcapi) include eth.
    expect(launchRisk([...base, '--rpc', '--rpcaddr', '0.0.0.0'])?.severity).toBe('error');
  });

  it('is an error on the WebSocket too: --wsaddr 0.0.0.0 without --wsapi serves eth', () => {
    const args = [
      ...base,
      '--rpc',
      '--rpcaddr',
      '127.0.0.1',
      '--rpcapi',
      'eth',
      '--ws',
      '--wsaddr',
      '0.0.0.0',
    ];
    expect(launchRisk(args)).toMatchObject({ check: 'rpc-exposed-unlocked', severity: 'error' });
    expect(launchRisk(args)?.message).toContain('RPC bound to 0.0.0.0 with "eth"');
    // A WebSocket list without eth exposes nothing to spend with.
    expect(launchRisk([...args, '--wsapi', 'net,web3'])).toBeUndefined();
  });

  it('is no risk on loopback, nor with nothing unlocked', () => {
    expect(
      launchRisk([...base, '--rpc', '--rpcaddr', '127.0.0.1', '--ws', '--wsaddr', 'localhost']),
    ).toBeUndefined();
    expect(
      launchRisk(['--datadir', '/d', '--rpc', '--rpcaddr', '0.0.0.0', '--ws', '--wsaddr', '0.0.0.0']),
    ).toBeUndefined();
  });
});

describe('the hardened profile (the default) and extra modules', () => {
  it('is the default: loopback, no personal, nothing unlocked, nothing exposed', () => {
    expect(DEFAULT_SIDECHAIN_CHOICES.profile).toBe('hardened');
    const { args } = render('sc', { publicIp: '203.0.113.5', account: ADDRESS });
    const f = parseSidechainArgs(args);
    expect(f.get('rpcaddr')).toBe('127.0.0.1');
    expect(f.get('wsaddr')).toBe('127.0.0.1');
    expect(f.get('rpcapi')).toBe('eth,net,pbft,txpool,web3');
    expect(f.has('unlock') || f.has('allow-insecure-unlock')).toBe(false);
    expect(launchRisk(args)).toBeUndefined();
    expect(launchRisk(render('sc', { mode: 'rpc' }).args)).toBeUndefined();
  });

  it('adds extra modules after the profile ones', () => {
    const { args } = render('id', { publicIp: '203.0.113.5', rpcApiExtra: ['did'] });
    expect(parseSidechainArgs(args).get('rpcapi')).toBe('eth,net,pbft,txpool,web3,did');
  });

  it('stores the settings it renders from, and a bare command line reads back as the same settings', () => {
    const variants: Partial<SidechainSettings>[] = [
      {},
      { profile: 'spec' },
      { mode: 'rpc' },
      { mode: 'rpc', profile: 'spec', pinPorts: true },
      { chainType: 'testnet', rpcApiExtra: ['did', 'debug'], pinPorts: true },
      { profile: 'spec', frozenAccounts: [ADDRESS, '0x1111111111111111111111111111111111111111'] },
    ];
    for (const v of variants) {
      const mining = (v.mode ?? 'mining') === 'mining';
      const full = settings({
        ...v,
        ...(mining ? { publicIp: '198.18.0.1', publicIpConfirmed: false, account: ADDRESS } : {}),
      });
      const launch = render('id', full);
      expect(launch.settings).toEqual(full);
      const read = inferSidechainSettings({ args: launch.args, mode: launch.mode });
      // The hardened line has no --unlock: the account is only in the stored settings.
      const { account, ...rest } = full;
      expect(read, JSON.stringify(v)).toEqual(
        full.profile === 'hardened' || !mining ? rest : { ...rest, account },
      );
    }
  });

  it('prints a pasteable command line', () => {
    expect(shellJoin(['./esc', '--frozen.account.list', '', '--x', "it's"])).toBe(
      `./esc --frozen.account.list '' --x 'it'\\''s'`,
    );
  });
});
