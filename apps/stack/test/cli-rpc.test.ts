// cella-stack run as a user would, against anvil (real EVM) for the sidechains and the stand-ins
// for the main chain and the arbiter: jsonrpc, status, watch, and the one-line errors.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import {
  startAnvil,
  startArbiterStandIn,
  startMainChainStandIn,
  type Anvil,
  type ArbiterStandIn,
  type MainChainStandIn,
} from '@cella/chain/testing';
import { createDocument, createKeySigner, generateKeyPair } from '@cella/did';
import { startIdChainStandIn } from '@cella/did/stand-in';
import { runCli, startCli } from './helpers/run-cli.js';

let home: string;
let main: MainChainStandIn;
let arbiter: ArbiterStandIn;
let esc: Anvil;
let eid: Anvil;
let sidechainFlags: string[];
/** Main-chain addresses with outputs on the stand-in (the first is the wallet's, below). */
const WALLET = 'EQ4QhsYRwuBbNBXc8BPW972xA9ANByKt6U';
const OTHER = 'ETXdjrUyzGcsWvRN2tBzYxoV5WzXZaQGJk';

async function readJson(file: string): Promise<any> {
  return JSON.parse(await fs.readFile(file, 'utf8'));
}

/** Edits a config.json the way an operator would, keeping its mode. */
async function editJson(file: string, edit: (c: any) => void): Promise<void> {
  const cfg = await readJson(file);
  edit(cfg);
  await fs.writeFile(file, JSON.stringify(cfg, null, 2));
}

beforeAll(async () => {
  home = await fs.mkdtemp(path.join(os.tmpdir(), 'cella-stack-cli-'));
  const init = await runCli([
    '--home',
    home,
    'init',
    '--chain-type',
    'mainnet',
    '--public-ip',
    '203.0.113.30',
    '--light-kdf',
  ]);
  expect(init.code, init.stderr).toBe(0);
  const mainCfg = await readJson(path.join(home, 'node/main/config.json'));
  const arbCfg = await readJson(path.join(home, 'node/arbiter/config.json'));
  [main, arbiter, esc, eid] = await Promise.all([
    startMainChainStandIn({
      user: mainCfg.Configuration.RpcConfiguration.User,
      pass: mainCfg.Configuration.RpcConfiguration.Pass,
      height: 100,
      utxos: { [WALLET]: [{ amount: '1.25000000' }], [OTHER]: [{ amount: '0.50000000' }] },
    }),
    startArbiterStandIn({
      user: arbCfg.Configuration.RpcConfiguration.User,
      pass: arbCfg.Configuration.RpcConfiguration.Pass,
      spvHeight: 99,
    }),
    startAnvil({ chainId: 20 }),
    startAnvil({ chainId: 22 }),
  ]);
  // The operator runs the main chain and the arbiter on the stand-ins' ports.
  await editJson(path.join(home, 'node/main/config.json'), (c) => (c.Configuration.HttpJsonPort = main.port));
  await editJson(path.join(home, 'node/arbiter/config.json'), (c) => {
    c.Configuration.HttpJsonPort = arbiter.port;
    c.Configuration.MainNode.Rpc.HttpJsonPort = main.port;
  });
  // Sidechain nodes listen where the network table says; here they are anvils elsewhere.
  sidechainFlags = ['--rpc', `sc=${esc.url}`, '--rpc', `id=${eid.url}`, '--rpc', `third=${esc.url}`];
});

afterAll(async () => {
  await Promise.all([main?.close(), arbiter?.close(), esc?.close(), eid?.close()]);
  await fs.rm(home, { recursive: true, force: true });
});

