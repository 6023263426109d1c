/** The Hive dialect's file requests and answers (the reference's shapes). */
import { z } from 'zod';
import { queryBoolean } from '../common.js';
import { cids, time } from '../example-values.js';
import { fileHashExample, fileInfo, fileInfoExample, filePath } from '../files.js';

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
    .meta({ description: 'Required with `is_encrypt=true`.', examples: ['user_did'] }),
});

export const copyQuery = z.object({
  dest: filePath.min(1).meta({
    description: 'The path of the copy; it must not exist.',
    examples: ['photos/archive/cat.jpg'],
  }),
});

export const moveQuery = z.object({
  to: filePath.min(1).meta({
    description: 'The new path; it must not exist.',
    examples: ['photos/2026/pets/cat.jpg'],
  }),
});

export const listQuery = z.object({
  comp: z
    .literal('children')
    .meta({ description: 'List every file below the folder.', examples: ['children'] }),
});

export const hashQuery = z.object({
  comp: z.literal('hash').meta({ description: "The SHA-256 of the file's content.", examples: ['hash'] }),
});

const notEncrypted = { is_encrypt: false, encrypt_method: '' };

export const flaggedFileInfo = fileInfo
  .extend({
    is_encrypt: z.boolean().meta({ description: 'The client encrypted the content.' }),
    encrypt_method: z.string().meta({ description: "'' when the content is not encrypted." }),
  })
  .meta({ id: 'HiveFileInfo', examples: [{ ...fileInfoExample, ...notEncrypted }] });

export const fileList = z
  .object({
    value: z
      .array(flaggedFileInfo)
      .meta({ description: 'Every file below the folder, with full paths; no folder entries.' }),
  })
  .meta({
    id: 'HiveFileList',
    examples: [
      {
        value: [
          { ...fileInfoExample, ...notEncrypted },
          {
            name: 'photos/2026/holidays/beach.mp4',
            is_file: true,
            size: 3_355_443,
            cid: cids.video,
            created: time.photoUploaded,
            updated: time.photoUploaded,
            is_encrypt: true,
            encrypt_method: 'user_did',
          },
        ],
      },
    ],
  });

export const fileHash = z
  .object({
    name: z.string().meta({ description: 'The path.' }),
    algorithm: z.literal('SHA256').meta({ description: 'Always `SHA256`.' }),
    hash: z.string().meta({ description: 'SHA-256 of the content, lowercase hex.' }),
    cid: z.string().meta({ description: 'The CID of the content (Cella adds it).' }),
  })
  .meta({
    id: 'HiveFileHash',
    examples: [
      {
        ...fileHashExample,
        algorithm: 'SHA256',
        hash: '5d1a3c2f0b9e8d7c6a5b4f3e2d1c0b9a8f7e6d5c4b3a29180f1e2d3c4b5a6978',
      },
    ],
  });

export const pathResult = z
  .object({ name: z.string().meta({ description: 'The destination path.' }) })
  .meta({ id: 'HivePathResult', examples: [{ name: 'photos/archive/cat.jpg' }] });

export const ipfsParams = z.object({
  cid: z
    .string()
    .min(8)
    .max(256)
    .regex(/^[A-Za-z0-9]+$/, 'a CID')
    .meta({ description: 'The CID an upload with `public=true` answered.', examples: [cids.photo] }),
});
