// did_resolveDID through @cella/did, against its identity-chain stand-in; the did-module probe
// against the stand-in (served) and anvil (a node without the did module).
import { createDocument, createKeySigner, generateKeyPair } from '@cella/did';
import { startIdChainStandIn, type IdChainStandIn } from '@cella/did/stand-in';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EvmRpcClient, IdentityChainClient, probeDidResolution, unpublishedProbeDid } from '../src/index.js';
import { startAnvil, type Anvil } from '../src/testing/index.js';

describe('identity chain DID resolution', () => {
  let chain: IdChainStandIn;
  let anvil: Anvil;
  beforeAll(async () => {
    [chain, anvil] = await Promise.all([startIdChainStandIn(), startAnvil({ chainId: 22 })]);
  });
  afterAll(async () => {
    await Promise.all([chain.close(), anvil.close()]);
  });

  it('resolves a published DID document and reports an unpublished one as not found', async () => {
    const signer = createKeySigner(generateKeyPair().privateKey);
    const doc = await createDocument(signer);
    await chain.publishDocument(signer, doc);
    const client = new IdentityChainClient({ url: chain.url });
    const resolved = await client.resolveDid(signer.did);
    expect(resolved.status).toBe('valid');
    expect(resolved.document?.id).toBe(signer.did);
    expect(await client.resolveDid(unpublishedProbeDid())).toEqual({ status: 'not_found' });
    const biography = await client.resolveBiography(signer.did, { all: true });
    expect(biography.status).toBe(0);
  });

  it('tells a node serving did_resolveDID from one without the did module', async () => {
    const served = new EvmRpcClient({ url: chain.url });
    const plain = new EvmRpcClient({ url: anvil.url });
    expect(await probeDidResolution(served)).toBe('served');
    expect(await probeDidResolution(plain)).toBe('not-served');
    served.destroy();
    plain.destroy();
  });
});
