/** The Hive dialect's script requests and answers (the reference's shapes). */
import { z } from 'zod';
import { did, queryInt, querySkip } from '../common.js';
import { appDid as appDidExample, friendDid } from '../example-values.js';
import { scriptName } from '../scripts.js';

/** `GET /vault/scripting/scripts`: what the Hive SDKs send (the Java SDK always `skip=0&limit=0`). */
export const listQuery = z.object({
  name: scriptName.optional().meta({ description: 'Only the script of this name.' }),
  skip: querySkip.optional(),
  limit: queryInt(0, 1_000_000_000, 0)
    .optional()
    .meta({ description: 'At most this many; 0 or absent = all (as the reference).' }),
});

export const appDid = z.string().min(1).max(512).meta({ description: 'An application DID.' });

export const runRequest = z
  .strictObject({
    context: z
      .strictObject({
        target_did: did.meta({ description: 'Owner of the vault the script lives in.' }),
        target_app_did: appDid.meta({
          description: "The application whose space of the owner's vault holds it.",
        }),
      })
      .optional()
      .meta({ description: "Without it: the caller's own vault and application." }),
    params: z.record(z.string(), z.unknown()).optional().meta({
      description:
        'Values for `$params.<name>` in the script. They are data: keys starting with `$` are refused, except `{"$oid"}` and `{"$date"}` values.',
    }),
  })
  .meta({
    id: 'HiveRunScriptRequest',
    examples: [{ context: { target_did: friendDid, target_app_did: appDidExample }, params: { limit: 20 } }],
  });

export const runUrlParams = z.object({
  script_name: scriptName,
  target: z
    .string()
    .min(3)
    .max(1100)
    .regex(/^did:[^@]+@.+$/, '`<target DID>@<application DID>`')
    .meta({
      description: '`<target DID>@<application DID>`.',
      examples: [`${friendDid}@${appDidExample}`],
    }),
  params: z
    .string()
    .max(65_536)
    .meta({
      description: 'The run parameters as URL-encoded JSON (everything after the target).',
      examples: ['%7B%22limit%22%3A20%7D'],
    }),
});
