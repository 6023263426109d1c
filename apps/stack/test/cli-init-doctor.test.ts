// cella-stack init, flags, config and doctor, run as a user would (the bin in a child process).
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './helpers/run-cli.js';

const homes: string[] = [];
afterAll(async () => {
  for (const h of homes) await fs.rm(h, { recursive: true, force: true });
});

async function newHome(): Promise<string> {
  const h = await fs.mkdtemp(path.join(os.tmpdir(), 'cella-stack-cli-'));
  homes.push(h);
  return h;
}

async function editJson(file: string, edit: (c: any) => void): Promise<void> {
  const cfg = JSON.parse(await fs.readFile(file, 'utf8'));
  edit(cfg);
  await fs.writeFile(file, JSON.stringify(cfg, null, 2));
}

describe('init from the command line', () => {
  it('initialises, is idempotent, refuses a chain-type switch in one line', async () => {
    const home = await newHome();
    const first = await runCli([
      '--home',
      home,
      'init',
      '--chain-type',
      'testnet',
      '--public-ip',
      '203.0.113.40',
      '--light-kdf',
    ]);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain('created   ~/node/main/config.json');
    expect(first.stdout).toContain('initialised: main, sc, sc-oracle, id, id-oracle, third, arbiter');
    const second = await runCli(['--home', home, 'init', '--light-kdf']);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain(
      'already initialised, left unchanged: main, sc, sc-oracle, id, id-oracle, third, arbiter',
    );
    const refused = await runCli(['--home', home, 'init', '--chain-type', 'mainnet']);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim().split('\n')).toEqual([
      'cella-stack init: this stack is initialised for testnet (~/.config/elastos/node.json); switching to mainnet needs every component reinitialised: run cella-stack init --chain-type mainnet --reinit',
    ]);
  });

  it('refuses the arbiter before main, sc and id', async () => {
    const home = await newHome();
    const r = await runCli([
      '--home',
      home,
      'init',
      'arbiter',
      '--chain-type',
      'mainnet',
      '--public-ip',
      '203.0.113.40',
    ]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('missing: main, sc, id');
  });

  it('usage errors exit 2', async () => {
    const r = await runCli(['init', '--chain-type', 'devnet']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('cella-stack: --chain-type must be mainnet or testnet, got "devnet"\n');
    expect((await runCli(['frobnicate'])).code).toBe(2);
    expect((await runCli(['--help'])).stdout).toContain('Usage:');
  });
});

describe('flags and config from the command line', () => {
  it('prints the launch line init wrote, with this home', async () => {
    const home = await newHome();
    const init = await runCli([
      '--home',
      home,
      'init',
      'main',
      'sc',
      '--chain-type',
      'mainnet',
      '--public-ip',
      '203.0.113.41',
      '--light-kdf',
    ]);
    expect(init.stdout).toContain('sidechain sc: mining mode, hardened profile');
    const launch = JSON.parse(await fs.readFile(path.join(home, 'node/sc/launch.json'), 'utf8'));
    const mining = await runCli(['--home', home, 'flags', 'sc', '--mode', 'mining']);
    expect(mining).toEqual({
      code: 0,
      stdout:
        `./esc --datadir ${home}/node/sc/data --mine --miner.threads 1 ` +
        `--password ${home}/.config/elastos/sc.txt --pbft.keystore ${home}/node/main/keystore.dat ` +
        `--pbft.keystore.password ${home}/.config/elastos/main.txt --pbft.net.address 203.0.113.41 --pbft.net.port 20639 ` +
        `--rpc --rpcaddr 127.0.0.1 --rpcapi eth,net,pbft,txpool,web3 --syncmode full ` +
        `--ws --wsaddr 127.0.0.1 --frozen.account.list ''\n`,
      stderr: '',
    });
    // The specification's line is one option away, with a warning on stderr.
    const spec = await runCli(['--home', home, 'flags', 'sc', '--profile', 'spec']);
    expect(spec.stdout).toContain(
      `--rpc --rpcaddr 0.0.0.0 --rpcapi db,eth,net,pbft,personal,txpool,web3 --syncmode full --unlock ${launch.settings.account} `,
    );
    expect(spec.stderr).toContain('warning: sc: RPC bound to 0.0.0.0');
    const rpc = await runCli(['--home', home, 'flags', 'eid', '--mode', 'rpc', '--chain-type', 'testnet']);
    expect(rpc.stdout).toBe(
      `./eid --testnet --datadir ${home}/node/id/data --lightserv 10 --rpc --rpcaddr 127.0.0.1 --rpcapi eth,net,txpool,web3 --ws --wsaddr 127.0.0.1\n`,
    );
    expect(rpc.stderr).toContain('preview: ~/node/id/launch.json does not exist yet');
  });

  it('config show redacts credentials; validate and diff', async () => {
    const home = await newHome();
    await runCli(['--home', home, 'init', 'main', '--chain-type', 'mainnet', '--public-ip', '203.0.113.42']);
    const cfg = JSON.parse(await fs.readFile(path.join(home, 'node/main/config.json'), 'utf8'));
    const show = await runCli(['--home', home, 'config', 'show', 'main']);
    expect(show.code).toBe(0);
    expect(show.stdout).toContain('# ~/node/main/config.json (mode 600)');
    expect(show.stdout).toContain('"User": "<redacted>"');
    expect(show.stdout).not.toContain(cfg.Configuration.RpcConfiguration.Pass);
    expect((await runCli(['--home', home, 'config', 'validate'])).code).toBe(0);
    const diff = await runCli(['--home', home, 'config', 'diff', '--against', 'testnet']);
    expect(diff.code).toBe(1);
    expect(diff.stdout).toContain(
      '~/node/main/config.json  Configuration.HttpJsonPort: 20336 (testnet: 21336)',
    );
  });
});

describe('doctor', () => {
  it('a default init (no options but the network) has no errors', async () => {
    const home = await newHome();
    // No --public-ip: init takes this host's interface address, as an operator's first run does.
    const init = await runCli(['--home', home, 'init', '--chain-type', 'mainnet', '--light-kdf']);
    expect(init.code, init.stderr).toBe(0);
    const r = await runCli(['--home', home, 'doctor', '--json']);
    const report = JSON.parse(r.stdout);
    expect(report.findings.filter((f: { severity: string }) => f.severity === 'error')).toEqual([]);
    expect(report.errors).toBe(0);
    expect(r.code).toBe(0);
    // What is left is advice: the main chain wallet (needs ela-cli), did on the identity chain,
    // and, on a host without a public address, the PBFT address.
    for (const f of report.findings)
      expect(['missing-keystore', 'did-rpcapi', 'public-ip-not-public']).toContain(f.check);
  });

  it('a stack with did on the identity chain has only the wallet left to do', async () => {
    const home = await newHome();
    const init = await runCli([
      '--home',
      home,
      'init',
      '--chain-type',
      'mainnet',
      '--public-ip',
      '203.0.113.43',
      '--rpcapi-extra',
      'id=did',
      '--light-kdf',
    ]);
    expect(init.code, init.stderr).toBe(0);
    const r = await runCli(['--home', home, 'doctor', '--json']);
    expect(r.code, r.stdout).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.errors).toBe(0);
    // Only the keystore that needs the ela-cli binary remains to do.
    expect(report.findings.map((f: { check: string }) => f.check)).toEqual(['missing-keystore']);
  });

  it('finds each planted misconfiguration, with its fix', async () => {
    const home = await newHome();
    await runCli([
      '--home',
      home,
      'init',
      '--chain-type',
      'mainnet',
      '--public-ip',
      '203.0.113.44',
      '--rpcapi-extra',
      'id=did',
      '--light-kdf',
    ]);
    // 1. a credential file readable by others
    await fs.chmod(path.join(home, '.config/elastos/main.txt'), 0o644);
    // 2. the smart-contract chain back to the spec's mining flags: 0.0.0.0 + personal + --unlock
    expect(
      (await runCli(['--home', home, 'init', 'sc', '--reinit', '--profile', 'spec', '--light-kdf'])).code,
    ).toBe(0);
    // 3. a whitelist open to everyone
    await editJson(
      path.join(home, 'node/main/config.json'),
      (c) => (c.Configuration.RpcConfiguration.WhiteIPList = ['0.0.0.0']),
    );
    // 4. a port clash: the arbiter's REST port on the main chain's P2P port
    await editJson(
      path.join(home, 'node/arbiter/config.json'),
      (c) => (c.Configuration.HttpRestPort = 20338),
    );
    // 5. an identity chain whose --rpcapi lacks did
    expect(
      (await runCli(['--home', home, 'init', 'id', '--reinit', '--rpcapi-extra', 'id=', '--light-kdf'])).code,
    ).toBe(0);

    const r = await runCli(['--home', home, 'doctor', '--json']);
    expect(r.code).toBe(1);
    const findings: { check: string; severity: string; message: string; fix: string; file?: string }[] =
      JSON.parse(r.stdout).findings;
    const find = (check: string) => findings.find((f) => f.check === check);
    expect(find('credential-mode')).toMatchObject({
      severity: 'error',
      file: '~/.config/elastos/main.txt',
      fix: 'chmod 600 ~/.config/elastos/main.txt',
    });
    expect(find('rpc-exposed-unlocked')).toMatchObject({ severity: 'error', file: '~/node/sc/launch.json' });
    expect(find('rpc-exposed-unlocked')?.fix).toContain('cella-stack init sc --reinit --profile hardened');
    expect(find('whitelist-open')).toMatchObject({ severity: 'error', file: '~/node/main/config.json' });
    expect(find('port-clash')?.message).toBe(
      'port 20338 is used by main chain P2P and arbiter REST: only one of them can start',
    );
    expect(find('did-rpcapi')?.message).toContain('lacks "did"');
    expect(find('did-rpcapi')?.fix).toContain('--rpcapi-extra id=did');
    for (const f of findings) expect(f.fix.length).toBeGreaterThan(0);

    const text = await runCli(['--home', home, 'doctor']);
    expect(text.code).toBe(1);
    expect(text.stdout).toMatch(/\d+ error\(s\), \d+ warning\(s\)\n$/);
  });
});

