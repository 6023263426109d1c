/**
 * Stored scripts: one document per script in the owner's vault collection `__scripts__`, `_id` =
 * the script name. Condition and executable are kept in the form they were registered in (so
 * listing shows the author what they sent), with `$`-prefixed and dotted keys escaped so they
 * round-trip through both DocumentStore engines. Each registration gets a fresh `version`, which
 * file transactions remember: replacing or removing a script voids its outstanding transactions.
 *
 * Script documents count as database usage of the owner's vault and are charged inside the write.
 */
import { randomBytes } from 'node:crypto';
import type { schemas } from '@cella/openapi';
import type { Collection, Document, DocumentStore } from '@cella/document-store';
import { escapeDollarKeys, parseExtJson, unescapeDollarKeys } from '@cella/document-store';
import { CellaError } from '../errors.js';
import { INTERNAL_COLLECTIONS } from '../vault/names.js';
import { fromStoreError } from '../port-errors.js';
import { spaceDatabase, type VaultSpace } from '../vault/spaces.js';
import type { VaultService } from '../vault/vaults.js';
import { MAX_SCRIPT_CHARS } from './limits.js';
import {
  assertUserScriptName,
  normalizeCondition,
  normalizeExecutable,
  type ConditionNode,
  type ExecutableNode,
} from './model.js';
import { assertWritable } from '../vault/writable.js';

/** What a client sends to register a script (either wire form). */
export interface ScriptDefinition {
  condition?: unknown;
  executable: unknown;
  allowAnonymousUser?: boolean;
  allowAnonymousApp?: boolean;
}

/** A script as listed: the definition as registered, with its name. */
export interface ListedScript {
  name: string;
  condition?: schemas.scripts.Condition;
  executable: schemas.scripts.Executable;
  allowAnonymousUser: boolean;
  allowAnonymousApp: boolean;
}

/** A script ready to run. */
export interface LoadedScript {
  name: string;
  version: string;
  condition: ConditionNode | null;
  executable: ExecutableNode;
  /** Both reference flags set: callers without a token may run it. */
  anonymous: boolean;
}

export interface RegisterResult {
  acknowledged: boolean;
  matched_count: number;
  modified_count: number;
  upserted_id: string | null;
}

const MAX_DEFINITION_DEPTH = 100;

/**
 * Nesting of a JSON value, measured without recursion and stopping past `limit`: unknown fields of
 * the reference's `body` form are stored as sent, so their depth is bounded before anything walks
 * them recursively (escaping, measuring).
 */
function depthExceeds(value: unknown, limit: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (item === null || typeof item !== 'object') continue;
    if (depth > limit) return true;
    for (const child of Array.isArray(item) ? item : Object.values(item)) stack.push([child, depth + 1]);
  }
  return false;
}

function compile(name: string, definition: Pick<ScriptDefinition, 'condition' | 'executable'>) {
  return {
    condition:
      definition.condition === undefined || definition.condition === null
        ? null
        : normalizeCondition(definition.condition, name),
    executable: normalizeExecutable(definition.executable, name),
  };
}

/** A stored script as the listing shows it: stored as registered, so in the contract's shapes. */
function listed(doc: Document): ListedScript {
  return {
    name: String(doc._id),
    ...(doc.condition === undefined
      ? {}
      : { condition: unescapeDollarKeys(doc.condition) as schemas.scripts.Condition }),
    executable: unescapeDollarKeys(doc.executable) as schemas.scripts.Executable,
    allowAnonymousUser: doc.allowAnonymousUser === true,
    allowAnonymousApp: doc.allowAnonymousApp === true,
  };
}

export class ScriptRegistry {
  constructor(
    private readonly store: DocumentStore,
    private readonly vaults: VaultService,
    private readonly clock: () => number,
  ) {}

  private collection(vault: VaultSpace): Collection {
    return spaceDatabase(this.store, vault).collection(INTERNAL_COLLECTIONS.scripts);
  }

  private charged<T>(
    vault: VaultSpace,
    write: (beforeCommit: (delta: number) => Promise<void>) => Promise<T>,
  ): Promise<T> {
    return this.vaults.chargedWrite(vault.userDid, 'db', write);
  }

