/**
 * The scripting service of spec §4 "Scripts": register, list, remove and run stored scripts, and
 * hand out file transactions. It knows nothing of HTTP; handlers pass who is calling.
 *
 * A run, in order (each refusal changes nothing):
 * 1. the caller: a user token, or anonymous (no token at all; a bad token is refused with 401,
 *    and anonymous runs past the per-IP rate limit with 429, before this service is called: both
 *    are the endpoint's declared policy);
 * 2. anonymous runs: `context.target_did` must name the owner (400);
 * 3. the target vault (404 VAULT_NOT_FOUND), its space (the application named by
 *    `context.target_app_did`; without a context, the caller's own space; with a context naming
 *    no application, the target's default space) and the script in it (400, as the reference);
 * 4. anonymous callers only for scripts registered with allowAnonymousUser && allowAnonymousApp (401);
 * 5. the condition, evaluated on the target vault (400 "caller can't match the condition");
 * 6. every executable's variables and options (400), and the frozen state for writes (403);
 * 7. the executables in order, on the target vault, charged to its owner's quota (507).
 */
import type { UserCaller } from '../auth/caller.js';
import type { Database, DocumentStore } from '@cella/document-store';
import { CellaError, unauthorized } from '../errors.js';
import { ipKey } from '../rate-limits/client-key.js';
import type { VaultDatabase } from '../vault/database-service.js';
import { anonymousAsker } from '../vault/query-gate.js';
import { spaceOf, type VaultSpace } from '../vault/spaces.js';
import type { VaultService } from '../vault/vaults.js';
import { conditionHolds, type ConditionQueries } from './conditions.js';
import { plan } from './executables.js';
import type { ScriptFiles } from './file-port.js';
import { leavesOf, WRITE_TYPES } from './model.js';
import {
  ScriptRegistry,
  type ListedScript,
  type LoadedScript,
  type RegisterResult,
  type ScriptDefinition,
} from './registry.js';
import { subscriptionOf, type ScriptSubscription } from './subscription.js';
import type { RunVariables } from './substitution.js';
import { TransactionStore, type Transaction, type TransactionKind } from './transactions.js';
import { assertWritable } from '../vault/writable.js';

export interface ScriptServiceDeps {
  store: DocumentStore;
  nodeDb: Database;
  vaults: VaultService;
  database: VaultDatabase;
  clock: () => number;
  fileTransactionTtlSeconds: number;
  /** Most bytes of one run's answer (the found documents of all its `find` executables). */
  maxAnswerBytes: number;
  /** The vault file store; null until the node runs one (file executables then answer 501). */
  files?: ScriptFiles | null;
}

export interface RunRequest {
  scriptName: string;
  /** null: an anonymous caller (no token). */
  caller: UserCaller | null;
  /** Owner of the vault whose script runs; default: the caller. */
  targetDid?: string;
  /**
   * The application space of the target vault the script lives in. Absent (no context): the
   * caller's own space when the caller targets their own vault, else the default space; null:
   * the default space.
   */
  targetApp?: string | null;
  params?: Record<string, unknown>;
  /**
   * The caller's address: an anonymous caller's queries take the turns of its address (its /64 for
   * IPv6; vault/query-gate.ts), a signed-in caller's those of its DID.
   */
  clientIp?: string;
}

/**
 * The reference's reserved script: a `fileDownload` of `params.path` open to anyone, allowed only
 * while that path holds a file uploaded as public. Answered by the node itself (nothing is stored).
 */
export const ANONYMOUS_FILES_SCRIPT = '__anonymous_files__';
const BUILT_IN_VERSION = 'built-in';

export class ScriptService {
  readonly registry: ScriptRegistry;
  readonly transactions: TransactionStore;
  private files: ScriptFiles | null;

  constructor(private readonly deps: ScriptServiceDeps) {
    this.registry = new ScriptRegistry(deps.store, deps.vaults, deps.clock);
    this.transactions = new TransactionStore(deps.nodeDb, deps.clock, deps.fileTransactionTtlSeconds);
    this.files = deps.files ?? null;
  }

