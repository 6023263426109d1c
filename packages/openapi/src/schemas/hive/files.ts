/** The Hive dialect's file requests and answers (the reference's shapes). */
import { z } from 'zod';
import { queryBoolean } from '../common.js';
import { fileInfo, filePath } from '../files.js';

export { noBody } from './common.js';

export const uploadQuery = z.object({
  public: queryBoolean.optional().meta({
    description:
      'Anyone may download the file: by path through the owner (`__anonymous_files__`) and by CID (`/ipfs/{cid}`).',
  }),
  is_encrypt: queryBoolean
    .optional()
    .meta({ description: 'The client encrypted the content (stored as a flag).' }),
  encrypt_method: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .meta({ description: 'Required with `is_encrypt=true`.' }),
});

export const copyQuery = z.object({
  dest: filePath.min(1).meta({ description: 'The path of the copy; it must not exist.' }),
});

export const moveQuery = z.object({
  to: filePath.min(1).meta({ description: 'The new path; it must not exist.' }),
});

export const listQuery = z.object({
  comp: z.literal('children').meta({ description: 'List every file below the folder.' }),
});

export const hashQuery = z.object({
  comp: z.literal('hash').meta({ description: "The SHA-256 of the file's content." }),
});

export const flaggedFileInfo = fileInfo
  .extend({
    is_encrypt: z.boolean(),
    encrypt_method: z.string().meta({ description: "'' when the content is not encrypted." }),
  })
  .meta({ id: 'HiveFileInfo' });

export const fileList = z.object({ value: z.array(flaggedFileInfo) }).meta({ id: 'HiveFileList' });

export const fileHash = z
  .object({
    name: z.string(),
    algorithm: z.literal('SHA256'),
    hash: z.string().meta({ description: 'SHA-256 of the content, lowercase hex.' }),
    cid: z.string().meta({ description: 'The CID of the content (Cella adds it).' }),
  })
  .meta({ id: 'HiveFileHash' });

export const pathResult = z
  .object({ name: z.string().meta({ description: 'The destination path.' }) })
  .meta({ id: 'HivePathResult' });

export const ipfsParams = z.object({
  cid: z
    .string()
    .min(8)
    .max(256)
    .regex(/^[A-Za-z0-9]+$/, 'a CID')
    .meta({ description: 'The CID an upload with `public=true` answered.' }),
});
