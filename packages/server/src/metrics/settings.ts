/**
 * The metrics token: from `CELLA_METRICS_TOKEN`, or read once at start from
 * `CELLA_METRICS_TOKEN_FILE`, a file other users must not be able to read (the node refuses to
 * start otherwise, as it does for a key).
 */
import { readFileSync, statSync } from 'node:fs';
import { ConfigError, type Config } from '../config.js';

const MIN_TOKEN_LENGTH = 16;

export function metricsToken(config: Pick<Config, 'metricsToken' | 'metricsTokenFile'>): string | undefined {
  if (config.metricsToken !== undefined) return config.metricsToken;
  const file = config.metricsTokenFile;
  if (file === undefined) return undefined;
  let text: string;
  let mode: number;
  try {
    mode = statSync(file).mode;
    text = readFileSync(file, 'utf8').trim();
  } catch (error) {
    throw new ConfigError(`cannot read CELLA_METRICS_TOKEN_FILE ${file}: ${(error as Error).message}`);
  }
  if (mode & 0o077)
    throw new ConfigError(
      `CELLA_METRICS_TOKEN_FILE ${file} is readable by other users (mode ${(mode & 0o777).toString(8)}): chmod 600 it`,
    );
  if (text.length < MIN_TOKEN_LENGTH || /\s/.test(text))
    throw new ConfigError(
      `CELLA_METRICS_TOKEN_FILE ${file} must hold one token of at least ${MIN_TOKEN_LENGTH} characters`,
    );
  return text;
}
