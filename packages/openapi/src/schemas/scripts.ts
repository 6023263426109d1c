import { z } from 'zod';
import { did, filter, jsonDocument, nextSkip } from './common.js';

export const scriptName = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9_][A-Za-z0-9_.-]*$/, 'letters, digits, `_`, `.` and `-`, not starting with `.` or `-`')
  .meta({ id: 'ScriptName', example: 'get_messages' });

export const scriptNameParams = z.object({ script_name: scriptName });

export const conditionTypes = ['queryHasResults', 'and', 'or'] as const;
export const executableTypes = [
  'find',
  'count',
  'insert',
  'update',
  'delete',
  'fileUpload',
  'fileDownload',
  'fileProperties',
  'fileHash',
  'aggregated',
] as const;

/*
 * Conditions and executables are spelled out level by level instead of as recursive (z.lazy)
 * schemas: a recursive schema lets a body of a few thousand nested levels exhaust the validator's
 * stack (a 500), while the levels below bound the work and give a clear 400. They are exactly the
 * levels the service accepts: conditions nest at most 5 deep, an aggregated executable holds
 * non-aggregated ones.
 */
const MAX_CONDITION_LEVELS = 5;

const conditionFields = {
  type: z.enum(conditionTypes),
  name: z.string().max(128).optional(),
  collection: z
    .string()
    .max(64)
    .optional()
    .meta({ description: "queryHasResults: the owner's collection to query." }),
  filter: filter.optional(),
  options: z.record(z.string(), z.unknown()).optional(),
  body: z.unknown().optional().meta({
    description: 'Reference Hive Node form: the fields above nested in `body` (a list for and/or).',
  }),
};

const withOperands = <T extends z.ZodType>(operands: T) =>
  z.object({
    ...conditionFields,
    conditions: operands.optional().meta({ description: 'and/or: the operands.' }),
  });

const conditionLevel5 = withOperands(
  z.array(z.unknown()).max(0, `conditions nest at most ${MAX_CONDITION_LEVELS} levels`),
);
const conditionLevel4 = withOperands(z.array(conditionLevel5).max(16));
const conditionLevel3 = withOperands(z.array(conditionLevel4).max(16));
const conditionLevel2 = withOperands(z.array(conditionLevel3).max(16));

export const condition = withOperands(z.array(conditionLevel2).max(16)).meta({
  id: 'Condition',
  description:
    "Access condition: `queryHasResults` on the owner's collection, or `and` / `or` of conditions. Conditions nest at most 5 levels.",
});

export type Condition = z.infer<typeof condition>;

const stepFields = {
  type: z.enum(executableTypes),
  name: z.string().max(128).optional().meta({
    description:
      "Key of this executable's result in the run response. Default: the script name (inside `aggregated`: the executable's type).",
  }),
  output: z
    .boolean()
    .optional()
    .meta({ description: 'Include the result in the run response. Default true.' }),
  collection: z.string().max(64).optional(),
  filter: filter.optional(),
  document: jsonDocument.optional(),
  update: z.record(z.string(), z.unknown()).optional(),
  options: z.record(z.string(), z.unknown()).optional(),
  path: z.string().max(1024).optional().meta({
    description: 'File executables: the path; `$params.<name>` and `$caller_did` are substituted inside it.',
  }),
  body: z.unknown().optional().meta({
    description: 'Reference Hive Node form: the fields above nested in `body` (a list for aggregated).',
  }),
};

export const executableStep = z.object(stepFields).meta({
  id: 'ExecutableStep',
  description: 'One executable of an `aggregated` one (not itself aggregated).',
});

export const executable = z
  .object({
    ...stepFields,
    executables: z
      .array(executableStep)
      .max(16)
      .optional()
      .meta({ description: 'aggregated: the executables to run in order.' }),
  })
  .meta({ id: 'Executable' });

export type Executable = z.infer<typeof executable>;

export const registerScriptRequest = z
  .object({
    condition: condition.optional(),
    executable,
    allowAnonymousUser: z.boolean().optional(),
    allowAnonymousApp: z.boolean().optional(),
  })
  .meta({ id: 'RegisterScriptRequest' });

export const registerScriptResponse = z
  .object({
    acknowledged: z.boolean(),
    matched_count: z.number().int(),
    modified_count: z.number().int(),
    upserted_id: z.string().nullable(),
  })
  .meta({ id: 'RegisterScriptResult' });

export const script = registerScriptRequest.extend({ name: scriptName }).meta({ id: 'Script' });

export const scriptList = z
  .object({ scripts: z.array(script), next_skip: nextSkip })
  .meta({ id: 'ScriptList' });

export const runScriptRequest = z
  .object({
    context: z
      .object({
        target_did: did.meta({ description: 'Owner of the vault the script lives in. Default: the caller.' }),
        target_app_did: z.string().optional(),
      })
      .optional(),
    params: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: 'RunScriptRequest' });

export const runScriptResponse = z
  .record(z.string(), z.unknown())
  .meta({ id: 'RunScriptResult', description: 'One entry per executable with output, keyed by its name.' });

export const transactionParams = z.object({
  transaction_id: z
    .string()
    .min(1)
    .max(2048)
    .meta({ description: 'Returned by a fileUpload/fileDownload executable.' }),
});
