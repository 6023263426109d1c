/**
 * Readiness: is every part this node needs answering? Each part (document store, block store, the
 * node's own disk, and the identity and payment chains when configured) is probed in parallel, each
 * within a timeout.
 *
 * The probe is public (load balancers and orchestrators call it without a token), so it is
 * bounded: concurrent calls share one check, an answer is reused for `reuseMs`, and a part whose
 * previous probe is still hanging is reported failed instead of being probed again (a dead
 * MongoDB keeps a driver call pending for its server-selection timeout). The answer names parts and
 * engines, never addresses; the details of a failure go to the log, once per change.
 */
import type { Logger } from '../logger.js';

export type PartName = 'document_store' | 'block_store' | 'storage' | 'identity_chain' | 'payment_chain';

export interface ReadinessPart {
  name: PartName;
  /** Shown in the answer (an engine name); never an address. */
  engine?: string;
  /** Resolves when the part answered as it should; rejects (with the reason) otherwise. */
  probe(signal: AbortSignal): Promise<void>;
}

export interface PartStatus {
  status: 'ok' | 'failed';
  engine?: string;
  ms: number;
  error?: string;
}

export interface ReadinessReport {
  ready: boolean;
  checks: Partial<Record<PartName, PartStatus>>;
}

/** A refusal the probe can name without saying where (the error is public). */
export class ProbeFailure extends Error {
  override name = 'ProbeFailure';
}

export interface ReadinessOptions {
  timeoutMs?: number;
  reuseMs?: number;
  log: Logger;
}

/** The part of a failure that is safe to show: a timeout, a socket error code, or our own reason. */
function publicReason(error: unknown, timedOut: boolean, timeoutMs: number): string {
  if (timedOut) return `timed out after ${timeoutMs} ms`;
  if (error instanceof ProbeFailure) return error.message;
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^E[A-Z]+$/.test(code))
      return code === 'ECONNREFUSED' ? 'refused' : code.toLowerCase();
  }
  return 'failed';
}

export class Readiness {
  private readonly timeoutMs: number;
  private readonly reuseMs: number;
  private last: { report: ReadinessReport; at: number } | undefined;
  private checking: Promise<ReadinessReport> | undefined;
  /** Probes that have not settled yet (they outlived their timeout). */
  private readonly hanging = new Set<PartName>();
  private readonly failing = new Set<PartName>();

  constructor(
    private readonly parts: readonly ReadinessPart[],
    private readonly options: ReadinessOptions,
  ) {
    this.timeoutMs = options.timeoutMs ?? 2000;
    this.reuseMs = options.reuseMs ?? 1000;
  }

  check(): Promise<ReadinessReport> {
    if (this.last && Date.now() - this.last.at < this.reuseMs) return Promise.resolve(this.last.report);
    this.checking ??= this.run().finally(() => (this.checking = undefined));
    return this.checking;
  }

  private async run(): Promise<ReadinessReport> {
    const statuses = await Promise.all(this.parts.map((part) => this.probe(part)));
    const checks: ReadinessReport['checks'] = {};
    this.parts.forEach((part, i) => (checks[part.name] = statuses[i]));
    const report = { ready: statuses.every((s) => s.status === 'ok'), checks };
    this.last = { report, at: Date.now() };
    return report;
  }

  private async probe(part: ReadinessPart): Promise<PartStatus> {
    const engine = part.engine === undefined ? {} : { engine: part.engine };
    if (this.hanging.has(part.name))
      return { status: 'failed', ...engine, ms: 0, error: 'the previous check has not answered yet' };
    const started = performance.now();
    const controller = new AbortController();
    let timedOut = false;
    let timer: NodeJS.Timeout | undefined;
    const attempt = part.probe(controller.signal);
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
        reject(new ProbeFailure(`timed out after ${this.timeoutMs} ms`));
      }, this.timeoutMs);
    });
    try {
      await Promise.race([attempt, deadline]);
      if (this.failing.delete(part.name))
        this.options.log.info({ part: part.name }, 'readiness: answering again');
      return { status: 'ok', ...engine, ms: Math.round(performance.now() - started) };
    } catch (error) {
      if (timedOut) {
        this.hanging.add(part.name);
        void attempt.catch(() => undefined).finally(() => this.hanging.delete(part.name));
      }
      if (!this.failing.has(part.name)) {
        this.failing.add(part.name);
        this.options.log.warn({ part: part.name, err: error }, 'readiness: a part does not answer');
      }
      return {
        status: 'failed',
        ...engine,
        ms: Math.round(performance.now() - started),
        error: publicReason(error, timedOut, this.timeoutMs),
      };
    } finally {
      clearTimeout(timer);
    }
  }
}
