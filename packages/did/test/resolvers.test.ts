import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { DIDDocument, DidResolver, FetchLike, ResolveResult, Signer } from '../src/index.js';
import {
  CachingResolver,
  ChainedResolver,
  DidError,
  EidRpcResolver,
  MemoryCacheStore,
  SelfCertifyingResolver,
  createDocument,
  createIdChainRequest,
  didKeyDocument,
  publishIdChainRequest,
  resolveDocument,
  signDocument,
  verifyIdChainRequest,
} from '../src/index.js';
import type { IdChainStandIn } from '../src/stand-in/index.js';
import { startIdChainStandIn } from '../src/stand-in/index.js';
import { expectDidError, newSigner } from './helpers.js';

let chain: IdChainStandIn;
let eid: EidRpcResolver;
let alice: Signer;
let aliceDoc: DIDDocument;

beforeAll(async () => {
  chain = await startIdChainStandIn();
  eid = new EidRpcResolver({ url: chain.url, timeoutMs: 5000 });
  alice = newSigner();
  aliceDoc = await createDocument(alice, {
    services: [{ id: '#hivevault', type: 'HiveVault', serviceEndpoint: 'https://a' }],
  });
  await chain.publishDocument(alice, aliceDoc);
});

afterAll(async () => {
  await chain.close();
});

/** A real fetch that also records what was sent. */
function recordingFetch(log: Array<{ url: string; body: string }>): FetchLike {
  return async (url, init) => {
    log.push({ url, body: init.body });
    return fetch(url, init);
  };
}

/** Answers every call with `reply(requestId)`: for feeding the resolver crafted chain replies. */
function replyingFetch(reply: (id: string) => unknown, status = 200): FetchLike {
  return async (_url, init) => {
    const { id } = JSON.parse(init.body) as { id: string };
    const body = reply(id);
    return {
      ok: status < 400,
      status,
      text: async () => (typeof body === 'string' ? body : JSON.stringify(body)),
    };
  };
}

