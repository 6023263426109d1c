/**
 * The BlockStore engines the file tests run on: helia (embedded, always) and kubo when a daemon
 * can be had — `KUBO_API_URL`, or one started from the cached binary through
 * scripts/services/kubo.sh (the block-store tests' helper). Without either, kubo is skipped loudly.
 */
import { kuboBinary, startKubo, type KuboDaemon } from '../block-store/kubo-daemon.js';

export interface EngineUnderTest {
  name: 'helia' | 'kubo';
  /** Node config overrides selecting the engine (call once per node). */
  config(): Promise<{ ipfsApiUrl?: string }>;
  stop(): Promise<void>;
}

export function helia(): EngineUnderTest {
  return { name: 'helia', config: async () => ({}), stop: async () => undefined };
}

/** A kubo engine, or undefined (with a warning) when no daemon is available. */
export function kubo(): EngineUnderTest | undefined {
  const external = process.env.KUBO_API_URL;
  if (external) return { name: 'kubo', config: async () => ({ ipfsApiUrl: external }), stop: async () => undefined };
  if (kuboBinary() === undefined) {
    console.warn(
      `\n${'!'.repeat(100)}\nSKIPPED: the file tests on kubo did not run. Set KUBO_API_URL, or build the binary with ` +
        '`scripts/services/kubo.sh install` (needs Go).\n' +
        `${'!'.repeat(100)}\n`,
    );
    return undefined;
  }
  const daemons: KuboDaemon[] = [];
  return {
    name: 'kubo',
    async config() {
      const daemon = await startKubo();
      daemons.push(daemon);
      return { ipfsApiUrl: daemon.apiUrl };
    },
    async stop() {
      for (const d of daemons.splice(0)) await d.stop();
    },
  };
}

/** Both engines (CELLA_TEST_ENGINES=helia or =kubo narrows it while developing). */
export function engines(): EngineUnderTest[] {
  const only = process.env.CELLA_TEST_ENGINES?.split(',');
  const list: EngineUnderTest[] = [];
  if (!only || only.includes('helia')) list.push(helia());
  if (!only || only.includes('kubo')) {
    const k = kubo();
    if (k) list.push(k);
  }
  return list;
}
