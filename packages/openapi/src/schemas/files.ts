import { z } from 'zod';
import { count, epochSeconds, nextSkip, queryBoolean, querySkip } from './common.js';
import { cids, time } from './example-values.js';

export const filePath = z
  .string()
  .max(1024)
  .meta({
    id: 'FilePath',
    description:
      'A path inside the vault, URL-encoded per segment; `/` separates folders. Normalised on the server (Unicode NFC, one trailing `/` dropped); refused: `.` and `..` segments, empty segments, NUL, more than 1024 bytes of UTF-8. The empty path is the root folder (listing and properties only).',
    examples: ['photos/2026/cat.jpg'],
  });

export const filePathParams = z.object({ path: filePath });

export const downloadQuery = z.object({
  list: queryBoolean.optional().meta({ description: 'List the folder at `path` instead of downloading.' }),
  recursive: queryBoolean
    .optional()
    .meta({ description: 'With `list`: every entry below the folder, not only direct children.' }),
  skip: querySkip.optional(),
  comp: z
    .enum(['metadata'])
    .optional()
    .meta({
      description:
        "Reference Hive Node form: `metadata` = the properties of the file or folder. (`comp=children` and `comp=hash` are the Hive dialect's: its listing and its SHA-256.)",
      examples: ['metadata'],
    }),
});

export const fileInfoExample = {
  name: 'photos/2026/cat.jpg',
  is_file: true,
  size: 482_113,
  cid: cids.photo,
  created: time.photoUploaded,
  updated: time.photoUploaded,
};
export const fileListExample = {
  value: [fileInfoExample, { name: 'photos/2026/holidays', is_file: false, size: 0 }],
};
export const fileHashExample = { name: 'photos/2026/cat.jpg', cid: cids.photo };

const cid = z.string().meta({ description: 'Content identifier (CIDv1, base32) of the content.' });

export const fileInfo = z
  .object({
    name: z.string().meta({ description: 'Full path inside the vault.' }),
    is_file: z.boolean().meta({ description: 'False for a folder.' }),
    size: count.meta({ description: 'Bytes; 0 for folders.' }),
    cid: cid.optional().meta({ description: 'Content identifier (CIDv1) of a file; absent for folders.' }),
    created: epochSeconds.optional().meta({ description: 'When the file was first stored (epoch seconds).' }),
    updated: epochSeconds.optional().meta({ description: 'When its content last changed (epoch seconds).' }),
    is_encrypt: z.boolean().optional().meta({
      description:
        "A file's properties (`?comp=metadata`): the client encrypted the content (a flag it sent).",
    }),
    encrypt_method: z
      .string()
      .optional()
      .meta({ description: "With `is_encrypt`: how the client encrypted it; '' when it did not." }),
  })
  .meta({
    id: 'FileInfo',
    description:
      'A file or folder. Folders exist while files lie below them and carry only `name`, `is_file`, `size`.',
    examples: [fileInfoExample],
  });

export const fileList = z
  .object({
    value: z.array(fileInfo).meta({ description: 'The entries, sorted by name, with full paths.' }),
    next_skip: nextSkip,
  })
  .meta({ id: 'FileList', examples: [fileListExample] });

export const uploadResponse = z
  .object({
    name: z.string().meta({ description: 'The normalised path of the stored file.' }),
    cid,
    size: count.meta({ description: 'Bytes stored.' }),
  })
  .meta({ id: 'UploadResult', examples: [{ name: 'photos/2026/cat.jpg', cid: cids.photo, size: 482_113 }] });

export const hashResponse = z
  .object({
    name: z.string().meta({ description: 'The path.' }),
    cid: z.string().meta({ description: 'The CID of the content.' }),
  })
  .meta({ id: 'FileHash', examples: [fileHashExample] });

export const moveRequest = z
  .strictObject({
    to: filePath.meta({ description: 'Destination path. It must not exist.' }),
  })
  .meta({ id: 'MoveRequest', examples: [{ to: 'photos/2026/pets/cat.jpg' }] });

export const moveResponse = z
  .object({ name: z.string().meta({ description: 'The destination path.' }) })
  .meta({ id: 'MoveResult', examples: [{ name: 'photos/2026/pets/cat.jpg' }] });