describe('EidRpcResolver against the identity-chain stand-in', () => {
  it('resolves a published DID with chain metadata', async () => {
    const r = await eid.resolve(alice.did);
    expect(r.status).toBe('valid');
    expect(r.document).toEqual(aliceDoc);
    expect(r.metadata?.source).toBe('eid');
    expect(r.metadata?.txid).toMatch(/^[0-9a-f]{64}$/);
    expect(r.metadata?.published).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  it('sends exactly the SDK request: {id, method, params:[{did}]} without jsonrpc', async () => {
    const log: Array<{ url: string; body: string }> = [];
    const r = new EidRpcResolver({ url: chain.url, fetch: recordingFetch(log) });
    await r.resolve(alice.did);
    await r.resolveBiography(alice.did, { all: true });
    const [first, second] = log.map((l) => JSON.parse(l.body) as Record<string, unknown>);
    expect(Object.keys(first!)).toEqual(['id', 'method', 'params']);
    expect(first!['id']).toMatch(/^[0-9a-f]{32}$/);
    expect(first!['method']).toBe('did_resolveDID');
    expect(first!['params']).toEqual([{ did: alice.did }]);
    expect(second!['params']).toEqual([{ did: alice.did, all: true }]);
  });

  it('reports not found (status 3) and does not ask the chain about did:key', async () => {
    expect(await eid.resolve(newSigner().did)).toEqual({ status: 'not_found' });
    const log: Array<{ url: string; body: string }> = [];
    expect(
      await new EidRpcResolver({ url: chain.url, fetch: recordingFetch(log) }).resolve(newSigner('key').did),
    ).toEqual({ status: 'not_found' });
    expect(log).toHaveLength(0);
  });

  it('follows updates and reports deactivation (status 2) with the last document', async () => {
    const bob = newSigner();
    await chain.publishDocument(bob, await createDocument(bob));
    const updated = await signDocument(bob, {
      ...(await createDocument(bob)),
      service: [{ id: '#hivevault', type: 'HiveVault', serviceEndpoint: 'https://v2' }],
    });
    await chain.publishDocument(bob, updated);
    expect((await eid.resolve(bob.did)).document?.service?.[0]?.serviceEndpoint).toBe('https://v2');
    const history = await eid.resolveBiography(bob.did, { all: true });
    expect(history.status).toBe(0);
    expect(history.transaction!.map((t) => t.operation.header.operation)).toEqual(['update', 'create']);
    await chain.deactivate(bob);
    const r = await eid.resolve(bob.did);
    expect(r.status).toBe('deactivated');
    expect(r.document?.service?.[0]?.serviceEndpoint).toBe('https://v2');
    await expectDidError(resolveDocument(eid, bob.did), 'DEACTIVATED');
  });

  it('fails over to the next endpoint when one is unreachable', async () => {
    const dead = http.createServer();
    await new Promise<void>((r) => dead.listen(0, '127.0.0.1', r));
    const deadUrl = `http://127.0.0.1:${(dead.address() as AddressInfo).port}`;
    await new Promise<void>((r) => dead.close(() => r()));
    const r = new EidRpcResolver({ url: [deadUrl, chain.url] });
    expect((await r.resolve(alice.did)).status).toBe('valid');
    await expectDidError(new EidRpcResolver({ url: deadUrl }).resolve(alice.did), 'RESOLVER_UNAVAILABLE');
  });

  it('gives up on a resolver that does not answer within timeoutMs', async () => {
    const sockets = new Set<Socket>();
    const silent = http.createServer(() => undefined);
    silent.on('connection', (s) => sockets.add(s));
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
      const e = await expectDidError(
        new EidRpcResolver({ url, timeoutMs: 100 }).resolve(alice.did),
        'RESOLVER_UNAVAILABLE',
      );
      expect(e.message).toMatch(/timed out/);
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => silent.close(() => r()));
    }
  });

  it('rejects replies the official SDK would reject', async () => {
    const good = chain.ledger.resolve(alice.did);
    const other = newSigner();
    await chain.publishDocument(other, await createDocument(other));
    const otherBio = chain.ledger.resolve(other.did);
    const tx = (good as { transaction: Array<Record<string, unknown>> }).transaction[0]!;
    const op = tx['operation'] as { payload: string; proof: { signature: string } };
    const cases: Array<[unknown, string]> = [
      [{ id: 'x', result: good }, 'BAD_RESOLVER_REPLY'], // no jsonrpc
      [(id: string) => ({ jsonrpc: '1.0', id, result: good }), 'BAD_RESOLVER_REPLY'],
      [{ jsonrpc: '2.0', id: 'another-id', result: good }, 'BAD_RESOLVER_REPLY'],
      [(id: string) => ({ jsonrpc: '2.0', id }), 'BAD_RESOLVER_REPLY'],
      [(id: string) => ({ jsonrpc: '2.0', id, result: { ...good, status: 1 } }), 'BAD_RESOLVER_REPLY'],
      [(id: string) => ({ jsonrpc: '2.0', id, result: { ...good, status: '0' } }), 'BAD_RESOLVER_REPLY'],
      [(id: string) => ({ jsonrpc: '2.0', id, result: { ...good, transaction: [] } }), 'BAD_RESOLVER_REPLY'],
      [(id: string) => ({ jsonrpc: '2.0', id, result: { ...good, status: 2 } }), 'BAD_RESOLVER_REPLY'],
      [
        (id: string) => ({
          jsonrpc: '2.0',
          id,
          result: { did: alice.did, status: 0, transaction: otherBio.transaction },
        }),
        'BAD_RESOLVER_REPLY',
      ],
      [
        (id: string) => ({
          jsonrpc: '2.0',
          id,
          result: {
            ...good,
            transaction: [
              {
                ...tx,
                operation: {
                  ...op,
                  proof: { ...op.proof, signature: otherBio.transaction![0]!.operation.proof.signature },
                },
              },
            ],
          },
        }),
        'BAD_RESOLVER_REPLY',
      ],
      [
        (id: string) => ({
          jsonrpc: '2.0',
          id,
          result: {
            ...good,
            transaction: [{ ...tx, operation: { ...op, payload: op.payload.slice(0, -4) } }],
          },
        }),
        'BAD_RESOLVER_REPLY',
      ],
      [
        (id: string) => ({ jsonrpc: '2.0', id, error: { code: -32000, message: 'boom' } }),
        'RESOLVER_UNAVAILABLE',
      ],
      ['not json', 'BAD_RESOLVER_REPLY'],
    ];
    for (const [reply, code] of cases) {
      const r = new EidRpcResolver({
        url: chain.url,
        fetch: replyingFetch(typeof reply === 'function' ? (reply as (id: string) => unknown) : () => reply),
      });
      await expectDidError(r.resolve(alice.did), code as 'BAD_RESOLVER_REPLY');
    }
    // status 3 with "transaction": null is tolerated, with transactions it is not
    const ghost = newSigner().did;
    const nullTx = new EidRpcResolver({
      url: chain.url,
      fetch: replyingFetch((id) => ({
        jsonrpc: '2.0',
        id,
        result: { did: ghost, status: 3, transaction: null },
      })),
    });
    expect(await nullTx.resolve(ghost)).toEqual({ status: 'not_found' });
    const withTx = new EidRpcResolver({
      url: chain.url,
      fetch: replyingFetch((id) => ({ jsonrpc: '2.0', id, result: { ...good, status: 3 } })),
    });
    await expectDidError(withTx.resolve(alice.did), 'BAD_RESOLVER_REPLY');
    await expectDidError(
      new EidRpcResolver({ url: chain.url, fetch: replyingFetch(() => ({}), 503) }).resolve(alice.did),
      'RESOLVER_UNAVAILABLE',
    );
    // the same crafted-reply mechanism accepts the genuine reply
    expect(
      (
        await new EidRpcResolver({
          url: chain.url,
          fetch: replyingFetch((id) => ({ jsonrpc: '2.0', id, result: good })),
        }).resolve(alice.did)
      ).status,
    ).toBe('valid');
  });

  it('rejects a status-2 reply whose deactivation is not signed by the DID', async () => {
    const carol = newSigner();
    await chain.publishDocument(carol, await createDocument(carol));
    const bio = chain.ledger.resolve(carol.did);
    const forgedDeactivate = await createIdChainRequest(newSigner(), { operation: 'deactivate' });
    const reply = {
      did: carol.did,
      status: 2,
      transaction: [
        {
          txid: 'f'.repeat(64),
          timestamp: '2026-01-01T00:00:00Z',
          operation: { ...forgedDeactivate, payload: carol.did },
        },
        ...bio.transaction!,
      ],
    };
    const r = new EidRpcResolver({
      url: chain.url,
      fetch: replyingFetch((id) => ({ jsonrpc: '2.0', id, result: reply })),
    });
    await expectDidError(r.resolve(carol.did), 'BAD_RESOLVER_REPLY');
  });

  it('rejects bad construction and bad DIDs', async () => {
    await expectDidError(() => new EidRpcResolver({ url: [] }), 'MALFORMED');
    await expectDidError(() => new EidRpcResolver({ url: 'not a url' }), 'MALFORMED');
    await expectDidError(eid.resolve('garbage'), 'MALFORMED');
  });
});