  /** Connects the file store (wired once the files service is built). */
  useFiles(files: ScriptFiles): void {
    this.files = files;
  }

  async register(owner: VaultSpace, name: string, definition: ScriptDefinition): Promise<RegisterResult> {
    return this.registry.register(owner, name, definition);
  }

  async list(
    owner: VaultSpace,
    options: { name?: string; skip?: number; limit?: number },
  ): Promise<{ scripts: ListedScript[] }> {
    return { scripts: await this.registry.list(owner, options) };
  }

  /** The caller's scripts as `list` answers them, in batches read as they are pulled. */
  listBatches(
    owner: VaultSpace,
    options: { name?: string; skip?: number; limit?: number },
  ): AsyncGenerator<ListedScript[]> {
    return this.registry.listBatches(owner, options);
  }

  async remove(owner: VaultSpace, name: string): Promise<void> {
    await this.registry.remove(owner, name);
  }

  /** The target's space: the caller's own vault is created on first use, others must exist. */
  private async targetSpace(request: RunRequest): Promise<VaultSpace> {
    const { caller } = request;
    const targetDid = request.targetDid ?? caller?.userDid;
    if (!targetDid)
      throw new CellaError(
        'INVALID_PARAMETER',
        'an anonymous run must name the script owner in context.target_did',
      );
    const own = caller !== null && caller.userDid === targetDid;
    const app = request.targetApp === undefined ? (own ? (caller.appDid ?? null) : null) : request.targetApp;
    if (own) return spaceOf(await this.deps.vaults.open(targetDid), app);
    const vault = await this.deps.vaults.find(targetDid);
    if (!vault) throw new CellaError('VAULT_NOT_FOUND', 'the target DID has no vault on this node');
    return spaceOf(vault, app);
  }

  /** Steps 3 to 5 of a run: the target space, the script, the caller's admission, the condition. */
  private async admit(
    request: RunRequest,
    vault: VaultSpace,
  ): Promise<{ script: LoadedScript; vars: RunVariables; queries: ConditionQueries }> {
    const { caller } = request;
    const script = await this.registry.load(vault, request.scriptName);
    if (!script)
      throw new CellaError('BAD_REQUEST', `no script named "${request.scriptName}" in the target vault`);
    if (!caller && !script.anonymous) {
      throw unauthorized('this script needs an access token: it does not allow anonymous callers');
    }
    const vars: RunVariables = {
      callerDid: caller?.userDid ?? null,
      callerAppDid: caller?.appDid ?? null,
      params: request.params ?? {},
    };
    // Whose turns the run's queries take: the caller's DID, or an anonymous caller's address.
    const asker = caller ? caller.userDid : anonymousAsker(ipKey(request.clientIp ?? 'unknown'));
    const queries = { store: this.deps.store, gate: this.deps.database.gate, asker };
    if (script.condition && !(await conditionHolds(queries, vault, script.condition, vars))) {
      throw new CellaError('BAD_REQUEST', "the caller can't match the condition of this script");
    }
    return { script, vars, queries };
  }

  /**
   * A live view of a `find` script (GET …/scripting/{name}/events): admitted as a run is, then what
   * a stream needs to select events and to check the condition again (subscription.ts).
   * `beforeLoading` runs once the target space is known, before the script is read (the event
   * service notes the log's head there: script events up to it are in the definition it gets).
   */
  async subscription(
    request: RunRequest,
    beforeLoading?: (vault: VaultSpace) => Promise<void>,
  ): Promise<ScriptSubscription> {
    const vault = await this.targetSpace(request);
    if (request.scriptName === ANONYMOUS_FILES_SCRIPT)
      throw new CellaError('INVALID_PARAMETER', `${ANONYMOUS_FILES_SCRIPT} cannot be subscribed to`);
    await beforeLoading?.(vault);
    const { script, vars, queries } = await this.admit(request, vault);
    return subscriptionOf(queries, vault, script, vars);
  }

