/**
 * Walking the manifest in its one order — the order its blocks stand in a CAR, right after the
 * root (docs/portability.md, "Layout"):
 *
 *   vault, then for each space in order: its collections list, then its files list;
 *   a list: its node, then (an interior node) each part's list in order, or (a leaf of the
 *   collections list) each collection's pages list in order;
 *   a block met again (two equal list nodes) is not visited again.
 *
 * The writer walks it to lay out what it built; a reader walks it while the blocks arrive, its
 * `get` reading the next block of the stream and refusing any other than the one asked for. Every
 * node and entry is checked against its schema on the way.
 */
import type { CID } from 'multiformats/cid';
import type * as z from 'zod/mini';
import { ExportFormatError } from './errors.js';
import { MAX_LIST_DEPTH } from './list-tree.js';
import {
  entrySchemas,
  listNodeSchema,
  vaultSchema,
  type ExportVault,
  type ListEntry,
  type ListKind,
} from './schema.js';

/** A manifest block's decoded value (DAG-CBOR), by CID. */
export type GetNode = (cid: CID) => Promise<unknown>;

export function parseAs<T>(schema: z.ZodMiniType<T>, value: unknown, what: string): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length > 0 ? ` at ${issue.path.map(String).join('.')}` : '';
  throw new ExportFormatError('BAD_MANIFEST', `${what}: ${issue?.message ?? 'malformed'}${where}`);
}

/** The entries of a list, in order, each checked (depth-first over its nodes). */
export async function* listEntries<K extends ListKind>(
  root: CID,
  kind: K,
  get: GetNode,
): AsyncGenerator<ListEntry[K]> {
  const stack: { cid: CID; depth: number }[] = [{ cid: root, depth: 0 }];
  while (stack.length > 0) {
    const { cid, depth } = stack.pop()!;
    const node = await listNode(cid, depth, get);
    if ('parts' in node) {
      for (let i = node.parts.length - 1; i >= 0; i--) stack.push({ cid: node.parts[i]!, depth: depth + 1 });
      continue;
    }
    for (const entry of node.entries)
      yield parseAs(entrySchemas[kind], entry, `a ${kind} entry in ${cid.toString()}`);
  }
}

async function listNode(cid: CID, depth: number, get: GetNode) {
  if (depth > MAX_LIST_DEPTH)
    throw new ExportFormatError(
      'TOO_LARGE',
      `list node ${cid.toString()} lies deeper than ${MAX_LIST_DEPTH} levels`,
    );
  return parseAs(listNodeSchema, await get(cid), `list node ${cid.toString()}`);
}

/**
 * Visits every manifest block below the root once, in the manifest order, and returns the vault
 * block. `get` is called once per distinct block, in that order.
 */
export async function walkManifest(vaultCid: CID, get: GetNode): Promise<ExportVault> {
  const seen = new Set<string>();
  const visit = async (cid: CID): Promise<unknown> => {
    seen.add(cid.toString());
    return get(cid);
  };
  const vault = parseAs(vaultSchema, await visit(vaultCid), `the vault block ${vaultCid.toString()}`);
  const walkList = async (root: CID, kind: ListKind): Promise<void> => {
    const stack: { cid: CID; depth: number }[] = [{ cid: root, depth: 0 }];
    while (stack.length > 0) {
      const { cid, depth } = stack.pop()!;
      if (seen.has(cid.toString())) continue;
      const node = await listNode(cid, depth, visit);
      if ('parts' in node) {
        for (let i = node.parts.length - 1; i >= 0; i--)
          stack.push({ cid: node.parts[i]!, depth: depth + 1 });
        continue;
      }
      for (const entry of node.entries) {
        const schema: z.ZodMiniType<unknown> = entrySchemas[kind];
        const parsed = parseAs(schema, entry, `a ${kind} entry in ${cid.toString()}`);
        if (kind === 'collection') await walkList((parsed as ListEntry['collection']).pages, 'page');
      }
    }
  };
  let previous: string | undefined;
  for (const space of vault.spaces) {
    if (previous !== undefined && !(previous < space.prefix))
      throw new ExportFormatError('BAD_MANIFEST', 'the vault block lists its spaces out of order or twice');
    previous = space.prefix;
    await walkList(space.collections, 'collection');
    await walkList(space.files, 'file');
  }
  return vault;
}