/** Wraps a resolver to count calls and optionally fail. */
class CountingResolver implements DidResolver {
  calls = 0;
  fail = false;
  constructor(private readonly inner: DidResolver) {}
  async resolve(did: string): Promise<ResolveResult> {
    this.calls += 1;
    if (this.fail) throw new DidError('RESOLVER_UNAVAILABLE', 'chain down');
    return this.inner.resolve(did);
  }
}

describe('CachingResolver', () => {
  it('serves repeats from the cache and de-duplicates concurrent requests', async () => {
    const inner = new CountingResolver(eid);
    const cache = new CachingResolver(inner);
    const results = await Promise.all(Array.from({ length: 5 }, () => cache.resolve(alice.did)));
    expect(inner.calls).toBe(1);
    expect(results.every((r) => r.status === 'valid')).toBe(true);
    const again = await cache.resolve(alice.did);
    expect(inner.calls).toBe(1);
    expect(again.metadata?.cached).toBe(true);
    expect(again.document).toEqual(aliceDoc);
  });

  it('expires entries after ttlMs, not-found entries after notFoundTtlMs', async () => {
    let now = 1_000_000;
    const inner = new CountingResolver(eid);
    const cache = new CachingResolver(inner, { ttlMs: 60_000, notFoundTtlMs: 1000, now: () => now });
    await cache.resolve(alice.did);
    now += 59_000;
    await cache.resolve(alice.did);
    expect(inner.calls).toBe(1);
    now += 2000;
    await cache.resolve(alice.did);
    expect(inner.calls).toBe(2);
    const ghost = newSigner().did;
    await cache.resolve(ghost);
    now += 500;
    await cache.resolve(ghost);
    expect(inner.calls).toBe(3);
    now += 1000;
    await cache.resolve(ghost);
    expect(inner.calls).toBe(4);
    await cache.invalidate(alice.did);
    await cache.resolve(alice.did);
    expect(inner.calls).toBe(5);
  });

  it('asks again for an answer older than maxAgeMs: a deactivation shows within it, not the TTL', async () => {
    let now = 1_000_000;
    const carol = newSigner();
    await chain.publishDocument(carol, await createDocument(carol));
    const inner = new CountingResolver(eid);
    const cache = new CachingResolver(inner, { ttlMs: 86_400_000, now: () => now });
    expect((await cache.resolve(carol.did)).status).toBe('valid');
    await chain.deactivate(carol);
    now += 60_000;
    // Within the day's TTL the cache answers, and before this change that was all it could do.
    expect((await cache.resolve(carol.did)).status).toBe('valid');
    expect((await cache.resolve(carol.did, { maxAgeMs: 120_000 })).status).toBe('valid');
    expect(inner.calls).toBe(1);
    expect((await cache.resolve(carol.did, { maxAgeMs: 30_000 })).status).toBe('deactivated');
    expect(inner.calls).toBe(2);
    // The fresh answer serves the next callers, whatever age they accept.
    expect((await cache.resolve(carol.did)).status).toBe('deactivated');
    expect((await cache.resolve(carol.did, { maxAgeMs: 1 })).status).toBe('deactivated');
    expect(inner.calls).toBe(2);
    // An entry of an older store (no storedAt) is too old for any maxAgeMs.
    const legacy = new MemoryCacheStore<ResolveResult>();
    await legacy.set(alice.did, { status: 'valid', document: aliceDoc }, now + 60_000);
    const onLegacy = new CachingResolver(inner, { store: legacy, now: () => now });
    await onLegacy.resolve(alice.did);
    expect(inner.calls).toBe(2);
    await onLegacy.resolve(alice.did, { maxAgeMs: 3_600_000 });
    expect(inner.calls).toBe(3);
    // ChainedResolver passes maxAgeMs on.
    const chained = new ChainedResolver([new CachingResolver(inner, { now: () => now })]);
    await chained.resolve(alice.did);
    now += 10_000;
    await chained.resolve(alice.did, { maxAgeMs: 5_000 });
    expect(inner.calls).toBe(5);
  });

  it('serves stale entries during an outage only within staleIfErrorMs', async () => {
    let now = 0;
    const inner = new CountingResolver(eid);
    const cache = new CachingResolver(inner, { ttlMs: 1000, staleIfErrorMs: 5000, now: () => now });
    await cache.resolve(alice.did);
    inner.fail = true;
    now = 3000;
    expect((await cache.resolve(alice.did)).status).toBe('valid');
    now = 7000;
    await expectDidError(cache.resolve(alice.did), 'RESOLVER_UNAVAILABLE');
    const strict = new CachingResolver(inner, { ttlMs: 1000, now: () => now });
    await expectDidError(strict.resolve(alice.did), 'RESOLVER_UNAVAILABLE');
  });

  it('keeps working when the store fails', async () => {
    const errors: unknown[] = [];
    const broken = {
      get: () => Promise.reject(new Error('db down')),
      set: () => Promise.reject(new Error('db down')),
    };
    const cache = new CachingResolver(eid, { store: broken, onStoreError: (e) => errors.push(e) });
    expect((await cache.resolve(alice.did)).status).toBe('valid');
    expect(errors).toHaveLength(2);
  });

  it('MemoryCacheStore is a bounded LRU', async () => {
    const store = new MemoryCacheStore<number>({ maxEntries: 2 });
    await store.set('a', 1, 10);
    await store.set('b', 2, 10);
    await store.get('a');
    await store.set('c', 3, 10);
    expect(store.size).toBe(2);
    expect(await store.get('b')).toBeNull();
    expect(await store.get('a')).toEqual({ value: 1, expiresAt: 10 });
  });

  it('rejects a bad inner resolver and bad DIDs', async () => {
    await expectDidError(() => new CachingResolver(null as unknown as DidResolver), 'MALFORMED');
    await expectDidError(new CachingResolver(eid).resolve('nope'), 'MALFORMED');
  });
});

