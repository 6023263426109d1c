/**
 * `cella-node vault move --from A --to B`: the user's vault moved from node A to node B with the
 * SDK's `vault.moveTo` (docs/portability.md, "Move"): signs in on both with the user's key (hex,
 * from --key-file or CELLA_USER_KEY; never printed), streams A's export into B's import, compares
 * both sides, then marks the vault on A moved to B. Prints each step; run again after an
 * interruption, it sends only what B lacks. Exit code 0 when moved, 1 when the move stopped.
 */
import { createKeySigner, hexToBytes } from '@cella/did';
import { CellaApiError, CellaMoveError, connect, type MoveStep, type Vault } from '@cella/sdk';

export interface VaultMoveOptions {
  command: 'move';
  from: string;
  to: string;
  keyHex: string;
  /** Replace what B's vault holds of its own (default: stop). */
  replace: boolean;
  /** Print the result as one JSON object instead of lines. */
  json: boolean;
  out: NodeJS.WritableStream;
  err: NodeJS.WritableStream;
}

function describeStep(step: MoveStep): string {
  switch (step.step) {
    case 'export':
      return `round ${step.round}: sending ${step.incremental ? 'what changed since the last copy' : 'the whole vault'} (export ${step.export}, ${step.bytes} bytes)`;
    case 'imported':
      return `round ${step.round}: imported: ${step.result.collections} collections, ${step.result.documents} documents, ${step.result.files} files (${step.result.file_bytes} bytes)`;
    case 'compared':
      return `round ${step.round}: both nodes hold content ${step.content}`;
    case 'changed':
      return `round ${step.round}: the vault was written meanwhile: sending what changed`;
  }
}

export async function runVaultMove(
  options: VaultMoveOptions,
  connectTo: (url: string, keyHex: string) => Promise<Vault> = defaultConnect,
): Promise<number> {
  const vault = await connectTo(options.from, options.keyHex);
  const log = (line: string) => {
    if (!options.json) options.out.write(`${line}\n`);
  };
  try {
    const result = await vault.moveTo(options.to, {
      replace: options.replace,
      onStep: (step) => log(describeStep(step)),
    });
    if (options.json) options.out.write(`${JSON.stringify(result)}\n`);
    else
      log(
        `moved to ${result.to}: ${result.documents} documents and ${result.files} files; ${options.from} now refuses writes, naming ${result.to}`,
      );
    return 0;
  } catch (error) {
    if (error instanceof CellaMoveError || error instanceof CellaApiError) {
      options.err.write(`the move stopped (${error.code}): ${error.message}\n`);
      return 1;
    }
    throw error;
  }
}

async function defaultConnect(url: string, keyHex: string): Promise<Vault> {
  return connect({ url, signer: createKeySigner(hexToBytes(keyHex)) });
}
