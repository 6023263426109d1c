import { z } from 'zod';
import { did, filter, jsonDocument } from './common.js';

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

export type Condition = {
  type: (typeof conditionTypes)[number];
  name?: string;
  collection?: string;
  filter?: Record<string, unknown>;
  options?: Record<string, unknown>;
  conditions?: Condition[];
  body?: unknown;
};

export const condition: z.ZodType<Condition> = z.lazy(() =>
  z.object({
    type: z.enum(conditionTypes),
    name: z.string().max(128).optional(),
    collection: z.string().max(64).optional().meta({ description: 'queryHasResults: the owner\'s collection to query.' }),
    filter: filter.optional(),
    options: z.record(z.string(), z.unknown()).optional(),
    conditions: z.array(condition).max(16).optional().meta({ description: 'and/or: the operands.' }),
    body: z.unknown().optional().meta({ description: 'Reference Hive Node form: the fields above nested in `body` (a list for and/or).' }),
  }),
).meta({ id: 'Condition', description: 'Access condition. Composite conditions nest at most 5 levels.' });

export type Executable = {
  type: (typeof executableTypes)[number];
  name?: string;
  output?: boolean;
  collection?: string;
  filter?: Record<string, unknown>;
  document?: Record<string, unknown>;
  update?: Record<string, unknown>;
  options?: Record<string, unknown>;
  path?: string;
  executables?: Executable[];
  body?: unknown;
};

export const executable: z.ZodType<Executable> = z.lazy(() =>
  z.object({
    type: z.enum(executableTypes),
    name: z.string().max(128).optional().meta({ description: 'Key of this executable\'s result in the run response. Defaults to the script name.' }),
    output: z.boolean().optional().meta({ description: 'Include the result in the run response. Default true.' }),
    collection: z.string().max(64).optional(),
    filter: filter.optional(),
    document: jsonDocument.optional(),
    update: z.record(z.string(), z.unknown()).optional(),
    options: z.record(z.string(), z.unknown()).optional(),
    path: z.string().max(1024).optional().meta({ description: 'File executables: the path; `$params.<name>` is substituted inside it.' }),
    executables: z.array(executable).max(16).optional().meta({ description: 'aggregated: the executables to run in order.' }),
    body: z.unknown().optional().meta({ description: 'Reference Hive Node form: the fields above nested in `body`.' }),
  }),
).meta({ id: 'Executable' });

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

export const scriptList = z.object({ scripts: z.array(script) }).meta({ id: 'ScriptList' });

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
  transaction_id: z.string().min(1).max(2048).meta({ description: 'Returned by a fileUpload/fileDownload executable.' }),
});
