/**
 * The node's Prometheus metrics (prom-client): one registry per node, merged with the process
 * metrics (process-metrics.ts) when scraped. Every metric is listed, with its type, labels and
 * meaning, in docs/operations.md; a test scrapes a running node and checks that list against this
 * registry, so a metric added here without its line there fails.
 *
 * Label values are bounded: routes are the contract's operation ids (or a route template), never a
 * raw URL; outcomes are error codes of the closed catalogue; operations are port method names.
 *
 * Layers below the HTTP layer never import prom-client: services report through the small
 * callbacks of `MetricsHooks`, handed to them by the wiring (node.ts).
 */
import { Counter, Gauge, Registry } from 'prom-client';
import type { Database } from '@cella/document-store';
import type { Logger } from '../logger.js';
import { HotCounter, HotHistogram } from './hot-metrics.js';
import { NodeWideFigures, type NodeWideSnapshot } from './node-wide.js';
import { processRegistry } from './process-metrics.js';

/** What the services and handlers report (no-ops when metrics are off). */
export interface MetricsHooks {
  /** A finished sign-in (`/did/auth`, or `/did/backup_auth` for nodes): `ok` or the refusal's error code. */
  signIn(kind: 'user' | 'node', outcome: string): void;
  /** A request refused by a rate limit or a cap (bucket: the limiter's name). */
  rateLimitRefused(bucket: string): void;
  /** A backup or restore job ended here; `networkBytes`: what its last run moved over the network. */
  backupJobEnded(kind: 'backup' | 'restore', result: 'success' | 'failed', networkBytes: number): void;
  /** Backup node: bytes of blocks received from primaries. */
  backupBytesReceived(bytes: number): void;
  /** An event stream opened (`owner`: the vault's own; `script`: a script's view). */
  eventStreamOpened(kind: 'owner' | 'script'): void;
  /** An event stream closed: by the client, or cut by the node (`reason`: the final event's error). */
  eventStreamClosed(kind: 'owner' | 'script', reason: string): void;
  /** Events sent on streams. */
  eventsSent(count: number): void;
  /** A vault import ended (imported, refused for its file or vault, failed); `bytes`: of the CAR read. */
  vaultImportEnded(result: 'success' | 'refused' | 'failed', bytes: number): void;
}

/** Engine latency: a port operation and how long it took. */
export type ObserveOperation = (operation: string, seconds: number) => void;

/** Queries waiting for their caller's turn (vault/query-gate.ts). */
export interface WaitingQueries {
  readonly waiting: number;
}

/** The SQLite engine's read pool, as the wiring reads it (engines/open.ts). */
export type ReadPoolFigures = () => { threads: number; busy: number; queued: number; replaced: number };

export interface Metrics extends MetricsHooks {
  readonly enabled: boolean;
  /** One answered HTTP request. */
  observeRequest(route: string, method: string, status: number, seconds: number): void;
  observeDocumentStore: ObserveOperation;
  /** A DocumentStore read stopped at its time bound (StoreError TIMEOUT), by port method. */
  documentStoreTimedOut(operation: string): void;
  observeBlockStore: ObserveOperation;
  /** Reports the queries waiting for a turn at every scrape. */
  watchQueryGate(gate: WaitingQueries): void;
  /** The exposition text and its content type. */
  scrape(): Promise<{ contentType: string; text: string }>;
}

const HTTP_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const ENGINE_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5];

export interface NodeMetricsOptions {
  nodeDb: Database;
  /** How often, at most, node-wide figures are recounted (on a scrape). */
  scanIntervalMs: number;
  /** The node database's engine: MongoDB counts on its server, SQLite in pages in this process. */
  engine: 'sqlite' | 'mongodb';
  /** The SQLite engine's read pool (null on MongoDB, or reads on the node's thread). */
  readPool?: ReadPoolFigures | null;
  clock?: () => number;
  /** Free bytes of the node's disk by part (storage/free-space.ts), read at scrape time. */
  freeSpace?: () => Promise<Partial<Record<string, number>>>;
  log: Logger;
}