describe('SelfCertifyingResolver', () => {
  it('resolves did:key and warns once per DID', async () => {
    const warnings: string[] = [];
    const r = new SelfCertifyingResolver({ onWarning: (w) => warnings.push(`${w.reason}:${w.did}`) });
    const k = newSigner('key');
    expect(await r.resolve(k.did)).toEqual({
      status: 'valid',
      document: didKeyDocument(k.did),
      metadata: { source: 'self-certifying' },
    });
    await r.resolve(k.did);
    expect(warnings).toEqual([`did-key:${k.did}`]);
  });

  it('accepts a presented did:elastos document whose id derives from its key; warns once', async () => {
    const warnings: string[] = [];
    const docs = new Map<string, unknown>();
    const r = new SelfCertifyingResolver({ documents: docs, onWarning: (w) => warnings.push(w.reason) });
    const s = newSigner();
    expect((await r.resolve(s.did)).status).toBe('not_found');
    const doc = await createDocument(s);
    docs.set(s.did, doc);
    expect(await r.resolve(s.did)).toEqual({
      status: 'valid',
      document: doc,
      metadata: { source: 'self-certifying' },
    });
    await r.resolve(s.did);
    expect(warnings).toEqual(['presented-document']);
    // a document filed under another DID, or tampered with, is not accepted
    const t = newSigner();
    docs.set(t.did, doc);
    expect((await r.resolve(t.did)).status).toBe('not_found');
    docs.set(t.did, { ...(await createDocument(t)), expires: '2099-01-01T00:00:00Z' });
    expect((await r.resolve(t.did)).status).toBe('not_found');
    expect((await r.resolve('did:web:example.com')).status).toBe('not_found');
  });

  it('hands back expired presented documents; resolveDocument then refuses them', async () => {
    const s = newSigner();
    const old = await createDocument(s, {
      now: new Date('2020-01-01T00:00:00Z'),
      expires: new Date('2021-01-01T00:00:00Z'),
    });
    const r = new SelfCertifyingResolver({
      documents: new Map([[s.did, old]]),
      onWarning: () => {
        throw new Error('logger broke');
      },
    });
    expect((await r.resolve(s.did)).status).toBe('valid');
    await expectDidError(resolveDocument(r, s.did), 'EXPIRED');
  });
});

