/**
 * The one error of this package: why a file is not a valid vault export (or not one a reader
 * accepts), with a code a program can act on and a message a person can. The node answers its
 * import refusals with these messages; `verifyExport` throws them.
 */
export type ExportErrorCode =
  /** Not a CARv1 stream, or a CAR this format does not allow (no single root, version 2, …). */
  | 'NOT_AN_EXPORT'
  /** The stream ended before the last block the manifest promises. */
  | 'TRUNCATED'
  /** A block's bytes do not hash to its CID, or a hash or codec the format does not use. */
  | 'BAD_BLOCK'
  /** The manifest's signature does not verify, or its key is not the exporting node's DID. */
  | 'BAD_SIGNATURE'
  /** A manifest block of the wrong shape, or totals and counts that disagree with the blocks. */
  | 'BAD_MANIFEST'
  /** A block where the layout (docs/portability.md) puts another, or a block the manifest does not name. */
  | 'UNEXPECTED_BLOCK'
  /** The export of another user's vault than the reader expects. */
  | 'WRONG_USER'
  /** More than a reader bounds: a block, the manifest, a list. */
  | 'TOO_LARGE';

export class ExportFormatError extends Error {
  constructor(
    readonly code: ExportErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ExportFormatError';
  }
}

export function isExportFormatError(error: unknown, code?: ExportErrorCode): error is ExportFormatError {
  return error instanceof ExportFormatError && (code === undefined || error.code === code);
}
