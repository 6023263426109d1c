// `flags` prints the launch line init wrote: after every init variant it equals the sidechain's
// launch.json; it ignores a later edit of node.json; its options give a preview that says so;
// it warns about the spec profile and an address that is not public. `config diff` respects the
// stored settings. (In process, for the many commands; cli-init-doctor.test.ts spawns the CLI.)
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { shellJoin } from '@cella/chain';
import { afterAll, describe, expect, it } from 'vitest';
import { cli } from './helpers/in-process.js';

const homes: string[] = [];
afterAll(async () => {
  for (const h of homes) await fs.rm(h, { recursive: true, force: true });
});

async function newHome(): Promise<string> {
  const h = await fs.mkdtemp(path.join(os.tmpdir(), 'cella-stack-flags-'));
  homes.push(h);
  return h;
}

async function launchLine(home: string, dir: string): Promise<string> {
  const launch = JSON.parse(await fs.readFile(path.join(home, 'node', dir, 'launch.json'), 'utf8'));
  return shellJoin([launch.command, ...launch.args]);
}

async function init(home: string, ...args: string[]): Promise<void> {
  const r = await cli(['--home', home, 'init', '--light-kdf', ...args]);
  expect(r.code, r.stderr).toBe(0);
}

/** flags of every sidechain equals its launch.json; config diff finds nothing; returns stderr. */
async function expectFlagsMatch(home: string, dirs: Record<string, string>): Promise<string> {
  let stderr = '';
  for (const [s, dir] of Object.entries(dirs)) {
    const r = await cli(['--home', home, 'flags', s]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout, `${s} after init`).toBe(`${await launchLine(home, dir)}\n`);
    stderr += r.stderr;
  }
  const diff = await cli(['--home', home, 'config', 'diff']);
  expect(diff.stdout).toMatch(/^no differences from the (mainnet|testnet) defaults\n$/);
  expect(diff.code).toBe(0);
  return stderr;
}

const SPEC = { sc: 'sc', id: 'id', third: 'third' };
const IP = ['--public-ip', '203.0.113.50'];

describe('flags equals launch.json after every init variant', () => {
  it.each([
    ['default (hardened)', ['--chain-type', 'mainnet', ...IP]],
    ['--profile spec', ['--chain-type', 'mainnet', ...IP, '--profile', 'spec']],
    ['--mode rpc', ['--chain-type', 'mainnet', ...IP, '--mode', 'rpc']],
    [
      'did on id, pinned ports',
      ['--chain-type', 'mainnet', ...IP, '--rpcapi-extra', 'id=did', '--pin-ports'],
    ],
    [
      'testnet, frozen accounts, spec',
      ['--chain-type', 'testnet', ...IP, '--profile', 'spec', '--frozen-accounts', `sc=0x${'ab'.repeat(20)}`],
    ],
    ['ECO as third', ['--chain-type', 'mainnet', ...IP, '--third', 'ECO']],
  ])('%s', async (_name, args) => {
    const home = await newHome();
    await init(home, ...args);
    const stderr = await expectFlagsMatch(home, SPEC);
    if (args.includes('spec') && !args.includes('rpc')) {
      expect(stderr).toContain('warning: sc: RPC bound to 0.0.0.0 with "personal" enabled and account 0x');
      expect(stderr).toContain("the specification's launch flags");
    } else {
      expect(stderr).toBe('');
    }
  });

  it('the node.sh layout', async () => {
    const home = await newHome();
    await init(home, '--layout', 'node.sh', '--chain-type', 'mainnet', ...IP, '--rpcapi-extra', 'eid=did');
    await expectFlagsMatch(home, { esc: 'esc', eid: 'eid', pg: 'pg' });
    expect(await launchLine(home, 'eid')).toContain('--rpcapi eth,net,pbft,txpool,web3,did');
    expect(await launchLine(home, 'esc')).toContain('--rpcapi eth,net,pbft,txpool,web3 ');
  });

  it('a sequence of reinits: settings kept, changed per chain, network switched', async () => {
    const home = await newHome();
    await init(home, '--chain-type', 'mainnet', ...IP, '--rpcapi-extra', 'id=did', '--pin-ports');
    await expectFlagsMatch(home, SPEC);
    await init(home, 'sc', '--reinit', '--profile', 'spec');
    await expectFlagsMatch(home, SPEC);
    await init(home, '--reinit');
    await expectFlagsMatch(home, SPEC);
    expect(await launchLine(home, 'id')).toContain('web3,did --syncmode');
    expect(await launchLine(home, 'sc')).toContain('--rpcaddr 0.0.0.0');
    expect(await launchLine(home, 'third')).toContain('--port 20678 --rpcport 20676 --wsport 20672');
    await init(home, '--chain-type', 'testnet', '--reinit');
    await expectFlagsMatch(home, SPEC);
    expect(await launchLine(home, 'id')).toMatch(/^\.\/eid --testnet .*web3,did .*--port 21648/);
    await init(home, 'id', '--reinit', '--rpcapi-extra', 'id=', '--no-pin-ports');
    await expectFlagsMatch(home, SPEC);
    expect(await launchLine(home, 'id')).not.toMatch(/did|--port /);
  });
});

