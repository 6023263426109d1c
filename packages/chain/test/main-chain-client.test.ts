import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChainRpcError, MainChainClient } from '../src/index.js';
import { startMainChainStandIn, type MainChainStandIn } from '../src/testing/index.js';

const USER = 'a'.repeat(32);
const PASS = 'b'.repeat(32);

async function rejection(p: Promise<unknown>): Promise<ChainRpcError> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(ChainRpcError);
    return err as ChainRpcError;
  }
  throw new Error('expected a rejection');
}

describe('main chain client against the ELA stand-in', () => {
  let node: MainChainStandIn;
  let client: MainChainClient;

  beforeAll(async () => {
    node = await startMainChainStandIn({ user: USER, pass: PASS, height: 50, connections: 3 });
    client = new MainChainClient({ url: node.url, user: USER, pass: PASS });
  });
  afterAll(() => node.close());

  it('answers every method of spec §4 with typed results', async () => {
    expect(await client.getCurrentHeight()).toBe(50);
    expect(await client.getBlockCount()).toBe(51); // ELA: height + 1
    const best = await client.getBestBlockHash();
    expect(await client.getBlockHash(50)).toBe(best);
    const block = await client.getBlock(best, 2);
    expect(block.height).toBe(50);
    expect(block.tx[0]?.vout[0]?.value).toMatch(/^\d+\.\d{8}$/);
    const v1 = await client.getBlock(best, 1);
    expect(typeof v1.tx[0]).toBe('string');
    expect(typeof (await client.getBlock(best, 0))).toBe('string');
    expect(await client.getConnectionCount()).toBe(3);
    const state = await client.nodeState();
    expect(state.height).toBe(50);
    expect(state.neighbors).toHaveLength(3);
    expect(await client.getNeighbors()).toHaveLength(3);
    expect(await client.getRawMempool()).toEqual([]);
    expect(await client.listUnspent(['EQ4QhsYRwuBbNBXc8BPW972xA9ANByKt6U'])).toEqual([]);
    const producers = await client.listProducers();
    expect(producers.totalcounts).toBe(2);
    expect(producers.producers?.[0]?.state).toBe('Active');
    const peers = await client.getDposPeersInfo();
    expect(peers[0]?.connstate).toBe('2WayConnection');
    const aux = await client.createAuxBlock('EQ4QhsYRwuBbNBXc8BPW972xA9ANByKt6U');
    expect(aux.chainid).toBe(1224);
    expect(aux.previousblockhash).toBe(best);
    expect(await client.submitAuxBlock(aux.hash, 'deadbeef')).toBe(true);
    expect(await client.getCurrentHeight()).toBe(51);
  });

  it('reports a JSON-RPC error with its code', async () => {
    const err = await rejection(client.getBlockHash(10_000));
    expect(err.code).toBe('RPC_ERROR');
    expect(err.rpcCode).toBe(42002);
    expect(err.message).toContain('Invalid Params');
    const missing = await rejection(client.call('nosuchmethod'));
    expect(missing.rpcCode).toBe(-32601);
    expect(missing.message).toContain('JSON-RPC method nosuchmethod not found');
    // The spec lists listunspent without arguments; ELA needs the addresses.
    const unspent = await rejection(client.call('listunspent'));
    expect(unspent.rpcCode).toBe(42002);
    expect(unspent.rpcMessage).toBe('need addresses in an array!');
    const type = await rejection(client.call('listunspent', { addresses: [], utxotype: 'all' }));
    expect(type.rpcMessage).toBe('invalid utxotype');
  });

  it('refuses a wrong password with AUTH_REFUSED', async () => {
    const bad = new MainChainClient({ url: node.url, user: USER, pass: 'wrong' });
    const err = await rejection(bad.getCurrentHeight());
    expect(err.code).toBe('AUTH_REFUSED');
    expect(err.httpStatus).toBe(401);
    expect(err.message).toContain('Client authenticate failed');
    expect(err.message).not.toContain('wrong');
  });

  it('times out against a node that never answers, and reports an unreachable one', async () => {
    const sockets: Socket[] = [];
    const silent: Server = createServer((s) => void sockets.push(s));
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const port = (silent.address() as { port: number }).port;
    const slow = new MainChainClient({ url: `http://127.0.0.1:${port}`, timeoutMs: 200 });
    expect((await rejection(slow.getCurrentHeight())).code).toBe('TIMEOUT');
    for (const s of sockets) s.destroy();
    await new Promise<void>((r) => silent.close(() => r()));
    const gone = new MainChainClient({ url: `http://127.0.0.1:${port}` });
    const err = await rejection(gone.getCurrentHeight());
    expect(err.code).toBe('UNREACHABLE');
    expect(err.message).toContain('ECONNREFUSED');
  });
});

