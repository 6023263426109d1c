/** The portable vault (docs/portability.md): what an import of a vault export answers. */
import { z } from 'zod';
import { count, did, epochSeconds } from './common.js';
import { nodeDid, time, userDid } from './example-values.js';

/** The root CID of a vault export (a DAG-CBOR block): its id. */
const exportRoot = z
  .string()
  .regex(/^b[a-z2-7]{20,200}$/, 'a CIDv1 in base32')
  .meta({ description: 'The root CID of the export (its id; `X-Cella-Export-Root` of the export).' });

export const importModes = ['empty', 'replace'] as const;

export const importQuery = z.object({
  mode: z
    .enum(importModes)
    .optional()
    .meta({
      description:
        "`empty` (the default): the vault must hold no collection, document or file, else 409. `replace`: the vault's whole content is replaced by the export's, all at once.",
      examples: ['replace'],
    }),
});

export const importResult = z
  .object({
    export: exportRoot,
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
        export: 'bafyreih324n6u3hkj2oxeu2t6bawyjqaz427ljun4fsv57wlyfsqicfxai',
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