/** Sets (or adds) `--flag value` in a sidechain's launch.json, as an operator editing it by hand. */
async function setLaunchFlags(file: string, flags: Record<string, string | true>): Promise<void> {
  await editJson(file, (launch: { args: string[] }) => {
    for (const [flag, value] of Object.entries(flags)) {
      const at = launch.args.indexOf(`--${flag}`);
      const rest = value === true ? [] : [value];
      if (at < 0) launch.args.push(`--${flag}`, ...rest);
      else if (value !== true) launch.args[at + 1] = value;
    }
  });
}

describe('the gaps found from outside (issue 27)', () => {
  it('doctor and config validate on an empty home: not initialised, exit 1 (was "no problems found", 0)', async () => {
    const home = await newHome();
    const doctor = await runCli(['--home', home, 'doctor']);
    expect(doctor.code).toBe(1);
    expect(doctor.stdout).toContain(`not-initialised: no chain-node stack is initialised under ${home}`);
    expect(doctor.stdout).toContain('fix: cella-stack init --chain-type mainnet|testnet');
    expect(doctor.stdout).toMatch(/1 error\(s\), 0 warning\(s\)\n$/);
    expect(doctor.stdout).not.toContain('no problems found');
    const json = await runCli(['--home', home, 'doctor', '--json']);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout).findings.map((f: { check: string }) => f.check)).toEqual([
      'not-initialised',
    ]);
    const validate = await runCli(['--home', home, 'config', 'validate']);
    expect(validate.code).toBe(1);
    expect(validate.stdout).toContain('error: no chain-node stack is initialised under');
    expect(validate.stdout).not.toContain('is valid');
  });

  it('doctor finds an account unlocked on 0.0.0.0 without "personal", on the RPC or the WebSocket', async () => {
    const home = await newHome();
    const init = await runCli([
      ...['--home', home, 'init', 'main', 'sc', '--chain-type', 'mainnet'],
      ...['--public-ip', '203.0.113.45', '--light-kdf'],
    ]);
    expect(init.code, init.stderr).toBe(0);
    const launchFile = path.join(home, 'node/sc/launch.json');
    const account = JSON.parse(await fs.readFile(launchFile, 'utf8')).settings.account as string;
    // The hardened line's modules (no personal), the RPC opened and the account unlocked.
    await setLaunchFlags(launchFile, { rpcaddr: '0.0.0.0', unlock: account, 'allow-insecure-unlock': true });
    const rpc = await runCli(['--home', home, 'doctor', '--json']);
    expect(rpc.code).toBe(1);
    const found = (r: { stdout: string }) =>
      JSON.parse(r.stdout).findings.find((f: { check: string }) => f.check === 'rpc-exposed-unlocked');
    expect(found(rpc)).toMatchObject({ severity: 'error', component: 'sc' });
    expect(found(rpc).message).toContain(
      `with "eth" (eth_sendTransaction signs with unlocked accounts) enabled and account ${account} unlocked`,
    );
    // RPC back on loopback, the WebSocket on 0.0.0.0 with geth's default modules (no --wsapi).
    await setLaunchFlags(launchFile, { rpcaddr: '127.0.0.1', wsaddr: '0.0.0.0' });
    const ws = await runCli(['--home', home, 'doctor', '--json']);
    expect(ws.code).toBe(1);
    expect(found(ws)).toMatchObject({ severity: 'error' });
    expect(found(ws).message).toContain('RPC bound to 0.0.0.0 with "eth"');
  });

  it('a partial init takes the address a previous init was given, not the interface’s', async () => {
    const home = await newHome();
    const sc = await runCli([
      ...['--home', home, 'init', 'sc', '--chain-type', 'mainnet'],
      ...['--public-ip', '203.0.113.77', '--light-kdf'],
    ]);
    expect(sc.code, sc.stderr).toBe(0);
    const rest = await runCli(['--home', home, 'init', 'main', 'id', '--light-kdf']);
    expect(rest.code, rest.stderr).toBe(0);
    expect(rest.stdout).toContain('public IP: 203.0.113.77 (existing)');
    const main = JSON.parse(await fs.readFile(path.join(home, 'node/main/config.json'), 'utf8'));
    expect(main.Configuration.DPoSConfiguration.IPAddress).toBe('203.0.113.77');
    const id = JSON.parse(await fs.readFile(path.join(home, 'node/id/launch.json'), 'utf8'));
    expect(id.args[id.args.indexOf('--pbft.net.address') + 1]).toBe('203.0.113.77');
  });

  it('init --reinit keeps the RPC credentials of a config.json that fails on another field, and says so', async () => {
    const home = await newHome();
    const args = ['--home', home, 'init', 'main', '--chain-type', 'mainnet', '--public-ip', '203.0.113.46'];
    expect((await runCli(args)).code).toBe(0);
    const file = path.join(home, 'node/main/config.json');
    const before = JSON.parse(await fs.readFile(file, 'utf8')).Configuration.RpcConfiguration;
    await editJson(file, (c) => (c.Configuration.HttpJsonPort = 'twenty thousand'));
    const reinit = await runCli([...args, '--reinit']);
    expect(reinit.code, reinit.stderr).toBe(0);
    expect(reinit.stderr).toContain(
      'warning: ~/node/main/config.json did not match its model (Configuration.HttpJsonPort:',
    );
    expect(reinit.stderr).toContain('its RPC credentials are kept');
    const after = JSON.parse(await fs.readFile(file, 'utf8')).Configuration;
    expect(after.RpcConfiguration).toEqual(before);
    expect(after.HttpJsonPort).toBe(20336);
    // A file whose credentials cannot be read at all is not replaced: init stops and says why.
    await fs.writeFile(file, '{"Configuration": {"RpcConfiguration": ');
    const broken = await runCli([...args, '--reinit']);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain('its RPC credentials cannot be read');
    expect(await fs.readFile(file, 'utf8')).toBe('{"Configuration": {"RpcConfiguration": ');
  });

  it('--version prints the package version', async () => {
    const { version } = JSON.parse(
      await fs.readFile(new URL('../package.json', import.meta.url), 'utf8'),
    ) as { version: string };
    const r = await runCli(['--version']);
    expect(r).toEqual({ code: 0, stdout: `cella-stack ${version}\n`, stderr: '' });
    expect((await runCli(['--help'])).stdout).toContain('--version');
  });
});
