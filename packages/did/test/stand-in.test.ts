import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Signer } from '../src/index.js';
import {
  createDocument,
  createIdChainRequest,
  resolveDidResponseSchema,
  signDocument,
} from '../src/index.js';
import type { IdChainStandIn } from '../src/stand-in/index.js';
import { startIdChainStandIn } from '../src/stand-in/index.js';
import { newSigner } from './helpers.js';

let chain: IdChainStandIn;
let alice: Signer;

async function rpc(body: unknown, path = '/'): Promise<Record<string, unknown>> {
  const res = await fetch(new URL(path, chain.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

async function idtx(body: unknown): Promise<Response> {
  return fetch(new URL('/idtx', chain.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

beforeAll(async () => {
  chain = await startIdChainStandIn();
  alice = newSigner();
  await chain.publishDocument(alice, await createDocument(alice));
});

afterAll(async () => {
  await chain.close();
});

describe('identity-chain stand-in: JSON-RPC wire format', () => {
  it('listens on 127.0.0.1 with an OS-chosen port', () => {
    expect(chain.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(chain.port).toBeGreaterThan(0);
  });

  it('answers did_resolveDID like the EID node (jsonrpc 2.0, echoed id, newest transaction)', async () => {
    const reply = await rpc(
      { id: 'abc123', method: 'did_resolveDID', params: [{ did: alice.did }] },
      '/resolve',
    );
    expect(Object.keys(reply)).toEqual(['jsonrpc', 'id', 'result']);
    expect(reply['jsonrpc']).toBe('2.0');
    expect(reply['id']).toBe('abc123');
    const parsed = resolveDidResponseSchema.parse(reply);
    expect(parsed.result.status).toBe(0);
    const tx = parsed.result.transaction![0]!;
    expect(Object.keys(tx)).toEqual(['txid', 'timestamp', 'operation']);
    expect(tx.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(Object.keys(tx.operation)).toEqual(['header', 'payload', 'proof']);
    expect(JSON.parse(Buffer.from(tx.operation.payload, 'base64url').toString()).id).toBe(alice.did);
  });

  it('echoes numeric ids, adds the did:elastos: prefix, answers status 3 without transactions', async () => {
    const bare = alice.did.slice('did:elastos:'.length);
    const r1 = await rpc({
      jsonrpc: '2.0',
      id: 7,
      method: 'did_resolveDID',
      params: [{ did: bare, all: false }],
    });
    expect(r1['id']).toBe(7);
    expect((r1['result'] as { did: string }).did).toBe(alice.did);
    const ghost = newSigner().did;
    const r2 = await rpc({ id: 'x', method: 'did_resolveDID', params: [{ did: ghost }] });
    expect(r2['result']).toEqual({ did: ghost, status: 3 });
  });

  it('returns the whole history newest first with all:true, and [deactivate, last doc] once deactivated', async () => {
    const bob = newSigner();
    await chain.publishDocument(bob, await createDocument(bob));
    await chain.publishDocument(
      bob,
      await signDocument(bob, {
        ...(await createDocument(bob)),
        service: [{ id: '#s', type: 'X', serviceEndpoint: 'https://x' }],
      }),
    );
    const all = await rpc({ id: '1', method: 'did_resolveDID', params: [{ did: bob.did, all: true }] });
    const ops = (
      all['result'] as { transaction: Array<{ operation: { header: { operation: string } } }> }
    ).transaction.map((t) => t.operation.header.operation);
    expect(ops).toEqual(['update', 'create']);
    await chain.deactivate(bob);
    const latest = await rpc({ id: '2', method: 'did_resolveDID', params: [{ did: bob.did }] });
    const result = latest['result'] as {
      status: number;
      transaction: Array<{ operation: { header: { operation: string }; payload: string } }>;
    };
    expect(result.status).toBe(2);
    expect(result.transaction.map((t) => t.operation.header.operation)).toEqual(['deactivate', 'update']);
    expect(result.transaction[0]!.operation.payload).toBe(bob.did);
    const full = await rpc({ id: '3', method: 'did_resolveDID', params: [{ did: bob.did, all: true }] });
    expect((full['result'] as { transaction: unknown[] }).transaction).toHaveLength(3);
  });

  it('answers did_resolveCredential with status 3, did_listCredentials empty, eth_blockNumber in hex', async () => {
    const vcId = `${alice.did}#cred`;
    expect(
      (await rpc({ id: 'c', method: 'did_resolveCredential', params: [{ id: vcId, issuer: alice.did }] }))[
        'result'
      ],
    ).toEqual({ id: vcId, status: 3 });
    expect(
      (
        await rpc({
          id: 'l',
          method: 'did_listCredentials',
          params: [{ did: alice.did, skip: 0, limit: 10 }],
        })
      )['result'],
    ).toEqual({ did: alice.did, credentials: [] });
    const height = await rpc({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber' });
    expect(height['result']).toMatch(/^0x[0-9a-f]+$/);
    expect(Number(height['result'])).toBe(chain.ledger.blockHeight);
  });

  it('answers JSON-RPC errors for bad calls', async () => {
    expect((await rpc({ id: 'e', method: 'did_resolveDID', params: [{}] }))['error']).toEqual({
      code: -32602,
      message: 'did is null',
    });
    expect(
      (await rpc({ id: 'e', method: 'did_resolveDID', params: [{ did: 'did:bad:' }] }))['error'],
    ).toMatchObject({ code: -32602 });
    expect((await rpc({ id: 'e', method: 'did_resolveCredential', params: [{}] }))['error']).toMatchObject({
      code: -32602,
    });
    expect((await rpc({ id: 'e', method: 'eth_getBalance', params: [] }))['error']).toMatchObject({
      code: -32601,
    });
    expect((await rpc('{not json'))['error']).toMatchObject({ code: -32700 });
    expect((await rpc([1, 2]))['error']).toMatchObject({ code: -32600 });
    expect((await rpc({ id: 'e' }))['error']).toMatchObject({ code: -32600 });
  });
});

describe('identity-chain stand-in: publishing', () => {
  it('accepts IDChainRequests on /idtx with the chain rules', async () => {
    const s = newSigner();
    const doc = await createDocument(s);
    const create = await createIdChainRequest(s, { operation: 'create', document: doc });
    const ok = await idtx(create);
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { txid: string }).txid).toMatch(/^[0-9a-f]{64}$/);
    // a second create, an update naming a stale txid, a forged signature: refused
    expect((await idtx(create)).status).toBe(400);
    const stale = await createIdChainRequest(s, {
      operation: 'update',
      document: doc,
      previousTxid: 'f'.repeat(64),
    });
    const refused = await idtx(stale);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/latest txid/);
    const other = newSigner();
    const forged = {
      ...(await createIdChainRequest(other, { operation: 'create', document: await createDocument(other) })),
      proof: create.proof,
    };
    expect((await idtx(forged)).status).toBe(400);
    expect((await idtx({ header: {} })).status).toBe(400);
    const notJson = await fetch(new URL('/idtx', chain.url), { method: 'POST', body: '{' });
    expect(notJson.status).toBe(400);
    // after deactivation nothing more is accepted
    await chain.deactivate(s);
    const latest = chain.ledger.resolve(s.did, true);
    const late = await createIdChainRequest(s, {
      operation: 'update',
      document: doc,
      previousTxid: latest.transaction![0]!.txid,
    });
    expect((await idtx(late)).status).toBe(400);
    await expect(chain.deactivate(s)).rejects.toMatchObject({ code: 'DEACTIVATED' });
  });

  it('/reset forgets every DID; other HTTP misuse is refused', async () => {
    const s = newSigner();
    await chain.publishDocument(s, await createDocument(s));
    expect((await fetch(new URL('/', chain.url))).status).toBe(200);
    expect((await fetch(new URL('/', chain.url), { method: 'PUT', body: '{}' })).status).toBe(405);
    const huge = await fetch(new URL('/', chain.url), {
      method: 'POST',
      body: 'x'.repeat(1024 * 1024 + 10),
    }).catch(() => null);
    if (huge) expect(huge.status).toBe(413);
    expect((await fetch(new URL('/reset', chain.url), { method: 'POST' })).status).toBe(200);
    expect(chain.ledger.resolve(s.did).status).toBe(3);
    expect(chain.ledger.resolve(alice.did).status).toBe(3);
    await chain.publishDocument(alice, await createDocument(alice));
  });
});
