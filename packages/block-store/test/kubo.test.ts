/**
 * The conformance suite against a real kubo daemon:
 * - KUBO_API_URL set (CI starts one with scripts/services/kubo.sh): that daemon, for every store;
 * - else a daemon per store, started here from the binary `scripts/services/kubo.sh install` caches;
 * - else skipped, loudly.
 */
import { afterAll, describe, it } from 'vitest';
import { createKuboBlockStore } from '../src/kubo/index.js';
import { runBlockStoreConformance } from '../src/testing/conformance.js';
import { kuboBinary, startKubo, type KuboDaemon } from '../src/testing/kubo-daemon.js';

const external = process.env.KUBO_API_URL;
const daemons: KuboDaemon[] = [];
afterAll(async () => {
  for (const d of daemons) await d.stop();
});

if (external !== undefined && external !== '') {
  runBlockStoreConformance(`kubo at ${external}`, () => createKuboBlockStore({ apiUrl: external }));
} else if (kuboBinary() !== undefined) {
  runBlockStoreConformance('kubo (daemon started by the test)', async () => {
    const daemon = await startKubo();
    daemons.push(daemon);
    return createKuboBlockStore({ apiUrl: daemon.apiUrl });
  });
} else {
  const why =
    'SKIPPED: the kubo BlockStore conformance suite did not run. Set KUBO_API_URL to a kubo RPC API, ' +
    'or build the cached binary with `scripts/services/kubo.sh install` (needs Go).';
  console.warn(`\n${'!'.repeat(100)}\n${why}\n${'!'.repeat(100)}\n`);
  describe.skip('BlockStore conformance: kubo', () => {
    it(why, () => undefined);
  });
}
