/**
 * The logger of one request (fastify's `request.log`, `childLoggerFactory`): pino's child with the
 * request id, made when the request first writes a line at an enabled level. Fastify makes that
 * child for every request before any hook runs, and pino's child serialises its bindings (through
 * the redaction) at once: ~3% of a sorted page's CPU on the node's thread for requests that mostly
 * write no line (docs/document-store.md, "The page's request path, third look"). A line is the
 * child's own, made the same way; only when is different.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, Level, Logger } from 'pino';

export class RequestLogger {
  private made: FastifyBaseLogger | null = null;

  constructor(
    private readonly parent: Logger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private get logger(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings, this.options) as FastifyBaseLogger);
  }

  private line(level: Level, args: unknown[]): void {
    if (this.made || this.parent.isLevelEnabled(level)) Reflect.apply(this.logger[level], this.logger, args);
  }

  get level(): string {
    return this.made ? this.made.level : this.parent.level;
  }

  set level(level: string) {
    this.logger.level = level;
  }

  fatal(...args: unknown[]): void {
    this.line('fatal', args);
  }
  error(...args: unknown[]): void {
    this.line('error', args);
  }
  warn(...args: unknown[]): void {
    this.line('warn', args);
  }
  info(...args: unknown[]): void {
    this.line('info', args);
  }
  debug(...args: unknown[]): void {
    this.line('debug', args);
  }
  trace(...args: unknown[]): void {
    this.line('trace', args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }
}

/**
 * Fastify's `childLoggerFactory`: a `RequestLogger`, or pino's child at once when the route sets
 * its own level or serializers (none does today; the child then works as fastify's default).
 */
export function requestLogger(
  this: unknown,
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  if (options.level !== undefined || options.serializers !== undefined)
    return logger.child(bindings, options);
  return new RequestLogger(logger as unknown as Logger, bindings, options);
}
