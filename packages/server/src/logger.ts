/** pino with secrets redacted: tokens, keys and passwords never reach a log line. */
import { pino, type Logger } from 'pino';

export const redactedPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  '*.token',
  '*.privateKey',
  '*.private_key',
  '*.password',
  '*.challenge_response',
  '*.proof',
];

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      redact: { paths: redactedPaths, censor: '[redacted]' },
      base: { service: 'cella' },
    },
    destination,
  );
}

export type { Logger };

/** The part of a logger a request handler uses (fastify's request logger satisfies it). */
export type RequestLog = Pick<Logger, 'info' | 'warn' | 'error' | 'debug'>;
