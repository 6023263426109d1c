/**
 * Sign-in and authentication cost, measured in one run against one node:
 * full handshakes per second (signin + sign + auth), authenticated no-op requests per second
 * (GET /api/v2/payment/version with a token: a constant answer, so what is measured is the token
 * check and the policy around it), unauthenticated health requests per second, and GET
 * /api/v2/node/info with a token (the no-op until issue 26 made it gather the owner's presentation,
 * counts and machine figures) — the last three in alternating one-second phases
 * (CELLA_BENCH_SECONDS of each). Target (issue 3): authenticated ≥ 70% of health.
 */
import { createDocument, createPresentation, decodeJwt } from '@cella/did';
import { createDevIdentity } from '@cella/sdk';
import { startBenchNode } from './node-under-test.js';
import { fmt, load, pct, printTable } from './lib.js';

export async function benchAuth(): Promise<void> {
  const bench = await startBenchNode();
  const node = bench.node;
  try {
    const handshake = async () => {
      const user = createDevIdentity();
      const document = await createDocument(user.signer);
      const signin = await fetch(`${node.url}/api/v2/did/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ document }),
      });
      const { challenge } = (await signin.json()) as { challenge: string };
      const { iss, nonce } = decodeJwt(challenge).claims as { iss: string; nonce: string };
      const vp = await createPresentation(user.signer, { realm: iss, nonce });
      const auth = await fetch(`${node.url}/api/v2/did/auth`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ challenge_response: vp }),
      });
      if (auth.status !== 201) throw new Error(`auth failed: ${auth.status}`);
      return ((await auth.json()) as { token: string }).token;
    };
    const token = await handshake();
    for (let i = 0; i < 20; i++) await handshake(); // warm-up
    const seconds = Number(process.env.CELLA_BENCH_SECONDS ?? 5);
    let handshakes = 0;
    const started = performance.now();
    const workers = Array.from({ length: 4 }, async () => {
      while (performance.now() - started < seconds * 1000) {
        await handshake();
        handshakes++;
      }
    });
    await Promise.all(workers);
    const handshakesPerSecond = handshakes / ((performance.now() - started) / 1000);

    // Health and the authenticated no-op alternate in one-second phases, so that a shift in the
    // (shared) machine's load hits both alike and the ratio compares like with like.
    const health = { requests: 0, seconds: 0, failed: 0 };
    const authed = { requests: 0, seconds: 0, failed: 0 };
    const info = { requests: 0, seconds: 0, failed: 0 };
    const phase = async (into: typeof health, options: Parameters<typeof load>[0]) => {
      const result = await load({ ...options, durationSeconds: 1 });
      into.requests += result.requestsPerSecond;
      into.seconds += 1;
      into.failed += result.errors + result.non2xx;
    };
    const healthLoad = { url: `${node.url}/api/v2/health` };
    const bearer = { authorization: `Bearer ${token}` };
    const authedLoad = { url: `${node.url}/api/v2/payment/version`, headers: bearer };
    const infoLoad = { url: `${node.url}/api/v2/node/info`, headers: bearer };
    await load({ ...healthLoad, durationSeconds: 1 }); // warm-up
    await load({ ...authedLoad, durationSeconds: 1 });
    await load({ ...infoLoad, durationSeconds: 1 });
    for (let i = 0; i < seconds; i++) {
      await phase(health, healthLoad);
      await phase(authed, authedLoad);
      await phase(info, infoLoad);
    }
    const healthPerSecond = health.requests / health.seconds;
    const authedPerSecond = authed.requests / authed.seconds;
    const infoPerSecond = info.requests / info.seconds;
    printTable('Sign-in and authentication (one node, one run)', [
      {
        measure: 'full handshakes (signin + sign + auth), 4 concurrent clients',
        'per second': fmt(handshakesPerSecond, 1),
        'vs health': '',
      },
      {
        measure: 'unauthenticated GET /api/v2/health',
        'per second': fmt(healthPerSecond),
        'vs health': '100%',
      },
      {
        measure: 'authenticated no-op GET /api/v2/payment/version',
        'per second': fmt(authedPerSecond),
        'vs health': `${pct(authedPerSecond, healthPerSecond)} (target ≥ 70%)`,
      },
      {
        measure: 'authenticated GET /api/v2/node/info (owner presentation, counts, machine figures)',
        'per second': fmt(infoPerSecond),
        'vs health': pct(infoPerSecond, healthPerSecond),
      },
    ]);
    if (health.failed + authed.failed + info.failed > 0) console.log('WARNING: some requests failed');
  } finally {
    await bench.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchAuth();
