/**
 * A script as a live view (`GET /api/v2/vault/scripting/{script_name}/events`): what the events
 * service needs to stream the changes a `find` script lets its caller see — the collection, the
 * filter and projection after substitution, the collections the condition reads (a change there
 * makes the stream check the condition again) and the check itself. Only a script whose executable
 * is one `find` is a view (400 otherwise): a view of several executables, or of writes, has no
 * single meaning.
 */
import { CellaError } from '../errors.js';
import type { VaultSpace } from '../vault/spaces.js';
import { conditionHolds, type ConditionQueries } from './conditions.js';
import { projectionOption } from './executables.js';
import { leavesOf, type ConditionNode } from './model.js';
import type { LoadedScript } from './registry.js';
import { substitute, type RunVariables } from './substitution.js';

export interface ScriptSubscription {
  /** The target vault and space. */
  vault: VaultSpace;
  scriptName: string;
  version: string;
  /** The collection the `find` reads (its name in the space). */
  collection: string;
  /** Its filter after substitution (Extended JSON). */
  filter: Record<string, unknown>;
  /** Its projection, if any. */
  projection: Record<string, 0 | 1> | undefined;
  /** Collections the condition reads (in the same space): a change to one re-checks it. */
  conditionReads: string[];
  /** Whether the condition holds now (true without one). */
  conditionHolds(): Promise<boolean>;
}

function collectionsOf(node: ConditionNode | null, into: Set<string> = new Set()): Set<string> {
  if (node?.type === 'queryHasResults') into.add(node.collection);
  else if (node) for (const operand of node.conditions) collectionsOf(operand, into);
  return into;
}

export function subscriptionOf(
  queries: ConditionQueries,
  vault: VaultSpace,
  script: LoadedScript,
  vars: RunVariables,
): ScriptSubscription {
  const leaves = leavesOf(script.executable);
  const leaf = leaves[0];
  if (leaves.length !== 1 || leaf?.type !== 'find')
    throw new CellaError(
      'INVALID_PARAMETER',
      `only a script whose executable is one find can be subscribed to; "${script.name}" is not`,
    );
  const options = substitute(leaf.options, vars);
  const condition = script.condition;
  return {
    vault,
    scriptName: script.name,
    version: script.version,
    collection: leaf.collection,
    filter: substitute(leaf.filter, vars),
    projection: projectionOption(`executable "${leaf.name}"`, options.projection),
    conditionReads: [...collectionsOf(condition)],
    conditionHolds: async () => !condition || conditionHolds(queries, vault, condition, vars),
  };
}