  /** Registers or replaces. Validation failures are 400 and store nothing. */
  async register(vault: VaultSpace, name: string, definition: ScriptDefinition): Promise<RegisterResult> {
    assertWritable(vault);
    assertUserScriptName(name);
    if (depthExceeds([definition.condition, definition.executable], MAX_DEFINITION_DEPTH)) {
      throw new CellaError(
        'INVALID_PARAMETER',
        `the script is nested deeper than ${MAX_DEFINITION_DEPTH} levels`,
      );
    }
    compile(name, definition);
    const size = JSON.stringify([definition.condition ?? null, definition.executable]).length;
    if (size > MAX_SCRIPT_CHARS)
      throw new CellaError(
        'INVALID_PARAMETER',
        `the script is larger than ${MAX_SCRIPT_CHARS} characters of JSON`,
      );
    const now = Math.floor(this.clock() / 1000);
    const fields: Document = {
      name,
      executable: escapeDollarKeys(definition.executable),
      allowAnonymousUser: definition.allowAnonymousUser === true,
      allowAnonymousApp: definition.allowAnonymousApp === true,
      version: randomBytes(12).toString('base64url'),
      modified: now,
    };
    const hasCondition = definition.condition !== undefined && definition.condition !== null;
    if (hasCondition) fields.condition = escapeDollarKeys(definition.condition);
    const update: Document = { $set: fields, $setOnInsert: { created: now } };
    if (!hasCondition) update.$unset = { condition: '' };
    const result = await this.charged(vault, (beforeCommit) =>
      this.collection(vault).updateOne({ _id: name }, update, { upsert: true, beforeCommit }),
    );
    return {
      acknowledged: true,
      matched_count: result.matchedCount,
      modified_count: result.modifiedCount,
      upserted_id: result.upsertedId === null ? null : String(result.upsertedId),
    };
  }

  async load(vault: VaultSpace, name: string): Promise<LoadedScript | null> {
    let doc: Document | null;
    try {
      doc = await this.collection(vault).findOne({ _id: name });
    } catch (error) {
      throw fromStoreError(error);
    }
    if (!doc) return null;
    const { condition, executable } = compile(name, {
      condition: doc.condition === undefined ? undefined : unescapeDollarKeys(doc.condition),
      executable: unescapeDollarKeys(doc.executable),
    });
    return {
      name,
      version: String(doc.version),
      condition,
      executable,
      anonymous: doc.allowAnonymousUser === true && doc.allowAnonymousApp === true,
    };
  }

  /** The current version of a script, or null when it no longer exists. */
  async version(vault: VaultSpace, name: string): Promise<string | null> {
    const doc = await this.collection(vault).findOne({ _id: name }, { projection: { version: 1 } });
    return doc ? String(doc.version) : null;
  }

  async list(
    vault: VaultSpace,
    options: { name?: string; skip?: number; limit?: number } = {},
  ): Promise<ListedScript[]> {
    const all: ListedScript[] = [];
    for await (const batch of this.listBatches(vault, options)) all.push(...batch);
    return all;
  }

  /** The scripts `list` answers, sorted by name, in batches read as they are pulled. */
  async *listBatches(
    vault: VaultSpace,
    options: { name?: string; skip?: number; limit?: number } = {},
  ): AsyncGenerator<ListedScript[]> {
    const cursor = this.collection(vault).findExtJsonCursor(
      options.name === undefined ? {} : { _id: options.name },
      {
        sort: { _id: 1 },
        ...(options.skip ? { skip: options.skip } : {}),
        ...(options.limit ? { limit: options.limit } : {}),
      },
    );
    try {
      for await (const texts of cursor) yield texts.map((text) => listed(parseExtJson(text) as Document));
    } catch (error) {
      throw fromStoreError(error);
    }
  }

  async remove(vault: VaultSpace, name: string): Promise<void> {
    assertWritable(vault);
    const result = await this.charged(vault, (beforeCommit) =>
      this.collection(vault).deleteOne({ _id: name }, { beforeCommit }),
    );
    if (result.deletedCount === 0) throw new CellaError('SCRIPT_NOT_FOUND', `no script named "${name}"`);
  }
}
