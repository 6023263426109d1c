/**
 * The executables of a script, in two steps: `plan` substitutes the run's variables and checks
 * every option (nothing touches the vault yet, so a bad parameter refuses the whole run before any
 * write), then the returned step runs against the TARGET vault through the same services the
 * vault's own endpoints use — the database service (quota, frozen state, query guard) and the
 * file store. Result shapes are the reference's (docs/scripts.md).
 */
import { isPlainObject } from '@cella/document-store';
import { CellaError } from '../errors.js';
import { JsonText } from '../json-text.js';
import type { VaultDatabase } from '../vault/database-service.js';
import type { VaultSpace } from '../vault/spaces.js';
import type { ScriptFiles } from './file-port.js';
import { MAX_SCRIPT_FIND_LIMIT } from './limits.js';
import type { LeafExecutable } from './model.js';
import { substitute, substitutePath, type RunVariables } from './substitution.js';
import type { TransactionGrant, TransactionStore } from './transactions.js';
import { assertWritable } from '../vault/writable.js';

export interface ExecutionEnv {
  vault: VaultSpace;
  database: VaultDatabase;
  files: ScriptFiles | null;
  transactions: TransactionStore;
  /** Who runs it, for transactions. */
  grant: Pick<TransactionGrant, 'callerDid' | 'bearer' | 'scriptName' | 'scriptVersion'>;
  /**
   * Bytes the run's answer may still take (CELLA_MAX_ANSWER_BYTES to begin with): a `find` stops
   * taking documents when the next would not fit, and says `next_skip`.
   */
  answer: { remaining: number };
  /** Whose turns the run's queries take (vault/query-gate.ts): the caller's DID or address. */
  asker: string;
}

export type Step = (env: ExecutionEnv) => Promise<unknown>;

function bad(where: string, message: string): never {
  throw new CellaError('INVALID_PARAMETER', `${where}: ${message}`);
}

function count(where: string, name: string, value: unknown): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
    bad(where, `option ${name} must be a non-negative integer`);
  return value;
}

function flag(where: string, name: string, value: unknown): boolean | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') bad(where, `option ${name} must be true or false`);
  return value;
}

/** `{field: ±1}` or the reference's list of `[field, ±1]` pairs. */
function sortOption(where: string, value: unknown): Record<string, 1 | -1> | undefined {
  if (value === undefined || value === null) return undefined;
  const entries = Array.isArray(value)
    ? value
    : isPlainObject(value)
      ? Object.entries(value)
      : bad(where, 'option sort must be an object or a list of [field, 1|-1] pairs');
  const sort: Record<string, 1 | -1> = {};
  for (const entry of entries) {
    if (
      !Array.isArray(entry) ||
      entry.length !== 2 ||
      typeof entry[0] !== 'string' ||
      (entry[1] !== 1 && entry[1] !== -1)
    ) {
      bad(where, 'option sort must map fields to 1 or -1');
    }
    sort[entry[0]] = entry[1];
  }
  return sort;
}

export function projectionOption(where: string, value: unknown): Record<string, 0 | 1> | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isPlainObject(value)) bad(where, 'option projection must be an object of field: 0 | 1');
  return value as Record<string, 0 | 1>;
}

async function requireFiles(env: ExecutionEnv): Promise<ScriptFiles> {
  if (!env.files)
    throw new CellaError(
      'NOT_IMPLEMENTED',
      'file executables need the files service, which this node does not run',
    );
  return env.files;
}

/** Substitutes and validates one executable; returns the step that runs it. */
export function plan(leaf: LeafExecutable, vars: RunVariables): Step {
  const where = `executable "${leaf.name}"`;
  switch (leaf.type) {
    case 'find': {
      const filter = substitute(leaf.filter, vars);
      const options = substitute(leaf.options, vars);
      const skip = count(where, 'skip', options.skip);
      const requested = count(where, 'limit', options.limit);
      // Capped: a script hands out at most MAX_SCRIPT_FIND_LIMIT documents per run.
      const limit =
        requested === undefined || requested === 0
          ? MAX_SCRIPT_FIND_LIMIT
          : Math.min(requested, MAX_SCRIPT_FIND_LIMIT);
      const sort = sortOption(where, options.sort);
      const projection = projectionOption(where, options.projection);
      return async ({ vault, database, answer, asker }) => {
        // The documents stay the engine's Extended JSON texts on their way to the answer, taken
        // while the run's answer has room (the first one always).
        const items: JsonText[] = [];
        let cut = false;
        const cursor = database.findCursor(
          vault,
          leaf.collection,
          {
            filter,
            limit,
            ...(skip ? { skip } : {}),
            ...(sort ? { sort } : {}),
            ...(projection ? { projection } : {}),
          },
          asker,
        );
        for await (const batch of cursor) {
          for (const text of batch) {
            const size = Buffer.byteLength(text) + 1;
            if (items.length > 0 && size > answer.remaining) {
              cut = true;
              break;
            }
            answer.remaining -= size;
            items.push(new JsonText(text));
          }
          if (cut) break;
        }
        // `total` ignores skip and limit (the reference's meaning); skip the count when the page
        // shows it is complete.
        const total =
          !cut && items.length < limit && (skip === undefined || skip === 0 || items.length > 0)
            ? (skip ?? 0) + items.length
            : (await database.count(vault, leaf.collection, filter, {}, asker)).count;
        return { total, items, ...(cut ? { next_skip: (skip ?? 0) + items.length } : {}) };
      };
    }
    case 'count': {
      const filter = substitute(leaf.filter, vars);
      return async ({ vault, database, asker }) => database.count(vault, leaf.collection, filter, {}, asker);
    }
    case 'insert': {
      const document = substitute(leaf.document, vars);
      const options = substitute(leaf.options, vars);
      const timestamp = flag(where, 'timestamp', options.timestamp) ?? false;
      return async ({ vault, database }) => {
        const result = await database.insert(vault, leaf.collection, document, { timestamp });
        return { acknowledged: result.acknowledged, inserted_id: result.inserted_ids[0] ?? null };
      };
    }
    case 'update': {
      const filter = substitute(leaf.filter, vars);
      const update = substitute(leaf.update, vars);
      const options = substitute(leaf.options, vars);
      const upsert = flag(where, 'upsert', options.upsert) ?? false;
      const timestamp = flag(where, 'timestamp', options.timestamp) ?? false;
      return async ({ vault, database }) =>
        database.update(vault, leaf.collection, filter, update, { upsert, timestamp, one: true });
    }
    case 'delete': {
      const filter = substitute(leaf.filter, vars);
      return async ({ vault, database }) => ({
        acknowledged: true,
        deleted_count: await database.delete(vault, leaf.collection, filter, { one: true }),
      });
    }
    case 'fileUpload':
    case 'fileDownload': {
      const path = substitutePath(leaf.path, vars);
      const kind = leaf.type === 'fileUpload' ? 'upload' : 'download';
      return async (env) => {
        const files = await requireFiles(env);
        if (kind === 'upload') assertWritable(env.vault);
        else await files.assertFile(env.vault, path);
        const transaction_id = await env.transactions.create({
          kind,
          targetDid: env.vault.userDid,
          targetApp: env.vault.app,
          path,
          ...env.grant,
        });
        return { transaction_id };
      };
    }
    case 'fileProperties': {
      const path = substitutePath(leaf.path, vars);
      return async (env) => (await requireFiles(env)).properties(env.vault, path);
    }
    case 'fileHash': {
      const path = substitutePath(leaf.path, vars);
      return async (env) => (await requireFiles(env)).hash(env.vault, path);
    }
  }
}
