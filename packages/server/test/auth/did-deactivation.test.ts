/**
 * A DID deactivated on the identity chain (the EID stand-in, with its real `did_resolveDID` wire
 * format: status 2, the deactivate transaction and the last document) loses its access within
 * `CELLA_DID_STATUS_TTL` (1 s here). Before (issue 27): the token issued before kept answering 200
 * until it expired (7 days by default), and a new sign-in succeeded while the DID document was
 * cached (24 h by default).
 */
import { createDocument, EidRpcResolver } from '@cella/did';
import { startIdChainStandIn, type IdChainStandIn } from '@cella/did/stand-in';
import { CellaApiError, connect, createDevIdentity } from '@cella/sdk';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DidStatusWatch } from '../../src/auth/did-status.js';
import { createLogger } from '../../src/logger.js';
import { startTempNode, type TempNode } from '../helpers/temp-node.js';

let chain: IdChainStandIn;
let node: TempNode;

beforeAll(async () => {
  chain = await startIdChainStandIn();
  // The cache keeps documents a day, as by default; the status TTL is what bounds a deactivation.
  node = await startTempNode({ eidRpcUrl: chain.url, didCacheTtlSeconds: 86_400, didStatusTtlSeconds: 1 });
});
afterAll(async () => {
  await node?.stop();
  await chain?.close();
});

/** A did:elastos user published on the chain, signed in through the SDK. */
async function publishedUser() {
  const identity = createDevIdentity('elastos');
  await chain.publishDocument(identity.signer, await createDocument(identity.signer));
  return { identity, vault: await connect({ url: node.url, signer: identity.signer }) };
}

/** The answer to one request with `token` (raw: the SDK would sign in again after a 401). */
async function withToken(token: string): Promise<{ status: number; message?: string }> {
  const response = await fetch(`${node.url}/api/v2/node/info`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await response.json()) as { error?: { message: string } };
  return response.status === 200
    ? { status: 200 }
    : { status: response.status, message: body.error?.message };
}

describe('a DID deactivated on the identity chain', () => {
  test('its token is refused within the status TTL, with a 401 that says why; others keep theirs', async () => {
    const alice = await publishedUser();
    const bob = await publishedUser();
    const token = await alice.vault.session.token();
    expect(await withToken(token)).toEqual({ status: 200 });
    await chain.deactivate(alice.identity.signer);

    const deadline = Date.now() + 15_000; // the bound is 1 s + a round (1 s); generous for the load
    let answer = await withToken(token);
    while (answer.status === 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      answer = await withToken(token);
    }
    expect(answer.status).toBe(401);
    expect(answer.message).toBe(
      `the DID ${alice.identity.did} was deactivated on the identity chain: its access tokens are no longer accepted`,
    );
    // From then on, every request of that DID; the SDK's new sign-in is refused too.
    expect((await withToken(token)).status).toBe(401);
    await expect(alice.vault.node.info()).rejects.toMatchObject({ status: 401 });
    // Another user, whose DID is still valid, is unaffected.
    expect(await withToken(await bob.vault.session.token())).toEqual({ status: 200 });
  });

  test('a sign-in past the status TTL resolves afresh: refused though the document is cached for a day', async () => {
    const carol = await publishedUser(); // her document is now in the node's cache (24 h)
    await chain.deactivate(carol.identity.signer);
    await new Promise((resolve) => setTimeout(resolve, 1_100)); // past the 1 s status TTL
    const again = await connect({ url: node.url, signer: carol.identity.signer }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(again).toBeInstanceOf(CellaApiError);
    expect((again as CellaApiError).status).toBe(401);
    expect((again as CellaApiError).message).toMatch(/deactivated/);
  });
});

describe('the background re-checks', () => {
  test('at most 20 resolutions a round, new DIDs first, each DID again once its TTL passed', async () => {
    const eid = new EidRpcResolver({ url: chain.url });
    let calls = 0;
    const counting = {
      resolve: (did: string) => {
        calls++;
        return eid.resolve(did);
      },
    };
    let now = 1_000_000;
    const watch = new DidStatusWatch({
      resolver: counting,
      ttlMs: 60_000,
      enabled: true,
      log: createLogger('silent'),
      now: () => now,
    });
    const dids = await Promise.all(
      Array.from({ length: 50 }, async () => {
        const identity = createDevIdentity('elastos');
        await chain.publishDocument(identity.signer, await createDocument(identity.signer));
        return identity;
      }),
    );
    for (const { did } of dids) watch.assertActive(did);
    watch.assertActive(createDevIdentity('key').did); // did:key cannot be deactivated: never checked
    await watch.round();
    expect(calls).toBe(20);
    await watch.round();
    await watch.round();
    expect(calls).toBe(50);
    await watch.round();
    expect(calls).toBe(50); // all checked within the TTL
    await chain.deactivate(dids[7]!.signer);
    now += 61_000;
    for (const { did } of dids) watch.assertActive(did);
    await watch.round();
    expect(calls).toBe(70);
    expect(() => watch.assertActive(dids[7]!.did)).toThrow(/deactivated/);
  });
});
