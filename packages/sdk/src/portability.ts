/**
 * `@cella/sdk/portability`: the offline check of a vault export (issue 24, docs/portability.md).
 * An entry of its own so that apps that never verify an export keep the main bundle: the CAR
 * reader, DAG-CBOR, UnixFS and the format's checks load only with this entry.
 *
 * The verifier is `@cella/vault-format`'s, the one the node's import and the `cella-node vault
 * verify` command run; this entry bundles it (docs/architecture.md, "The SDK and the vault format").
 */
export {
  ExportFormatError,
  isExportFormatError,
  verifyExport,
  type ExportErrorCode,
  type ExportSource,
  type ExportSummary,
  type ExportTotals,
  type VerifyExportOptions,
} from '@cella/vault-format';
