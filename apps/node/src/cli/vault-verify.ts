/**
 * `cella-node vault verify <file.car>`: checks a vault export offline — every block's hash, the
 * manifest's signature against the exporting node's DID, the layout, every count and size — with
 * the SDK's verifier (`@cella/sdk/portability`, the format package's one reader), reading the
 * file once as a stream. Prints what the file holds; exit code 0 when it is valid, 1 when not.
 */
import { createReadStream } from 'node:fs';
import { isExportFormatError, verifyExport, type ExportSummary } from '@cella/sdk/portability';

export interface VaultVerifyOptions {
  command: 'verify';
  file: string;
  /** Print the summary as one JSON object instead of lines. */
  json: boolean;
  out: NodeJS.WritableStream;
  err: NodeJS.WritableStream;
}

const KiB = 1024;
function size(bytes: number): string {
  if (bytes < KiB) return `${bytes} B`;
  if (bytes < KiB * KiB) return `${(bytes / KiB).toFixed(1)} KiB`;
  if (bytes < KiB ** 3) return `${(bytes / KiB / KiB).toFixed(1)} MiB`;
  return `${(bytes / KiB ** 3).toFixed(2)} GiB`;
}

/** The lines `verify` prints for a valid export. */
export function describeExport(summary: ExportSummary): string {
  const { totals } = summary;
  const rows: [string, string][] = [
    ['user', summary.user],
    ['exported by', summary.node],
    ['exported at', new Date(summary.created * 1000).toISOString()],
    ['event cursor', String(summary.seq)],
    ['plan', summary.plan === '' ? '(none)' : summary.plan],
    [
      'kind',
      summary.base === null
        ? 'full export'
        : `incremental: completes export ${summary.base} (${summary.included.pages} of ${totals.pages} pages and ${summary.included.contents} of ${totals.contents} file contents included)`,
    ],
    ['collections', String(totals.collections)],
    ['documents', `${totals.documents} (${size(totals.document_bytes)} in ${totals.pages} pages)`],
    ['files', `${totals.files} (${size(totals.file_bytes)}; ${totals.contents} distinct contents)`],
    ['scripts', String(summary.scripts)],
    ['blocks', String(summary.blocks)],
    ['file size', `${summary.bytes} bytes (${size(summary.bytes)})`],
  ];
  const width = Math.max(...rows.map(([name]) => name.length));
  return [
    `valid vault export ${summary.id}: every block's hash and the signature of ${summary.node} check`,
    ...rows.map(([name, value]) => `  ${name.padEnd(width)}  ${value}`),
  ].join('\n');
}

export async function runVaultVerify(options: VaultVerifyOptions): Promise<number> {
  let summary: ExportSummary;
  try {
    summary = await verifyExport(createReadStream(options.file, { highWaterMark: 1024 * 1024 }));
  } catch (error) {
    if (isExportFormatError(error)) {
      options.err.write(`${options.file} is not a valid vault export (${error.code}): ${error.message}\n`);
      return 1;
    }
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EACCES' || code === 'EISDIR') {
      options.err.write(`cannot read ${options.file}: ${(error as Error).message}\n`);
      return 1;
    }
    throw error;
  }
  options.out.write(options.json ? `${JSON.stringify(summary)}\n` : `${describeExport(summary)}\n`);
  return 0;
}
