/**
 * Evaluates a script's access condition against the TARGET vault (the script owner's), never the
 * caller's: `queryHasResults` holds when the owner's collection has a document matching the
 * (substituted) filter; `and` / `or` combine with short-circuit. A collection that does not exist
 * has no results, so the condition is simply false (it does not reveal which collections exist).
 */
import type { DocumentStore, Filter } from '@cella/document-store';
import { fromExtJson } from '@cella/document-store';
import { fromStoreError } from '../port-errors.js';
import { spaceDatabase, type VaultSpace } from '../vault/spaces.js';
import type { ConditionNode } from './model.js';
import { substitute, type RunVariables } from './substitution.js';

export async function conditionHolds(
  store: DocumentStore,
  vault: VaultSpace,
  node: ConditionNode,
  vars: RunVariables,
): Promise<boolean> {
  switch (node.type) {
    case 'and':
      for (const operand of node.conditions)
        if (!(await conditionHolds(store, vault, operand, vars))) return false;
      return true;
    case 'or':
      for (const operand of node.conditions)
        if (await conditionHolds(store, vault, operand, vars)) return true;
      return false;
    case 'queryHasResults': {
      const filter = substitute(node.filter, vars);
      const db = spaceDatabase(store, vault);
      try {
        if (!(await db.hasCollection(node.collection))) return false;
        return (await db.collection(node.collection).count(fromExtJson(filter) as Filter, { limit: 1 })) > 0;
      } catch (error) {
        throw fromStoreError(error);
      }
    }
  }
}
