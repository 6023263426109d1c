/**
 * A failure talking to the backup node, saying whether trying again may help (unreachable, 5xx,
 * 429) or not (refused, wrong answer). Its own module: the jobs check it without loading the
 * HTTP client (remote.ts), which loads only when a backup or restore runs.
 */
export class RemoteError extends Error {
  override name = 'RemoteError';
  constructor(
    readonly status: number | null,
    message: string,
    readonly retryable: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
