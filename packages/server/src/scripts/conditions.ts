/**
 * Evaluates a script's access condition against the TARGET vault (the script owner's), never the
 * caller's: `queryHasResults` holds when the owner's collection has a document matching the
 * (substituted) filter; `and` / `or` combine with short-circuit. A collection that does not exist
 * has no results, so the condition is simply false (it does not reveal which collections exist).
 * Each query is time-bounded and takes a turn of the caller's (vault/query-gate.ts).
 */
import type { DocumentStore, Filter } from '@cella/document-store';
import { fromExtJson } from '@cella/document-store';
import { fromStoreError } from '../port-errors.js';
import type { QueryGate } from '../vault/query-gate.js';
import { spaceDatabase, type VaultSpace } from '../vault/spaces.js';
import type { ConditionNode } from './model.js';
import { substitute, type RunVariables } from './substitution.js';

/** Where a condition's queries run: the store, and whose turns they take. */
export interface ConditionQueries {
  store: DocumentStore;
  gate: QueryGate;
  asker: string;
}

export async function conditionHolds(
  queries: ConditionQueries,
  vault: VaultSpace,
  node: ConditionNode,
  vars: RunVariables,
): Promise<boolean> {
  switch (node.type) {
    case 'and':
      for (const operand of node.conditions)
        if (!(await conditionHolds(queries, vault, operand, vars))) return false;
      return true;
    case 'or':
      for (const operand of node.conditions)
        if (await conditionHolds(queries, vault, operand, vars)) return true;
      return false;
    case 'queryHasResults': {
      const filter = substitute(node.filter, vars);
      const db = spaceDatabase(queries.store, vault);
      const bound = queries.gate.bound();
      try {
        if (!(await db.hasCollection(node.collection))) return false;
        const found = await queries.gate.run(queries.asker, bound, () =>
          db.collection(node.collection).count(fromExtJson(filter) as Filter, { limit: 1, maxTimeMS: bound }),
        );
        return found > 0;
      } catch (error) {
        throw fromStoreError(error);
      }
    }
  }
}
