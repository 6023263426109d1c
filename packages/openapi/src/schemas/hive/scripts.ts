/** The Hive dialect's script requests and answers (the reference's shapes). */
import { z } from 'zod';
import { did } from '../common.js';
import { registerScriptRequest, scriptName } from '../scripts.js';

export const registerRequest = z
  .strictObject(registerScriptRequest.shape)
  .meta({ id: 'HiveRegisterScriptRequest', description: 'As `RegisterScriptRequest`; no other fields.' });

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
    params: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: 'HiveRunScriptRequest' });

export const runUrlParams = z.object({
  script_name: scriptName,
  target: z
    .string()
    .min(3)
    .max(1100)
    .regex(/^did:[^@]+@.+$/, '`<target DID>@<application DID>`')
    .meta({ description: '`<target DID>@<application DID>`.' }),
  params: z
    .string()
    .max(65_536)
    .meta({ description: 'The run parameters as URL-encoded JSON (everything after the target).' }),
});
