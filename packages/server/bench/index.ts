/**
 * `npm run bench -w @cella/server`: every server benchmark in sequence, each printing its table.
 * Figures are ratios measured in one run (ours vs. a baseline on the same machine), never asserted.
 * CELLA_BENCH_ONLY=auth,database limits the run; CELLA_BENCH_SECONDS sets each load phase (default 5).
 * The nodes run compiled (each app's `dist`, built by the root `npm run bench` first).
 */
import { benchAuth } from './auth.js';
import { benchBackup } from './backup.js';
import { benchDatabase } from './database.js';
import { benchEncryption } from './encryption.js';
import { benchEvents } from './events.js';
import { benchFairSharing } from './fair-sharing.js';
import { benchFiles } from './files.js';
import { benchMetrics } from './metrics.js';
import { benchPayment } from './payment.js';
import { benchPortability } from './portability.js';
import { benchRateLimits } from './rate-limits.js';
import { benchReadWorkers } from './read-workers.js';
import { benchScale } from './scale.js';
import { benchScaleOut } from './scale-out.js';
import { benchScripts } from './scripts.js';
import { benchStartup } from './startup.js';

const benches: Record<string, () => Promise<void>> = {
  startup: benchStartup,
  auth: benchAuth,
  'rate-limits': benchRateLimits,
  database: benchDatabase,
  'fair-sharing': benchFairSharing,
  'read-workers': benchReadWorkers,
  scale: benchScale,
  files: benchFiles,
  encryption: benchEncryption,
  scripts: benchScripts,
  events: benchEvents,
  payment: benchPayment,
  backup: benchBackup,
  portability: benchPortability,
  'scale-out': benchScaleOut,
  metrics: benchMetrics,
};

const only = process.env.CELLA_BENCH_ONLY?.split(',').map((s) => s.trim());
for (const [name, run] of Object.entries(benches)) {
  if (only && !only.includes(name)) continue;
  await run();
}
