/** Units and shared pieces of the endpoint table. */
export const KiB = 1024;
export const MiB = 1024 * KiB;

export const binaryFile = {
  contentType: 'application/octet-stream',
  description: 'The file content, raw (not multipart).',
} as const;
