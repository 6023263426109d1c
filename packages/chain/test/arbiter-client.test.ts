import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ArbiterClient, ChainRpcError } from '../src/index.js';
import { startArbiterStandIn, type ArbiterStandIn } from '../src/testing/index.js';

const USER = 'c'.repeat(32);
const PASS = 'd'.repeat(32);

async function rejection(p: Promise<unknown>): Promise<ChainRpcError> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(ChainRpcError);
    return err as ChainRpcError;
  }
  throw new Error('expected a rejection');
}

describe('arbiter client against the arbiter stand-in', () => {
  let arbiter: ArbiterStandIn;
  beforeAll(async () => {
    arbiter = await startArbiterStandIn({ user: USER, pass: PASS });
  });
  afterAll(() => arbiter.close());

  it('getinfo with the spec body returns the typed info', async () => {
    const info = await new ArbiterClient({ url: arbiter.url, user: USER, pass: PASS }).getInfo();
    expect(info).toEqual({
      version: 0,
      SideChainMonitorScanInterval: 1000,
      ClearTransactionInterval: 60000,
      MinOutbound: 3,
      MaxConnections: 8,
      SideAuxPowFee: 50000,
      MinThreshold: 1000000,
      DepositAmount: 1000000,
    });
  });

  it('sends exactly {"method":"getinfo","params":[]} with Content-Type application/json', async () => {
    const res = await fetch(arbiter.url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        authorization: `Basic ${Buffer.from(`${USER}:${PASS}`).toString('base64')}`,
      },
      body: '{"method":"getinfo","params":[]}',
    });
    const text = await res.text();
    expect(text.startsWith('{"error":null,"id":null,"jsonrpc":"2.0","result":{')).toBe(true);
  });

  it('plain-text 401 becomes AUTH_REFUSED, unknown method the odd 42001 body', async () => {
    const err = await rejection(new ArbiterClient({ url: arbiter.url, user: USER, pass: 'nope' }).getInfo());
    expect(err.code).toBe('AUTH_REFUSED');
    expect(err.message).toContain('client authenticate failed');
    const odd = await rejection(
      new ArbiterClient({ url: arbiter.url, user: USER, pass: PASS }).call('nosuch'),
    );
    expect(odd.code).toBe('RPC_ERROR');
    expect(odd.rpcCode).toBe(42001);
    expect(odd.rpcMessage).toBe('Invalid method');
  });

  it('plain-text 403 becomes IP_NOT_ALLOWED', async () => {
    const closed = await startArbiterStandIn({
      user: USER,
      pass: PASS,
      whiteIPList: ['10.0.0.9'],
      trustLoopback: false,
    });
    try {
      const err = await rejection(new ArbiterClient({ url: closed.url, user: USER, pass: PASS }).getInfo());
      expect(err.code).toBe('IP_NOT_ALLOWED');
      expect(err.message).toContain('Client ip is not allowd');
    } finally {
      await closed.close();
    }
  });

  it('falls back to {} when the arbiter rejects list params (current binary)', async () => {
    const strict = await startArbiterStandIn({ user: USER, pass: PASS, rejectListParams: true });
    try {
      const client = new ArbiterClient({ url: strict.url, user: USER, pass: PASS });
      const err = await rejection(client.call('getinfo', []));
      expect(err.rpcCode).toBe(42002);
      expect((await client.getInfo()).MaxConnections).toBe(8);
    } finally {
      await strict.close();
    }
  });
});
