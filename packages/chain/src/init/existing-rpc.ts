// The RPC credentials a (re)init keeps: those of the config.json already there. A running main
// chain node and the arbiter authenticate with them, so init never replaces them silently — not
// even when the file fails its model for a reason that has nothing to do with them (a field edited
// by hand, a newer binary's key): they are read from the raw JSON then, kept, and init says so.
// Only a file whose credentials cannot be read at all stops init.
import { promises as fs } from 'node:fs';
import type { LoadedFile } from '../config/read-file.js';
import { InitError } from './init-error.js';
import type { RpcCredential } from './render-init.js';

type RpcFields = { User?: unknown; Pass?: unknown } | undefined;

/** An interrupted init leaves these (or nothing): new credentials are generated for them. */
const PLACEHOLDERS = new Set(['', 'USER', 'PASSWORD']);

function usable(cred: RpcFields): RpcCredential | undefined {
  if (typeof cred?.User !== 'string' || typeof cred.Pass !== 'string') return undefined;
  if (PLACEHOLDERS.has(cred.User) || PLACEHOLDERS.has(cred.Pass)) return undefined;
  return { user: cred.User, pass: cred.Pass };
}

/** Whether the raw file holds `RpcConfiguration` User and Pass as strings (placeholders included). */
function hasStrings(cred: RpcFields): boolean {
  return typeof cred?.User === 'string' && typeof cred.Pass === 'string';
}

/**
 * The credentials to keep from `file` (`Configuration.RpcConfiguration`), or undefined to generate
 * new ones (no file, or an interrupted init's placeholders). `kept` gets a line when they came
 * from a file that failed its model.
 */
export async function existingRpcCredentials(
  file: LoadedFile<{ Configuration: { RpcConfiguration?: RpcFields } }>,
  shown: string,
  kept: string[],
): Promise<RpcCredential | undefined> {
  if (file.value) return usable(file.value.Configuration.RpcConfiguration);
  if (!file.exists) return undefined;
  let raw: RpcFields;
  try {
    const json = JSON.parse(await fs.readFile(file.path, 'utf8')) as {
      Configuration?: { RpcConfiguration?: RpcFields };
    };
    raw = json?.Configuration?.RpcConfiguration;
  } catch {
    raw = undefined;
  }
  if (!hasStrings(raw)) {
    throw new InitError(
      'UNREADABLE_EXISTING_FILE',
      `${shown} is not valid (${file.error ?? 'unreadable'}) and its RPC credentials cannot be read, so a ` +
        `new file would replace the credentials the running node and the arbiter use: fix the file, or ` +
        `move it away to start with new credentials`,
    );
  }
  const cred = usable(raw);
  if (cred) {
    kept.push(
      `${shown} did not match its model (${file.error ?? 'invalid'}): its RPC credentials are kept, ` +
        'the rest is rewritten from the defaults',
    );
  }
  return cred;
}