export class NodeMetrics implements Metrics {
  readonly enabled = true;
  readonly registry: Registry;
  private readonly own = new Registry();
  private readonly requests: HotCounter;
  private readonly durations: HotHistogram;
  private readonly signIns: Counter<'kind' | 'outcome'>;
  private readonly refusals: Counter<'bucket'>;
  private readonly backupJobs: Counter<'kind' | 'result'>;
  private readonly backupBytes: Counter<'kind'>;
  private readonly receivedBytes: Counter;
  private readonly timeouts: Counter<'operation'>;
  private gate: WaitingQueries | null = null;
  private readonly eventStreams: Gauge<'kind'>;
  private readonly eventsOut: Counter;
  private readonly eventStreamsCut: Counter<'reason'>;
  private readonly imports: Counter<'result'>;
  private readonly importBytes: Counter;
  // Every request and every engine operation: counted without prom-client's per-call label
  // hashing (hot-metrics.ts).
  private readonly documentOps: HotHistogram;
  private readonly blockOps: HotHistogram;

  constructor(options: NodeMetricsOptions) {
    const registers = [this.own];
    this.requests = new HotCounter(
      'cella_http_requests_total',
      'HTTP requests answered, by route (operation id or route template) and status.',
    );
    this.durations = new HotHistogram(
      'cella_http_request_duration_seconds',
      'Time from receiving a request to the end of its answer, by route.',
      HTTP_BUCKETS,
    );
    this.signIns = new Counter({
      name: 'cella_sign_ins_total',
      help: 'Finished sign-ins (challenge responses), by kind (user, node) and outcome (ok or the error code).',
      labelNames: ['kind', 'outcome'],
      registers,
    });
    this.refusals = new Counter({
      name: 'cella_rate_limit_refusals_total',
      help: 'Requests refused with 429 by a rate limit or a cap, by bucket.',
      labelNames: ['bucket'],
      registers,
    });
    this.imports = new Counter({
      name: 'cella_vault_imports_total',
      help: 'Vault imports (POST /api/v2/vault/import) that ended in this process, by result (success, refused, failed).',
      labelNames: ['result'],
      registers,
    });
    this.importBytes = new Counter({
      name: 'cella_vault_import_bytes_total',
      help: 'Bytes of vault exports imported successfully in this process.',
      registers,
    });
    this.backupJobs = new Counter({
      name: 'cella_backup_jobs_total',
      help: 'Backup and restore jobs that ended in this process, by kind and result.',
      labelNames: ['kind', 'result'],
      registers,
    });
    this.backupBytes = new Counter({
      name: 'cella_backup_network_bytes_total',
      help: 'Bytes backup and restore jobs of this process moved to or from backup nodes, by kind.',
      labelNames: ['kind'],
      registers,
    });
    this.receivedBytes = new Counter({
      name: 'cella_backup_received_bytes_total',
      help: 'Backup node: bytes of blocks received from primaries.',
      registers,
    });
    this.timeouts = new Counter({
      name: 'cella_db_query_timeouts_total',
      help: 'DocumentStore reads stopped at their time bound (maxTimeMS, else CELLA_QUERY_TIMEOUT), by port method.',
      labelNames: ['operation'],
      registers,
    });
    const gauges = { registers };
    const waiting: Gauge = new Gauge({
      name: 'cella_db_queries_waiting',
      help: "Database queries waiting for their caller's turn (CELLA_QUERIES_PER_CALLER), in this process.",
      ...gauges,
      collect: () => waiting.set(this.gate?.waiting ?? 0),
    });
    const readPool = options.readPool;
    if (readPool) {
      const workers: Gauge<'state'> = new Gauge({
        name: 'cella_db_read_workers',
        help: 'Read worker threads of the SQLite engine, by state (busy: running a read; idle).',
        labelNames: ['state'],
        ...gauges,
        collect: () => {
          const now = readPool();
          workers.set({ state: 'busy' }, now.busy);
          workers.set({ state: 'idle' }, now.threads - now.busy);
        },
      });
      const queued: Gauge = new Gauge({
        name: 'cella_db_read_queue',
        help: 'Reads waiting for a read worker of the SQLite engine.',
        ...gauges,
        collect: () => queued.set(readPool().queued),
      });
      const replaced: Counter = new Counter({
        name: 'cella_db_read_workers_replaced_total',
        help: 'Read worker threads of the SQLite engine that died (or were stopped past a bound) and were replaced.',
        ...gauges,
        collect: () => {
          // The pool counts; the counter shows its total.
          replaced.reset();
          replaced.inc(readPool().replaced);
        },
      });
    }
    this.eventStreams = new Gauge({
      name: 'cella_event_streams_open',
      help: 'Event streams open in this process, by kind (owner: a vault’s own feed; script: a script’s live view).',
      labelNames: ['kind'],
      registers,
    });
    this.eventsOut = new Counter({
      name: 'cella_events_sent_total',
      help: 'Events sent on event streams by this process.',
      registers,
    });
    this.eventStreamsCut = new Counter({
      name: 'cella_event_streams_cut_total',
      help: 'Event streams the node ended, by reason (consumer_too_slow, condition_failed, script_changed, vault_removed, shutting_down).',
      labelNames: ['reason'],
      registers,
    });
    this.documentOps = new HotHistogram(
      'cella_document_store_operation_seconds',
      'Latency of DocumentStore operations, by port method.',
      ENGINE_BUCKETS,
    );
    this.blockOps = new HotHistogram(
      'cella_block_store_operation_seconds',
      'Latency of BlockStore operations that do not stream, by port method.',
      ENGINE_BUCKETS,
    );
    for (const metric of [this.requests, this.durations, this.documentOps, this.blockOps])
      this.own.registerMetric(metric.asMetric());
    const clock = options.clock ?? Date.now;
    registerNodeWideGauges(
      this.own,
      new NodeWideFigures(
        options.nodeDb,
        options.scanIntervalMs,
        clock,
        options.log,
        options.engine === 'mongodb',
      ),
      clock,
    );
    const freeSpace = options.freeSpace;
    if (freeSpace) {
      const free: Gauge<'part'> = new Gauge({
        name: 'cella_storage_free_bytes',
        help: "Free bytes on the node's own disk, by part: data (the data dir), documents (embedded SQLite), blocks (embedded helia). Below CELLA_MIN_FREE_BYTES writes get 507 and readiness fails.",
        labelNames: ['part'],
        registers,
        async collect() {
          for (const [part, bytes] of Object.entries(await freeSpace()))
            if (bytes !== undefined) free.set({ part }, bytes);
        },
      });
    }
    this.registry = Registry.merge([processRegistry(), this.own]);
  }

