/** The portable vault (docs/portability.md): exports and imports, their queries and answers. */
import * as z from 'zod';
import { count, did, epochSeconds } from './common.js';
import { cursor } from './events.js';
import { nodeDid, time, userDid } from './example-values.js';

/** An export's id: the root CID of its CAR (CIDv1, DAG-CBOR, base32), as `X-Cella-Export-Root` gives it. */
export const exportId = z
  .string()
  .regex(/^bafyrei[a-z2-7]{52}$/, 'an export id is the root CID of an export (bafyrei…, 59 characters)')
  .meta({
    id: 'ExportId',
    description:
      "An export's id: the CID of its root (the signed export block), as the answer's `X-Cella-Export-Root` header gives it.",
    examples: ['bafyreiepgsauoycacbrdnspivlpd7svqrvaqqvmg4tdqy4fwyacbvcot2a'],
  });

export const exportVaultQuery = z.strictObject({
  since: z
    .union([cursor, exportId])
    .optional()
    .meta({
      description:
        "An incremental export: only the pages and file contents the vault did not hold at that point (the manifest is whole, and names its base). Either an earlier export of this vault by this node (its id, `X-Cella-Export-Root`), or an event cursor (the manifest's `seq`, or an `id:` of the change feed): the export starts from the newest export this node made of the vault at or before that cursor. A malformed cursor or one ahead of the newest event: 400. A cursor older than the events the node keeps, or no export the node still knows at or before it: 410.",
      examples: ['1042'],
    }),
});

export const importModes = ['empty', 'replace', 'update'] as const;

export const importQuery = z.strictObject({
  mode: z
    .enum(importModes)
    .optional()
    .meta({
      description:
        "`empty` (the default): the vault must hold no collection, document or file, else 409. `replace`: the vault's whole content is replaced by the export's, all at once. `update` (a move's next step, docs/portability.md \"Move\"): the vault must be empty or as its last import left it (not written since, else 409 `VAULT_CHANGED`); the body is then an incremental export whose base is the export the vault last imported, or a full export made by the same node as that one; the content is replaced by the export's as with `replace`.",
      examples: ['replace'],
    }),
});

export const importResult = z
  .object({
    export: exportId,
    node: did.meta({ description: 'The DID of the node that made (and signed) the export.' }),
    user: did.meta({ description: 'The DID whose vault the export is: the caller.' }),
    created: epochSeconds.meta({ description: 'When the export was made (epoch seconds).' }),
    mode: z.enum(importModes).meta({ description: 'How the vault was written.' }),
    collections: count.meta({ description: 'Collections imported (every space).' }),
    documents: count.meta({ description: 'Documents imported (every collection, their `_id`s kept).' }),
    files: count.meta({ description: 'Files imported (their CIDs kept).' }),
    file_bytes: count.meta({ description: "The sum of the files' sizes." }),
    bytes: count.meta({ description: 'Bytes of the CAR read.' }),
    seq: count.meta({
      description:
        "The sequence number of the `vault.imported` event the import appended to the vault's change feed.",
    }),
  })
  .meta({
    id: 'VaultImportResult',
    description: 'The vault now holds the export, every document, index, script and file of it.',
    examples: [
      {
        export: 'bafyreiepgsauoycacbrdnspivlpd7svqrvaqqvmg4tdqy4fwyacbvcot2a',
        node: nodeDid,
        user: userDid,
        created: time.backupFinished,
        mode: 'empty',
        collections: 3,
        documents: 1240,
        files: 42,
        file_bytes: 73_400_320,
        bytes: 74_125_313,
        seq: 1_001_048,
      },
    ],
  });

export const importState = z
  .strictObject({
    export: exportId.nullable().meta({
      description: "The export the vault's content was imported from (its last import), or null.",
    }),
    node: did.nullable().meta({ description: 'The DID of the node that made that export, or null.' }),
    seq: count.nullable().meta({
      description: "The sequence number of that import's `vault.imported` event, or null.",
    }),
    head: count.meta({ description: "The vault's change feed's head now." }),
    unchanged: z.boolean().meta({
      description:
        'The vault holds exactly what its last import wrote (not written since: `head` = `seq`): `?mode=update` takes an incremental export since `export`.',
    }),
    empty: z.boolean().meta({ description: 'The vault holds no collection, document or file.' }),
  })
  .meta({
    id: 'VaultImportState',
    description:
      'What the vault\'s content came from: a mover asks it before sending (docs/portability.md, "Move").',
    examples: [
      {
        export: 'bafyreiepgsauoycacbrdnspivlpd7svqrvaqqvmg4tdqy4fwyacbvcot2a',
        node: nodeDid,
        seq: 1_001_048,
        head: 1_001_048,
        unchanged: true,
        empty: false,
      },
    ],
  });

/** Where a vault moved: an http(s) URL of the node that holds it now. */
const nodeUrl = z
  .string()
  .max(2048)
  .regex(/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/, 'the URL of a node: http(s)://host[:port][/path]')
  .meta({ description: 'The URL of the node the vault moved to.', examples: ['https://new-node.example'] });

export const markVaultMovedBody = z
  .strictObject({
    to: nodeUrl,
    export: exportId.meta({
      description:
        'The export the other node imported (and the mover compared): the vault must not have changed since it was made.',
    }),
  })
  .meta({
    id: 'MarkVaultMoved',
    examples: [
      {
        to: 'https://new-node.example',
        export: 'bafyreiepgsauoycacbrdnspivlpd7svqrvaqqvmg4tdqy4fwyacbvcot2a',
      },
    ],
  });

export const vaultMoved = z
  .strictObject({
    moved_to: nodeUrl,
    export: exportId,
    moved_at: z
      .int()
      .min(0)
      .max(2 ** 53 - 1)
      .meta({ description: 'When the vault was marked moved: epoch seconds.' }),
  })
  .meta({
    id: 'VaultMoved',
    description:
      'The vault, now moved: read-only here, its writes refused with 403 `VAULT_MOVED` naming `moved_to`.',
    examples: [
      {
        moved_to: 'https://new-node.example',
        export: 'bafyreiepgsauoycacbrdnspivlpd7svqrvaqqvmg4tdqy4fwyacbvcot2a',
        moved_at: 1772444105,
      },
    ],
  });
