// Throughput of the server-side checks: raw signature verify, document verify, JWT verify, VP
// verify (one credential) and the full Hive challenge-response (JWT + VP + VC). Resolution goes
// through a warm CachingResolver over the identity-chain stand-in, as on a node. "fresh" means a
// never-seen token/presentation each time (its signature really is verified); "repeat" means the
// same one again (served by the positive signature cache, like a client reusing its access token).
// Fixtures are signed with node:crypto through the Signer interface so generating them is quick.
import crypto from 'node:crypto';
import { p256 } from '@noble/curves/nist.js';
import { importJWK, jwtVerify } from 'jose';
import type { Signer } from '@cella/did';
import {
  CachingResolver,
  ChainedResolver,
  EidRpcResolver,
  SelfCertifyingResolver,
  createDocument,
  createKeySigner,
  createPresentation,
  generateKeyPair,
  issueCredential,
  signJwt,
  verifyDocument,
  verifyJwt,
  verifyPresentation,
  verifyPresentationJwt,
  verifySignature,
} from '@cella/did';
import { startIdChainStandIn } from '@cella/did/stand-in';
// Internal hook (same module instance as the package's): lets the raw figure measure real ECDSA work.
import { clearVerifiedSignatureCache } from '../src/verify.js';

const DURATION_MS = Number(process.env['BENCH_MS'] ?? 1500);
const FIXTURES = Number(process.env['BENCH_FIXTURES'] ?? 6000);

/** A Signer backed by node:crypto (fast), to produce many fixtures; `jwk` is its public key. */
function nodeSigner(method: 'elastos' | 'key' = 'elastos'): Signer & { jwk: crypto.JsonWebKey } {
  const { privateKey } = generateKeyPair();
  const base = createKeySigner(privateKey, { method });
  const full = p256.getPublicKey(privateKey, false);
  const key = crypto.createPrivateKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      d: Buffer.from(privateKey).toString('base64url'),
      x: Buffer.from(full.subarray(1, 33)).toString('base64url'),
      y: Buffer.from(full.subarray(33)).toString('base64url'),
    },
    format: 'jwk',
  });
  const { d: _d, ...jwk } = key.export({ format: 'jwk' });
  return {
    ...base,
    jwk,
    sign: async (data) => new Uint8Array(crypto.sign('sha256', data, { key, dsaEncoding: 'ieee-p1363' })),
  };
}

async function bench(name: string, fn: (i: number) => unknown, concurrency = 1): Promise<void> {
  for (let i = 0; i < 20; i++) await fn(i); // warm-up (JIT, key import cache)
  let ops = 0;
  const start = performance.now();
  while (performance.now() - start < DURATION_MS) {
    if (concurrency === 1) await fn(ops);
    else await Promise.all(Array.from({ length: concurrency }, (_, k) => fn(ops + k)));
    ops += concurrency;
  }
  const seconds = (performance.now() - start) / 1000;
  const label = concurrency === 1 ? name : `${name}, ${concurrency} concurrent`;
  console.log(
    `${label.padEnd(64)} ${Math.round(ops / seconds)
      .toString()
      .padStart(8)} ops/s`,
  );
}

/** Fixture i, never repeating within a run unless more ops than fixtures are done (then reported). */
function fresh<T>(items: T[], label: string): (i: number) => T {
  let warned = false;
  return (i) => {
    if (i >= items.length && !warned) {
      warned = true;
      console.log(`  (${label}: more ops than ${items.length} fixtures; later ones are repeats)`);
    }
    return items[(i + 20) % items.length]!;
  };
}