  async run(request: RunRequest): Promise<Record<string, unknown>> {
    const vault = await this.targetSpace(request);
    if (request.scriptName === ANONYMOUS_FILES_SCRIPT) return this.anonymousFile(vault, request);
    const { script, vars, queries } = await this.admit(request, vault);
    const { asker } = queries;

    const leaves = leavesOf(script.executable);
    const steps = leaves.map((leaf) => plan(leaf, vars));
    if (leaves.some((leaf) => WRITE_TYPES.has(leaf.type)))
      assertWritable(vault, 'the target vault is frozen: scripts that write cannot run');
    const env = {
      vault,
      database: this.deps.database,
      files: this.files,
      transactions: this.transactions,
      grant: {
        callerDid: vars.callerDid,
        bearer: script.anonymous,
        scriptName: script.name,
        scriptVersion: script.version,
      },
      answer: { remaining: this.deps.maxAnswerBytes },
      asker,
    };
    const results: Record<string, unknown> = {};
    for (const [i, step] of steps.entries()) {
      const result = await step(env);
      const leaf = leaves[i]!;
      if (leaf.output) results[leaf.name] = result;
    }
    return results;
  }

  /** The built-in `__anonymous_files__`: a download transaction of a public file, for anyone. */
  private async anonymousFile(vault: VaultSpace, request: RunRequest): Promise<Record<string, unknown>> {
    const path = request.params?.path;
    if (typeof path !== 'string' || path === '')
      throw new CellaError('INVALID_PARAMETER', `${ANONYMOUS_FILES_SCRIPT} needs params.path, a file path`);
    if (!this.files || !(await this.files.isPublic(vault, path)))
      throw new CellaError('BAD_REQUEST', "the caller can't match the condition of this script");
    const transaction_id = await this.transactions.create({
      kind: 'download',
      targetDid: vault.userDid,
      targetApp: vault.app,
      path,
      callerDid: request.caller?.userDid ?? null,
      bearer: true,
      scriptName: ANONYMOUS_FILES_SCRIPT,
      scriptVersion: BUILT_IN_VERSION,
    });
    return { [ANONYMOUS_FILES_SCRIPT]: { transaction_id } };
  }

  /**
   * Claims a file transaction for one transfer. A transaction from a script that does not allow
   * anonymous callers belongs to whoever ran it; the script must still exist in the version that
   * created it; uploads need a writable vault. Refusals leave the transaction usable.
   */
  async claimTransaction(
    id: string,
    kind: TransactionKind,
    caller: UserCaller | null,
  ): Promise<{ transaction: Transaction; vault: VaultSpace }> {
    const found: { vault?: VaultSpace } = {};
    const transaction = await this.transactions.claim(id, kind, async (t) => {
      if (!t.bearer) {
        if (!caller)
          throw unauthorized('this transaction needs the access token of the caller who ran the script');
        if (caller.userDid !== t.callerDid)
          throw new CellaError('FORBIDDEN', 'this transaction belongs to another caller');
      }
      const record = await this.deps.vaults.find(t.targetDid);
      if (!record) throw new CellaError('VAULT_NOT_FOUND', 'the target vault no longer exists');
      const vault = (found.vault = spaceOf(record, t.targetApp));
      if (t.scriptName === ANONYMOUS_FILES_SCRIPT) {
        if (!(await this.files?.isPublic(vault, t.path)))
          throw new CellaError('INVALID_PARAMETER', 'the file is no longer public');
      } else if ((await this.registry.version(vault, t.scriptName)) !== t.scriptVersion) {
        throw new CellaError(
          'INVALID_PARAMETER',
          'the script that created this transaction was replaced or removed',
        );
      }
      if (kind === 'upload') assertWritable(vault, 'the target vault is frozen: it is read-only');
    });
    return { transaction, vault: found.vault! };
  }

  /** Gives a claimed transaction back after a failed transfer (the client may retry). */
  release(transaction: Transaction): Promise<void> {
    return this.transactions.release(transaction);
  }
}
