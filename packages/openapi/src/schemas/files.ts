import { z } from 'zod';
import { epochSeconds, nextSkip, queryBoolean, querySkip } from './common.js';

export const filePath = z.string().max(1024).meta({
  id: 'FilePath',
  description:
    'A path inside the vault, URL-encoded per segment; `/` separates folders. Normalised on the server (Unicode NFC, one trailing `/` dropped); refused: `.` and `..` segments, empty segments, NUL, more than 1024 bytes of UTF-8. The empty path is the root folder (listing and properties only).',
  example: 'photos/2026/cat.jpg',
});

export const filePathParams = z.object({ path: filePath });

export const downloadQuery = z.object({
  list: queryBoolean.optional().meta({ description: 'List the folder at `path` instead of downloading.' }),
  recursive: queryBoolean
    .optional()
    .meta({ description: 'With `list`: every entry below the folder, not only direct children.' }),
  skip: querySkip.optional(),
  comp: z.enum(['children', 'metadata', 'hash']).optional().meta({
    description: 'Reference Hive Node form: `children` = list, `metadata` = properties, `hash` = CID.',
  }),
});

export const fileInfo = z
  .object({
    name: z.string().meta({ description: 'Full path inside the vault.' }),
    is_file: z.boolean(),
    size: z.number().int().meta({ description: 'Bytes; 0 for folders.' }),
    cid: z.string().optional().meta({ description: 'Content identifier (CIDv1) of a file.' }),
    created: epochSeconds.optional(),
    updated: epochSeconds.optional(),
  })
  .meta({ id: 'FileInfo' });

export const fileList = z.object({ value: z.array(fileInfo), next_skip: nextSkip }).meta({ id: 'FileList' });

export const uploadResponse = z
  .object({ name: z.string(), cid: z.string(), size: z.number().int() })
  .meta({ id: 'UploadResult' });

export const hashResponse = z
  .object({ name: z.string(), cid: z.string().meta({ description: 'The CID of the content.' }) })
  .meta({ id: 'FileHash' });

export const moveRequest = z
  .object({
    to: filePath.meta({ description: 'Destination path. It must not exist.' }),
  })
  .meta({ id: 'MoveRequest' });

export const moveResponse = z
  .object({ name: z.string().meta({ description: 'The destination path.' }) })
  .meta({ id: 'MoveResult' });