describe('ChainedResolver', () => {
  it('first resolver that knows the DID wins; failures are not mistaken for not found', async () => {
    const k = newSigner('key');
    const failing = new CountingResolver(eid);
    failing.fail = true;
    const chained = new ChainedResolver([new SelfCertifyingResolver(), eid]);
    expect((await chained.resolve(k.did)).metadata?.source).toBe('self-certifying');
    expect((await chained.resolve(alice.did)).metadata?.source).toBe('eid');
    expect((await chained.resolve(newSigner().did)).status).toBe('not_found');
    expect((await new ChainedResolver([failing, eid]).resolve(alice.did)).status).toBe('valid');
    await expectDidError(
      new ChainedResolver([failing, new SelfCertifyingResolver()]).resolve(newSigner().did),
      'RESOLVER_UNAVAILABLE',
    );
    const plainError = { resolve: () => Promise.reject(new Error('socket hang up')) };
    await expectDidError(new ChainedResolver([plainError]).resolve(alice.did), 'RESOLVER_UNAVAILABLE');
    await expectDidError(chained.resolve('not-a-did'), 'MALFORMED');
    await expectDidError(() => new ChainedResolver([{} as DidResolver]), 'MALFORMED');
  });
});

describe('resolveDocument', () => {
  it('refuses what a resolver should not return', async () => {
    const s = newSigner();
    const doc = await createDocument(s);
    const fixed = (result: unknown): DidResolver => ({ resolve: async () => result as ResolveResult });
    await expectDidError(
      resolveDocument(
        fixed({ status: 'valid', document: { ...doc, expires: '2099-01-01T00:00:00Z' } }),
        s.did,
      ),
      'BAD_RESOLVER_REPLY',
    );
    await expectDidError(
      resolveDocument(fixed({ status: 'valid', document: doc }), newSigner().did),
      'BAD_RESOLVER_REPLY',
    );
    await expectDidError(resolveDocument(fixed({ status: 'valid' }), s.did), 'BAD_RESOLVER_REPLY');
    await expectDidError(resolveDocument(fixed(undefined), s.did), 'BAD_RESOLVER_REPLY');
    await expectDidError(resolveDocument(fixed({ status: 'weird' }), s.did), 'BAD_RESOLVER_REPLY');
    await expectDidError(
      resolveDocument(
        {
          resolve: () => {
            throw new TypeError('x');
          },
        },
        s.did,
      ),
      'RESOLVER_UNAVAILABLE',
    );
    await expectDidError(resolveDocument(null as unknown as DidResolver, s.did), 'MALFORMED');
    expect(await resolveDocument(fixed({ status: 'valid', document: doc }), s.did)).toEqual(doc);
  });
});