const chain = await startIdChainStandIn();
try {
  const user = nodeSigner();
  const node = nodeSigner();
  const app = nodeSigner('key');
  await chain.publishDocument(user, await createDocument(user));
  await chain.publishDocument(node, await createDocument(node));
  const resolver = new ChainedResolver([
    new SelfCertifyingResolver(),
    new CachingResolver(new EidRpcResolver({ url: chain.url })),
  ]);
  const exp = Math.floor(Date.now() / 1000) + 3600;

  const rawKey = nodeSigner();
  const messages = Array.from({ length: FIXTURES }, (_, i) =>
    new TextEncoder().encode(`message ${i} ${'x'.repeat(600)}`),
  );
  const signatures = await Promise.all(messages.map((m) => rawKey.sign(m)));
  const userDoc = await createDocument(user);
  const vc = await issueCredential(user, {
    id: '#app-id-credential',
    types: ['AppIdCredential'],
    subject: { id: app.did, appDid: 'did:elastos:iApp' },
  });
  const tokens = await Promise.all(
    Array.from({ length: FIXTURES }, (_, i) =>
      signJwt(node, { sub: 'AccessToken', aud: app.did, exp, jti: String(i) }),
    ),
  );
  const vps = await Promise.all(
    Array.from({ length: FIXTURES }, (_, i) =>
      createPresentation(app, { credentials: [vc], realm: node.did, nonce: `n${i}` }),
    ),
  );
  const responses = await Promise.all(
    vps.map((vp) => signJwt(app, { sub: 'DIDAuthResponse', aud: node.did, exp, presentation: vp })),
  );

  console.log(`@cella/did verification throughput (node ${process.version}, ${DURATION_MS} ms per figure)`);
  const at = (i: number) => i % FIXTURES;
  await bench('signature verify, pure JS noble (for comparison)', (i) =>
    p256.verify(signatures[at(i)]!, messages[at(i)]!, rawKey.publicKey, { lowS: false }),
  );
  const uncached = (i: number) => {
    clearVerifiedSignatureCache();
    return verifySignature(rawKey.publicKey, messages[at(i)]!, signatures[at(i)]!);
  };
  await bench('signature verify, WebCrypto (memo cleared each op)', uncached);
  await bench('signature verify, WebCrypto (memo cleared each op)', uncached, 16);
  await bench('DID document verify (repeat)', () => verifyDocument(userDoc));
  const tok = fresh(tokens, 'tokens');
  await bench('JWT verify (access token, issuer resolved), fresh', (i) =>
    verifyJwt(tok(i), { resolver, audience: app.did }),
  );
  // The node's own tokens are checked against its key, no resolution: ours against jose (issue 27,
  // the trade of using jose for the JWT code). Both verify every signature (fresh tokens).
  await bench('JWT verify (access token, node key given), fresh', (i) =>
    verifyJwt(tok(i), { publicKey: node.publicKey, issuer: node.did, audience: app.did }),
  );
  const joseKey = await importJWK({ ...node.jwk, alg: 'ES256' }, 'ES256');
  await bench('JWT verify with jose (jwtVerify, key imported once), fresh', (i) =>
    jwtVerify(tok(i), joseKey, { issuer: node.did, audience: app.did, algorithms: ['ES256'] }),
  );
  await bench('JWT verify (access token, issuer resolved), repeat', () =>
    verifyJwt(tokens[0]!, { resolver, audience: app.did }),
  );
  const vp = fresh(vps, 'presentations');
  await bench('VP verify (holder + AppIdCredential), fresh', (i) =>
    verifyPresentation(vp(i), { resolver, realm: node.did }),
  );
  const res = fresh(responses, 'responses');
  await bench('challenge-response (JWT + VP + VC), fresh', (i) =>
    verifyPresentationJwt(res(i), { resolver, realm: node.did }),
  );
  const nobleNode = createKeySigner(generateKeyPair().privateKey);
  await bench('signJwt (access token, noble key signer)', () =>
    signJwt(nobleNode, { sub: 'AccessToken', aud: app.did, exp }),
  );
  await bench('signJwt (access token, node:crypto signer)', () =>
    signJwt(node, { sub: 'AccessToken', aud: app.did, exp }),
  );
} finally {
  await chain.close();
}