describe('main chain whitelist', () => {
  it('refuses a caller outside WhiteIPList with IP_NOT_ALLOWED, admits listed and 0.0.0.0', async () => {
    const closed = await startMainChainStandIn({
      user: USER,
      pass: PASS,
      whiteIPList: ['10.1.2.3'],
      trustLoopback: false,
    });
    const listed = await startMainChainStandIn({
      user: USER,
      pass: PASS,
      whiteIPList: ['127.0.0.1'],
      trustLoopback: false,
    });
    const open = await startMainChainStandIn({
      user: USER,
      pass: PASS,
      whiteIPList: ['0.0.0.0'],
      trustLoopback: false,
    });
    try {
      const err = await rejection(
        new MainChainClient({ url: closed.url, user: USER, pass: PASS }).getCurrentHeight(),
      );
      expect(err.code).toBe('IP_NOT_ALLOWED');
      expect(err.httpStatus).toBe(403);
      expect(err.message).toContain('WhiteIPList');
      expect(await new MainChainClient({ url: listed.url, user: USER, pass: PASS }).getCurrentHeight()).toBe(
        100,
      );
      expect(await new MainChainClient({ url: open.url, user: USER, pass: PASS }).getCurrentHeight()).toBe(
        100,
      );
    } finally {
      await Promise.all([closed.close(), listed.close(), open.close()]);
    }
  });
});

describe('ELA wire format (raw HTTP)', () => {
  let node: MainChainStandIn;
  const auth = `Basic ${Buffer.from(`${USER}:${PASS}`).toString('base64')}`;
  const post = (body: string, headers: Record<string, string> = {}) =>
    fetch(node.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: auth, ...headers },
      body,
    });

  beforeAll(async () => {
    node = await startMainChainStandIn({ user: USER, pass: PASS, height: 5 });
  });
  afterAll(() => node.close());

  it('success and error envelopes in struct order, id echoed', async () => {
    const ok = await post('{"jsonrpc":"2.0","method":"getcurrentheight","id":7}');
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('{"jsonrpc":"2.0","result":5,"id":7,"error":null}');
    const bad = await post('{"method":"getblockhash","params":{"height":"99"},"id":"x"}');
    expect(await bad.text()).toBe(
      '{"jsonrpc":"2.0","result":null,"id":"x","error":{"code":42002,"id":"x","message":"Invalid Params"}}',
    );
    const noMethod = await post('{"id":1}');
    expect(JSON.parse(await noMethod.text()).error).toEqual({
      code: -32600,
      id: 1,
      message: 'JSON-RPC need a method',
    });
  });

  it('HTTP refusals: 401, 405, 415, 400 with the Go-map body', async () => {
    const r401 = await post('{"method":"getcurrentheight"}', { authorization: 'Basic eDp5' });
    expect(r401.status).toBe(401);
    expect(await r401.text()).toBe(
      '{"error":{"code":-32603,"id":null,"message":"Client authenticate failed"},"jsonrpc":"2.0","result":null}',
    );
    const r405 = await fetch(node.url, { headers: { authorization: auth } });
    expect(r405.status).toBe(405);
    expect(JSON.parse(await r405.text()).error.message).toBe('JSON-RPC protocol only allows POST method');
    const r415 = await post('{}', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(r415.status).toBe(415);
    await r415.text();
    const r400 = await post('{not json');
    expect(r400.status).toBe(400);
    expect(JSON.parse(await r400.text()).error.code).toBe(-32700);
  });

  it('decimal strings as integers, positional params only where ELA maps them, batches', async () => {
    const hash = JSON.parse(
      await (await post('{"method":"getblockhash","params":["3"],"id":1}')).text(),
    ).result;
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    const byName = JSON.parse(
      await (await post('{"method":"getblockhash","params":{"height":3},"id":1}')).text(),
    ).result;
    expect(byName).toBe(hash);
    // listproducers takes no positional params: the array is dropped, the default list comes back.
    const producers = JSON.parse(
      await (await post('{"method":"listproducers","params":[0,1],"id":1}')).text(),
    ).result;
    expect(producers.producers).toHaveLength(2);
    const batch = JSON.parse(
      await (
        await post('[{"method":"getcurrentheight","id":1},{"method":"getconnectioncount","id":2}]')
      ).text(),
    );
    expect(batch.map((r: { id: number; result: number }) => [r.id, r.result])).toEqual([
      [1, 5],
      [2, 8],
    ]);
  });

  it('serves the current method names; the client maps the spec names onto them', async () => {
    const spec = JSON.parse(await (await post('{"method":"nodestate","id":1}')).text());
    expect(spec.error.code).toBe(-32601);
    const client = new MainChainClient({ url: node.url, user: USER, pass: PASS });
    expect((await client.nodeState()).height).toBe(5);
  });
});