describe('IDChainRequest', () => {
  it('creates, verifies and publishes create / update / deactivate requests', async () => {
    const s = newSigner();
    const doc = await createDocument(s);
    const create = await createIdChainRequest(s, { operation: 'create', document: doc });
    expect(create.header).toEqual({ specification: 'elastos/did/1.0', operation: 'create' });
    expect(Buffer.from(create.payload, 'base64url').toString()).toBe(JSON.stringify(doc));
    expect(create.proof.verificationMethod).toBe(s.keyId);
    expect((await verifyIdChainRequest(create)).document).toEqual(doc);
    await publishIdChainRequest(chain.url, create);
    const { metadata } = await eid.resolve(s.did);
    const update = await createIdChainRequest(s, {
      operation: 'update',
      document: doc,
      previousTxid: metadata!.txid!,
    });
    expect(update.header.previousTxid).toBe(metadata!.txid);
    await verifyIdChainRequest(update);
    await expectDidError(
      verifyIdChainRequest({ ...update, header: { ...update.header, previousTxid: 'other' } }),
      'BAD_SIGNATURE',
    );
    await publishIdChainRequest(chain.url, update);
    const deactivate = await createIdChainRequest(s, { operation: 'deactivate' });
    expect(deactivate.payload).toBe(s.did);
    await verifyIdChainRequest(deactivate, doc);
    await expectDidError(verifyIdChainRequest(deactivate), 'MALFORMED');
    await publishIdChainRequest(chain.url, deactivate);
    expect((await eid.resolve(s.did)).status).toBe('deactivated');
    await expectDidError(publishIdChainRequest(chain.url, deactivate), 'BAD_RESOLVER_REPLY');
  });

  it('rejects malformed and unauthorised requests', async () => {
    const s = newSigner();
    const doc = await createDocument(s);
    const create = await createIdChainRequest(s, { operation: 'create', document: doc });
    await expectDidError(
      verifyIdChainRequest({ ...create, header: { ...create.header, specification: 'elastos/did/2.0' } }),
      'MALFORMED',
    );
    await expectDidError(
      verifyIdChainRequest({ ...create, header: { ...create.header, operation: 'transfer' } }),
      'UNSUPPORTED',
    );
    await expectDidError(
      verifyIdChainRequest({ ...create, header: { ...create.header, operation: 'update' } }),
      'MALFORMED',
    );
    await expectDidError(
      verifyIdChainRequest({ ...create, header: { ...create.header, operation: 'explode' } }),
      'MALFORMED',
    );
    await expectDidError(
      verifyIdChainRequest({ ...create, proof: { ...create.proof, verificationMethod: `${s.did}#other` } }),
      'INVALID_KEY',
    );
    await expectDidError(verifyIdChainRequest({ ...create, payload: 'bm90IGpzb24' }), 'MALFORMED');
    await expectDidError(
      createIdChainRequest(newSigner(), { operation: 'create', document: doc }),
      'INVALID_KEY',
    );
    await expectDidError(
      createIdChainRequest(s, { operation: 'update', document: doc, previousTxid: '' }),
      'MALFORMED',
    );
    await expectDidError(
      createIdChainRequest(s, { operation: 'deactivate', did: newSigner().did }),
      'UNSUPPORTED',
    );
    await expectDidError(createIdChainRequest(s, { operation: 'transfer' } as never), 'UNSUPPORTED');
    for (const g of [null, 1, 'x', {}, { header: {} }, []])
      await expectDidError(verifyIdChainRequest(g), 'MALFORMED');
  });
});