  observeRequest(route: string, method: string, status: number, seconds: number): void {
    const series = `${method} ${route}`;
    this.requests.inc(`${series} ${status}`, () => ({ route, method, status: String(status) }));
    this.durations.observe(series, () => ({ route, method }), seconds);
  }

  readonly observeDocumentStore: ObserveOperation = (operation, seconds) =>
    this.documentOps.observe(operation, () => ({ operation }), seconds);

  readonly observeBlockStore: ObserveOperation = (operation, seconds) =>
    this.blockOps.observe(operation, () => ({ operation }), seconds);

  documentStoreTimedOut(operation: string): void {
    this.timeouts.labels(operation).inc();
  }

  watchQueryGate(gate: WaitingQueries): void {
    this.gate = gate;
  }

  signIn(kind: 'user' | 'node', outcome: string): void {
    this.signIns.labels(kind, outcome).inc();
  }

  rateLimitRefused(bucket: string): void {
    this.refusals.labels(bucket).inc();
  }

  backupJobEnded(kind: 'backup' | 'restore', result: 'success' | 'failed', networkBytes: number): void {
    this.backupJobs.labels(kind, result).inc();
    this.backupBytes.labels(kind).inc(networkBytes);
  }

  vaultImportEnded(result: 'success' | 'refused' | 'failed', bytes: number): void {
    this.imports.labels(result).inc();
    if (result === 'success') this.importBytes.inc(bytes);
  }

  backupBytesReceived(bytes: number): void {
    this.receivedBytes.inc(bytes);
  }

  eventStreamOpened(kind: 'owner' | 'script'): void {
    this.eventStreams.labels(kind).inc();
  }

