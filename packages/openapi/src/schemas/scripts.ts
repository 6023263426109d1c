import { z } from 'zod';
import { count, did, filter, jsonDocument, nextSkip } from './common.js';
import { cids, friendDid, objectIds, time, userDid } from './example-values.js';

export const scriptName = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9_][A-Za-z0-9_.-]*$/, 'letters, digits, `_`, `.` and `-`, not starting with `.` or `-`')
  .meta({
    id: 'ScriptName',
    description:
      'A script name: 1–128 letters, digits, `_`, `.` and `-`, not starting with `.` or `-`; names starting with `__` are reserved.',
    examples: ['get_messages'],
  });

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

/** A script that lets the owner's friends read the messages addressed to them. */
const getMessages = {
  name: 'get_messages',
  condition: { type: 'queryHasResults', collection: 'friends', filter: { did: '$caller_did' } },
  executable: {
    type: 'find',
    name: 'get_messages',
    collection: 'messages',
    filter: { to: '$caller_did' },
    options: { limit: '$params.limit', sort: { created: -1 } },
  },
  allowAnonymousUser: false,
  allowAnonymousApp: false,
};
const withoutName = ({ name: _name, ...rest }: typeof getMessages) => rest;

const conditionFields = {
  type: z.enum(conditionTypes).meta({
    description:
      "`queryHasResults`: the owner's `collection` has a document matching `filter`; `and` / `or`: of `conditions`.",
  }),
  name: z.string().max(128).optional().meta({ description: 'A label; not used by the node.' }),
  collection: z
    .string()
    .max(64)
    .optional()
    .meta({ description: "queryHasResults: the owner's collection to query." }),
  filter: filter.optional().meta({
    description:
      'queryHasResults: the filter; `$caller_did`, `$caller_app_did` and `$params.<name>` are substituted.',
  }),
  options: z.record(z.string(), z.unknown()).optional().meta({ description: 'Accepted for compatibility.' }),
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
    "Access condition: `queryHasResults` on the owner's collection, or `and` / `or` of conditions. Conditions nest at most 5 levels, with at most 16 operands each. Evaluated on the vault the script belongs to, for every caller (the owner too).",
  examples: [{ type: 'queryHasResults', collection: 'friends', filter: { did: '$caller_did' } }],
});

export type Condition = z.infer<typeof condition>;

const stepFields = {
  type: z.enum(executableTypes).meta({
    description:
      'What it does: `find`, `count`, `insert` (one), `update` (the first match), `delete` (the first match) on `collection`; `fileUpload`, `fileDownload` (a transaction id for the stream endpoints), `fileProperties`, `fileHash` on `path`; `aggregated`: its `executables` in order.',
  }),
  name: z.string().max(128).optional().meta({
    description:
      "Key of this executable's result in the run response. Default: the script name (inside `aggregated`: the executable's type).",
  }),
  output: z
    .boolean()
    .optional()
    .meta({ description: 'Include the result in the run response. Default true.' }),
  collection: z
    .string()
    .max(64)
    .optional()
    .meta({ description: "Database executables: the owner's collection." }),
  filter: filter.optional().meta({
    description:
      'find, count, update, delete: the filter; `$caller_did`, `$caller_app_did` and `$params.<name>` are substituted.',
  }),
  document: jsonDocument.optional().meta({ description: 'insert: the document (variables substituted).' }),
  update: z
    .record(z.string(), z.unknown())
    .optional()
    .meta({ description: 'update: update operators (variables substituted).' }),
  options: z.record(z.string(), z.unknown()).optional().meta({
    description:
      'find: `skip`, `limit` (at most 1,000), `sort`, `projection`; insert/update: `timestamp` (default false), update: `upsert`.',
  }),
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
  examples: [
    { type: 'count', name: 'unread', collection: 'messages', filter: { to: '$caller_did', read: false } },
  ],
});

export const executable = z
  .object({
    ...stepFields,
    executables: z
      .array(executableStep)
      .max(16)
      .optional()
      .meta({ description: 'aggregated: the executables to run in order (1–16, none aggregated).' }),
  })
  .meta({
    id: 'Executable',
    description: 'What a script does when it runs. Its result is keyed by `name` in the run response.',
    examples: [getMessages.executable],
  });

export type Executable = z.infer<typeof executable>;