describe('jsonrpc', () => {
  it('main jsonrpc getcurrentheight prints the height', async () => {
    const r = await runCli(['--home', home, 'main', 'jsonrpc', 'getcurrentheight']);
    expect(r).toEqual({ code: 0, stdout: '100\n', stderr: '' });
  });

  it('positional arguments map onto the method parameters; spec names reach renamed methods', async () => {
    const hash = await runCli(['--home', home, 'ela', 'jsonrpc', 'getblockhash', '7']);
    expect(hash.stdout.trim()).toMatch(/^[0-9a-f]{64}$/);
    const block = await runCli(['--home', home, 'main', 'jsonrpc', 'getblock', hash.stdout.trim(), '2']);
    expect(JSON.parse(block.stdout).height).toBe(7);
    const state = await runCli(['--home', home, 'main', 'jsonrpc', 'nodestate']);
    expect(JSON.parse(state.stdout).height).toBe(100);
  });

  it('a wrong password: one clear line and exit 1', async () => {
    const other = await startMainChainStandIn({ user: 'someone', pass: 'else' });
    try {
      const r = await runCli([
        '--home',
        home,
        '--rpc',
        `main=${other.url}`,
        'main',
        'jsonrpc',
        'getcurrentheight',
      ]);
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toContain('refused the credentials (HTTP 401: Client authenticate failed)');
    } finally {
      await other.close();
    }
  });

  it('a caller outside the whitelist: one clear line and exit 1', async () => {
    const cfg = await readJson(path.join(home, 'node/main/config.json'));
    const { User, Pass } = cfg.Configuration.RpcConfiguration;
    const closed = await startMainChainStandIn({
      user: User,
      pass: Pass,
      whiteIPList: ['10.20.30.40'],
      trustLoopback: false,
    });
    try {
      const r = await runCli([
        '--home',
        home,
        '--rpc',
        `main=${closed.url}`,
        'main',
        'jsonrpc',
        'getcurrentheight',
      ]);
      expect(r.code).toBe(1);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toContain("refused this caller's IP address (HTTP 403: Client ip is not allowed)");
    } finally {
      await closed.close();
    }
  });

  it("listunspent as the spec lists it (no arguments): the main chain wallet's outputs", async () => {
    // Without a wallet, one line saying what it needs (ELA itself answers "need addresses in an array!").
    const none = await runCli(['--home', home, 'main', 'jsonrpc', 'listunspent']);
    expect(none.code).toBe(2);
    expect(none.stdout).toBe('');
    expect(none.stderr.trim().split('\n')).toEqual([
      'cella-stack: listunspent needs addresses (the main chain answers "need addresses in an array!" without them): ' +
        'cella-stack main jsonrpc listunspent <address>… [utxotype=mixed|vote|normal]; ' +
        "without any it lists the main chain wallet's, but ~/node/main/keystore.dat does not exist yet",
    ]);
    // Addresses given on the command line.
    const given = await runCli(['--home', home, 'main', 'jsonrpc', 'listunspent', WALLET, OTHER]);
    expect(given.code, given.stderr).toBe(0);
    expect(
      JSON.parse(given.stdout).map((u: { address: string; amount: string }) => [u.address, u.amount]),
    ).toEqual([
      [WALLET, '1.25000000'],
      [OTHER, '0.50000000'],
    ]);
    const votes = await runCli(['--home', home, 'main', 'jsonrpc', 'listunspent', WALLET, 'utxotype=vote']);
    expect(votes.stdout).toBe('[]\n');
    const bad = await runCli(['--home', home, 'main', 'jsonrpc', 'listunspent', WALLET, 'utxotype=all']);
    expect(bad.code).toBe(2);
    // The wallet ela-cli creates (its addresses are in clear; the keys stay encrypted and unread).
    const wallet = path.join(home, 'node/main/keystore.dat');
    await fs.writeFile(
      wallet,
      JSON.stringify({
        Version: '1.0.0',
        PasswordHash: 'aa',
        IV: 'bb',
        MasterKey: 'cc',
        Account: [
          {
            Address: WALLET,
            ProgramHash: '21',
            RedeemScript: '21',
            PrivateKeyEncrypted: 'dd',
            Type: 'main-account',
          },
        ],
      }),
      { mode: 0o600 },
    );
    try {
      const own = await runCli(['--home', home, 'main', 'jsonrpc', 'listunspent']);
      expect(own.code, own.stderr).toBe(0);
      expect(JSON.parse(own.stdout)).toMatchObject([{ address: WALLET, amount: '1.25000000', txtype: 0 }]);
      expect(own.stderr).toBe(
        `listunspent: the main chain wallet's addresses (~/node/main/keystore.dat): ${WALLET}\n`,
      );
    } finally {
      await fs.rm(wallet);
    }
  });

  it('arbiter getinfo and sidechain eth_chainId', async () => {
    const info = await runCli(['--home', home, 'arbiter', 'jsonrpc', 'getinfo']);
    expect(JSON.parse(info.stdout).SideAuxPowFee).toBe(50000);
    const chainId = await runCli(['--home', home, ...sidechainFlags, 'esc', 'jsonrpc', 'eth_chainId']);
    expect(chainId).toEqual({ code: 0, stdout: '0x14\n', stderr: '' });
    const missing = await runCli(['--home', home, ...sidechainFlags, 'sc', 'jsonrpc', 'net_peerCount']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('error -32601');
  });
});

describe('identity chain did_resolveDID', () => {
  it("id jsonrpc did_resolveDID <did> asks the identity chain (here @cella/did's stand-in)", async () => {
    const chain = await startIdChainStandIn();
    try {
      const signer = createKeySigner(generateKeyPair().privateKey);
      await chain.publishDocument(signer, await createDocument(signer));
      const r = await runCli([
        '--home',
        home,
        '--rpc',
        `id=${chain.url}`,
        'eid',
        'jsonrpc',
        'did_resolveDID',
        signer.did,
      ]);
      expect(r.code, r.stderr).toBe(0);
      const result = JSON.parse(r.stdout);
      expect(result).toMatchObject({ did: signer.did, status: 0 });
      expect(result.transaction).toHaveLength(1);
    } finally {
      await chain.close();
    }
  });
});

describe('status', () => {
  it('--json reports every component, exit 0 when healthy', async () => {
    const r = await runCli(['--home', home, ...sidechainFlags, 'status', '--json']);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const status = JSON.parse(r.stdout);
    expect(status.healthy).toBe(true);
    expect(status.chainType).toBe('mainnet');
    const by = Object.fromEntries(status.components.map((c: any) => [c.component, c]));
    expect(Object.keys(by)).toEqual(['main', 'sc', 'sc-oracle', 'id', 'id-oracle', 'third', 'arbiter']);
    expect(by.main).toMatchObject({
      configured: true,
      reachable: true,
      height: 100,
      peers: 8,
      healthy: true,
    });
    expect(by.main.ports).toEqual({ jsonRpc: main.port, rest: 20334, p2p: 20338, dpos: 20339 });
    expect(by.sc).toMatchObject({
      configured: true,
      reachable: true,
      chainId: 20,
      peers: null,
      healthy: true,
    });
    expect(by.sc.ports).toEqual({ rpc: 20636, ws: 20632, p2p: 20638, pbft: 20639 });
    expect(by.id).toMatchObject({
      configured: true,
      reachable: true,
      chainId: 22,
      healthy: true,
      didResolution: 'not-served',
    });
    expect(by.third).toMatchObject({ configured: true, reachable: true, healthy: true });
    expect(by.arbiter).toMatchObject({ configured: true, reachable: true, height: 99, healthy: true });
    expect(by['sc-oracle']).toMatchObject({ configured: true, reachable: null, healthy: true });
  });

  it('exits 1 and says why when a component is down or on the wrong chain', async () => {
    const r = await runCli([
      '--home',
      home,
      ...sidechainFlags,
      '--rpc',
      'main=http://127.0.0.1:1',
      '--rpc',
      `id=${esc.url}`,
      'status',
      '--json',
    ]);
    expect(r.code).toBe(1);
    const status = JSON.parse(r.stdout);
    const by = Object.fromEntries(status.components.map((c: any) => [c.component, c]));
    expect(by.main).toMatchObject({ reachable: false, healthy: false });
    expect(by.main.problems[0]).toContain('unreachable');
    expect(by.id.problems).toEqual(['chain ID 20, expected 22 (EID mainnet)']);
    const text = await runCli([
      '--home',
      home,
      ...sidechainFlags,
      '--rpc',
      'main=http://127.0.0.1:1',
      'status',
    ]);
    expect(text.code).toBe(1);
    expect(text.stdout).toContain('stack: UNHEALTHY (main)');
  });
});

describe('watch', () => {
  it('prints new heads as anvil mines', async () => {
    const child = startCli(['--home', home, '--ws', `sc=${esc.wsUrl}`, 'watch', 'sc', '--count', '3']);
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (c: Buffer) => (stdout += c.toString()));
    const subscribed = new Promise<void>((resolve) =>
      child.stderr?.on('data', (c: Buffer) => {
        stderr += c.toString();
        if (stderr.includes('watching new heads')) resolve();
      }),
    );
    const closed = new Promise<number | null>((resolve) => child.once('close', resolve));
    onTestFinished(() => {
      if (child.exitCode === null) child.kill();
    });
    await subscribed;
    const before = Number(
      (await runCli(['--home', home, ...sidechainFlags, 'sc', 'jsonrpc', 'eth_blockNumber'])).stdout.trim(),
    );
    await esc.mine(3);
    expect(await closed).toBe(0);
    const lines = stdout.trim().split('\n');
    expect(lines).toHaveLength(3);
    lines.forEach((line, i) =>
      expect(line).toMatch(new RegExp(`^block ${before + i + 1}  0x[0-9a-f]{64}  \\d{4}-\\d\\d-\\d\\dT`)),
    );
    expect(stderr).toContain(`watching new heads of ESC at ${esc.wsUrl}`);
  });
});