  eventStreamClosed(kind: 'owner' | 'script', reason: string): void {
    this.eventStreams.labels(kind).dec();
    if (reason !== 'client') this.eventStreamsCut.labels(reason).inc();
  }

  eventsSent(count: number): void {
    this.eventsOut.inc(count);
  }

  async scrape(): Promise<{ contentType: string; text: string }> {
    return { contentType: this.registry.contentType, text: await this.registry.metrics() };
  }
}

/**
 * Gauges read from the node database at scrape time (node-wide: every process reports the same).
 * Until a count has succeeded they show nothing but their age (+Inf).
 */
function registerNodeWideGauges(registry: Registry, figures: NodeWideFigures, clock: () => number): void {
  const registers = [registry];
  const gauge = <L extends string>(
    config: { name: string; help: string; labelNames?: readonly L[] },
    set: (metric: Gauge<L>, now: NodeWideSnapshot) => void,
  ): void => {
    const metric: Gauge<L> = new Gauge<L>({
      ...config,
      registers,
      async collect() {
        const now = await figures.snapshot();
        if (now) set(metric, now);
      },
    });
  };
  gauge(
    {
      name: 'cella_vaults',
      help: 'Vaults on the node (node-wide), by state: running, read_only (over quota), frozen, removed (unsubscribed, kept).',
      labelNames: ['state'],
    },
    (metric, now) => {
      for (const [state, count] of Object.entries(now.vaults)) metric.set({ state }, count);
    },
  );
  gauge(
    {
      name: 'cella_users',
      help: 'Users known to the node (node-wide): one vault record each, unsubscribed ones included.',
    },
    (metric, now) => metric.set(now.users),
  );
  gauge(
    {
      name: 'cella_storage_used_bytes',
      help: "Storage charged to vaults (node-wide), by kind: documents (their BSON bytes) and files (the files' bytes).",
      labelNames: ['kind'],
    },
    (metric, now) => {
      metric.set({ kind: 'documents' }, now.documentBytes);
      metric.set({ kind: 'files' }, now.fileBytes);
    },
  );
  gauge(
    {
      name: 'cella_files',
      help: 'File entries in vaults that name stored content (node-wide): the sum of the CID reference counts.',
    },
    (metric, now) => metric.set(now.files),
  );
  gauge(
    {
      name: 'cella_pinned_cids',
      help: 'Distinct file contents (root CIDs) pinned for vault files (node-wide).',
    },
    (metric, now) => metric.set(now.pinnedCids),
  );
  gauge(
    {
      name: 'cella_backup_jobs_running',
      help: 'Backup and restore jobs running on the node (node-wide, whichever process runs them), by kind.',
      labelNames: ['kind'],
    },
    (metric, now) => {
      metric.set({ kind: 'backup' }, now.runningJobs.backup);
      metric.set({ kind: 'restore' }, now.runningJobs.restore);
    },
  );
  const age: Gauge = new Gauge({
    name: 'cella_node_figures_age_seconds',
    help: 'Age of the node-wide figures (recounted on a scrape at most every CELLA_METRICS_SCAN_INTERVAL seconds; +Inf before the first count).',
    registers,
    async collect() {
      const now = await figures.snapshot();
      age.set(now ? Math.max(0, (clock() - now.takenAt) / 1000) : Infinity);
    },
  });
}

/** Metrics off (`CELLA_METRICS=false`): nothing is counted, no route is served. */
export const disabledMetrics: Metrics = {
  enabled: false,
  observeRequest: () => undefined,
  observeDocumentStore: () => undefined,
  documentStoreTimedOut: () => undefined,
  observeBlockStore: () => undefined,
  watchQueryGate: () => undefined,
  signIn: () => undefined,
  rateLimitRefused: () => undefined,
  backupJobEnded: () => undefined,
  backupBytesReceived: () => undefined,
  eventStreamOpened: () => undefined,
  eventStreamClosed: () => undefined,
  eventsSent: () => undefined,
  vaultImportEnded: () => undefined,
  scrape: async () => ({ contentType: 'text/plain', text: '' }),
};