const scriptFields = {
  condition: condition
    .optional()
    .meta({ description: 'Who may run it. Without one, anyone the auth rules admit may.' }),
  executable,
  allowAnonymousUser: z.boolean().optional().meta({
    description: 'With `allowAnonymousApp`: callers without a token may run it. Default false.',
  }),
  allowAnonymousApp: z.boolean().optional().meta({
    description: 'With `allowAnonymousUser`: callers without a token may run it. Default false.',
  }),
};

export const registerScriptRequest = z
  .strictObject(scriptFields)
  .meta({ id: 'RegisterScriptRequest', examples: [withoutName(getMessages)] });

export const registerScriptResponse = z
  .object({
    acknowledged: z.boolean().meta({ description: 'Always true.' }),
    matched_count: count.meta({ description: '1 when a script of this name was replaced, else 0.' }),
    modified_count: count.meta({ description: '1 when a script of this name was replaced, else 0.' }),
    upserted_id: z.string().nullable().meta({ description: 'The name when the script is new, else null.' }),
  })
  .meta({
    id: 'RegisterScriptResult',
    examples: [{ acknowledged: true, matched_count: 0, modified_count: 0, upserted_id: 'get_messages' }],
  });

export const script = z
  .object({ name: scriptName, ...scriptFields })
  .meta({ id: 'Script', description: 'A script as registered.', examples: [getMessages] });

export const scriptList = z
  .object({
    scripts: z.array(script).meta({ description: 'Sorted by name; `[]` when none.' }),
    next_skip: nextSkip,
  })
  .meta({ id: 'ScriptList', examples: [{ scripts: [getMessages] }] });

export const runScriptRequest = z
  .strictObject({
    context: z
      .strictObject({
        target_did: did.meta({ description: 'Owner of the vault the script lives in. Default: the caller.' }),
        target_app_did: z.string().optional().meta({
          description:
            "The application DID whose space of the target's vault holds the script; absent: the target's default space.",
        }),
      })
      .optional()
      .meta({
        description: "Whose script to run; required for anonymous callers. Default: the caller's own.",
      }),
    params: z.record(z.string(), z.unknown()).optional().meta({
      description:
        'Values for `$params.<name>` in the script. They are data: keys starting with `$` are refused, except `{"$oid"}` and `{"$date"}` values.',
    }),
  })
  .meta({
    id: 'RunScriptRequest',
    examples: [{ context: { target_did: friendDid }, params: { limit: 20 } }],
  });

/** A run of `get_messages` (see `Script`). */
export const runScriptExample = {
  get_messages: {
    total: 1,
    items: [
      {
        _id: { $oid: objectIds[1] },
        from: friendDid,
        to: userDid,
        text: 'Dinner on Friday?',
        read: false,
        created: time.notesWritten,
      },
    ],
  },
};

export const runScriptResponse = z.record(z.string(), z.unknown()).meta({
  id: 'RunScriptResult',
  description:
    'One entry per executable with output, keyed by its name: find `{total, items}`, count `{count}`, insert `{acknowledged, inserted_id}`, update `{acknowledged, matched_count, modified_count, upserted_id}`, delete `{acknowledged, deleted_count}`, fileUpload/fileDownload `{transaction_id}`, fileProperties `{type, name, size, last_modify}`, fileHash `{SHA256, cid}`.',
  examples: [runScriptExample],
});

/** A transaction id as a script run returns it: 32 random bytes, base64url. */
export const transactionIdExample = 'q3Jm0v7cT2b9XkQe1s8YpA4dL6wHnF0uZr5gKcVxE2i';

export const transactionParams = z.object({
  transaction_id: z
    .string()
    .min(1)
    .max(2048)
    .meta({
      description:
        'Returned by a fileUpload/fileDownload executable: single use, expires (default one hour).',
      examples: [transactionIdExample],
    }),
});

/** The results of file executables, as `runScript` answers them. */
export const fileExecutableResults = {
  fileUpload: { upload_avatar: { transaction_id: transactionIdExample } },
  fileProperties: {
    avatar_properties: {
      type: 'file',
      name: 'public/avatar.jpg',
      size: 482_113,
      last_modify: time.photoUploaded,
    },
  },
  fileHash: {
    avatar_hash: {
      SHA256: '5e46303248b1ae07d68b49160fe59377d4810b7f466206336f3a570709a18975',
      cid: cids.photo,
    },
  },
};