describe('flags and the settings init stored', () => {
  it('hand-editing node.json changes nothing until reinit', async () => {
    const home = await newHome();
    await init(home, '--chain-type', 'mainnet', ...IP);
    const before = await launchLine(home, 'sc');
    await fs.writeFile(path.join(home, '.config/elastos/node.json'), '{\n    "chain-type": "testnet"\n}\n');
    const r = await cli(['--home', home, 'flags', 'sc']);
    expect(r.stdout).toBe(`${before}\n`);
    expect(r.stdout).not.toContain('--testnet');
    expect((await cli(['--home', home, 'config', 'validate'])).stdout).toContain(
      'but node.json says testnet',
    );
  });

  it('options that differ from the stored settings print a preview and say how to make it real', async () => {
    const home = await newHome();
    await init(home, '--chain-type', 'mainnet', ...IP);
    const same = await cli(['--home', home, 'flags', 'sc', '--mode', 'mining', '--hardened']);
    expect(same).toEqual({ code: 0, stdout: `${await launchLine(home, 'sc')}\n`, stderr: '' });
    const spec = await cli(['--home', home, 'flags', 'sc', '--profile', 'spec']);
    expect(spec.stdout).toMatch(/--rpcaddr 0\.0\.0\.0 .*personal.* --unlock 0x[0-9a-fA-F]{40} /);
    expect(spec.stderr.split('\n')[0]).toBe(
      'preview, not what ~/node/sc/launch.json runs: profile hardened → spec (cella-stack init sc --reinit --profile spec writes it)',
    );
    expect(spec.stderr).toContain('warning: sc: RPC bound to 0.0.0.0');
    const net = await cli(['--home', home, 'flags', 'id', '--chain-type', 'testnet']);
    expect(net.stdout).toMatch(/^\.\/eid --testnet /);
    expect(net.stderr).toContain('cella-stack init --chain-type testnet --reinit switches the whole stack');
  });

  it('before init: a preview of what init would write (hardened)', async () => {
    const home = await newHome();
    const r = await cli(['--home', home, 'flags', 'sc', '--chain-type', 'mainnet', ...IP]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('--rpcaddr 127.0.0.1');
    expect(r.stdout).toContain('--pbft.net.address 203.0.113.50');
    expect(r.stderr).toContain(
      'preview: ~/node/sc/launch.json does not exist yet (cella-stack init sc writes it)',
    );
    const none = await cli(['--home', home, 'flags', 'sc']);
    expect(none.code).toBe(2);
  });

  it('warns when --pbft.net.address came from an interface and is not public', async () => {
    const home = await newHome();
    await init(home, '--chain-type', 'mainnet', ...IP);
    // As init stores it on a host whose only address is private (init-behaviour.test.ts covers init).
    const file = path.join(home, 'node/sc/launch.json');
    const launch = JSON.parse(await fs.readFile(file, 'utf8'));
    launch.args[launch.args.indexOf('--pbft.net.address') + 1] = '10.0.0.7';
    Object.assign(launch.settings, { publicIp: '10.0.0.7', publicIpConfirmed: false });
    await fs.writeFile(file, JSON.stringify(launch, null, 2));
    const r = await cli(['--home', home, 'flags', 'sc']);
    expect(r.stdout).toContain('--pbft.net.address 10.0.0.7');
    expect(r.stderr).toBe(
      'warning: sc: --pbft.net.address 10.0.0.7 came from a network interface and is not a public address, so PBFT peers cannot reach it: cella-stack init --reinit --public-ip <address>\n',
    );
    const doctor = await cli(['--home', home, 'doctor', '--json']);
    expect(JSON.parse(doctor.stdout).findings.map((f: { check: string }) => f.check)).toContain(
      'public-ip-not-public',
    );
  });

  it('a launch.json edited by hand is printed as it runs, with a note', async () => {
    const home = await newHome();
    await init(home, '--chain-type', 'mainnet', ...IP);
    const file = path.join(home, 'node/id/launch.json');
    const launch = JSON.parse(await fs.readFile(file, 'utf8'));
    launch.args[launch.args.indexOf('--rpcapi') + 1] = 'eth,net,web3,personal';
    launch.args[launch.args.indexOf('--rpcaddr') + 1] = '0.0.0.0';
    await fs.writeFile(file, JSON.stringify(launch, null, 2));
    const r = await cli(['--home', home, 'flags', 'id', '--json']);
    const out = JSON.parse(r.stdout);
    expect(out.args).toEqual(launch.args);
    expect(out.preview).toBe(false);
    expect(out.notes).toEqual([
      '~/node/id/launch.json was edited after init and differs from the settings it was written with (cella-stack config diff lists how); printed as it runs',
    ]);
    expect(out.warnings).toEqual([
      'id: RPC bound to 0.0.0.0 with "personal" enabled: anyone who reaches the port can use them',
    ]);
  });

  it('--rpcapi-extra names its chain; options a command does not take are refused', async () => {
    const home = await newHome();
    const bare = await cli(['--home', home, 'init', '--chain-type', 'mainnet', '--rpcapi-extra', 'did']);
    expect(bare.code).toBe(2);
    expect(bare.stderr).toBe(
      'cella-stack: --rpcapi-extra did: name the sidechain it is for, e.g. --rpcapi-extra id=did (it applies to that chain only)\n',
    );
    const foreign = await cli(['--home', home, 'flags', 'sc', '--reinit']);
    expect(foreign.code).toBe(2);
    expect(foreign.stderr).toContain('flags does not take --reinit');
    await init(home, '--chain-type', 'mainnet', ...IP);
    const later = await cli(['--home', home, 'init', '--rpcapi-extra', 'id=did']);
    expect(later.code).toBe(1);
    expect(later.stderr).toBe(
      'cella-stack init: id is already initialised with other settings; rewriting its launch line needs --reinit (secrets are kept): cella-stack init id --reinit --rpcapi-extra id=did\n',
    );
  });
});
