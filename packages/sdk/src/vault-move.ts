/**
 * `vault.moveTo(url)`: the caller's vault moved from this node to another (docs/portability.md,
 * "Move"), signed in on both with the same identity. The export of the source streams into the
 * target's import (no copy of the vault on the client); the source stays writable until the
 * target holds all of it, then it is marked moved, which refuses every later write naming the
 * target. Each step is one the nodes keep, so a move that stops anywhere restarts where it was:
 *
 *  1. Ask the target what its content came from (`GET /api/v2/vault/import`): unchanged since it
 *     imported export E (of the source) → send `export?since=E` (incremental); empty → a full
 *     export; anything else is the user's data there, and the move stops (unless `replace`).
 *  2. Stream the source's export into `POST import?mode=update` (`replace` when asked to).
 *  3. Compare: the target imported that export (its id) and now holds the same content (its own
 *     export's `X-Cella-Export-Content`, the manifest's vault block CID — every document's bytes
 *     in order, every index, every file's path, CID, size, times and flags — equals the source's).
 *  4. Mark the source moved, naming the target (`PUT /api/v2/vault/moved` with that export): the
 *     source accepts it only if it was not written since the export. If it was (409), the writes
 *     since travel as an incremental export and step 3-4 run again, a few rounds at most. A
 *     while after the mark, the source's content is compared once more (a write accepted just
 *     before the mark may commit after it, and a node's other processes see the mark within a
 *     second): changed, it takes one more round.
 */
import { CellaApiError, CellaSdkError } from './errors.js';
import type { components } from './generated/openapi.js';
import type { Http } from './http.js';
import { importVault, type VaultImportResult } from './portability-api.js';
import { sleep } from './retry.js';

export type VaultImportState = components['schemas']['VaultImportState'];

/** Why a move stopped (the source is not marked moved unless the error says so). */
export type MoveErrorCode =
  /** The target holds data not imported from the source (or written since): the move would lose it. */
  | 'TARGET_NOT_EMPTY'
  /** After the import, the target does not hold what the source exported. */
  | 'MISMATCH'
  /** The source kept being written during every round: stop the writers, then move again. */
  | 'STILL_CHANGING';

export class CellaMoveError extends CellaSdkError {
  override readonly name = 'CellaMoveError';

  constructor(
    readonly code: MoveErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** One step done, for a progress display. */
export type MoveStep =
  | { step: 'export'; round: number; export: string; incremental: boolean; bytes: number }
  | { step: 'imported'; round: number; result: VaultImportResult }
  | { step: 'compared'; round: number; content: string }
  | { step: 'changed'; round: number };

export interface MoveOptions {
  /** Replace whatever the target's vault holds (default: stop with `TARGET_NOT_EMPTY`). */
  replace?: boolean;
  /** Rounds of "copy what changed, try to mark moved" before `STILL_CHANGING` (default 5). */
  rounds?: number;
  /**
   * How long after marking the source moved to look at it once more (default 2000 ms): a node's
   * processes see the mark within a second (their vault record cache), and a write accepted just
   * before it may still commit; if the source's content changed, one more round sends it.
   */
  settleMs?: number;
  signal?: AbortSignal;
  /** Told each step as it is done; a promise it returns is awaited before the next step. */
  onStep?: (step: MoveStep) => void | Promise<void>;
  /** Bytes of the current transfer sent so far, and its total. */
  onProgress?: (sent: number, total?: number) => void;
}

export interface MoveResult {
  /** The target's URL, which the source now names in its refusals. */
  to: string;
  /** The last export the target imported (the one the source was marked moved with). */
  export: string;
  /** The vault block CID both nodes' exports name: the content they both hold. */
  content: string;
  /** Transfers made (1 when nothing was written during the move and the target was empty). */
  transfers: number;
  /** What the target's last import wrote. */
  documents: number;
  files: number;
  file_bytes: number;
  /** When the source was marked moved (epoch seconds). */
  moved_at: number;
}

/** The two ends, each signed in as the same user. */
export interface MoveEnds {
  from: Http;
  to: Http;
  /** The URL the source names (the target's). */
  url: string;
}

const EXPORT = '/api/v2/vault/export';

/** The content (vault block CID) of the vault an HTTP client is signed in to, from a HEAD of its export. */
async function contentOf(http: Http, signal?: AbortSignal): Promise<string> {
  const response = await http.raw(EXPORT, { method: 'HEAD', ...(signal ? { signal } : {}) });
  const content = response.headers.get('x-cella-export-content');
  if (!content) throw new CellaMoveError('MISMATCH', `${http.baseUrl} does not name its export's content`);
  return content;
}

/** The source's export (incremental when `since`), its answer not read yet; a forgotten base → a full one. */
async function openExport(http: Http, since: string | null, signal?: AbortSignal): Promise<Response> {
  if (since === null) return http.raw(EXPORT, { ...(signal ? { signal } : {}) });
  try {
    return await http.raw(`${EXPORT}?since=${encodeURIComponent(since)}`, { ...(signal ? { signal } : {}) });
  } catch (error) {
    // The source no longer knows that export (it keeps its last few): the target takes a full one.
    if (error instanceof CellaApiError && error.code === 'CURSOR_EXPIRED')
      return http.raw(EXPORT, { ...(signal ? { signal } : {}) });
    throw error;
  }
}

export async function moveVault(ends: MoveEnds, options: MoveOptions = {}): Promise<MoveResult> {
  const { from, to, url } = ends;
  const { signal, onStep } = options;
  const rounds = options.rounds ?? 5;
  const state = await to.call<VaultImportState>((headers) =>
    to.api.GET('/api/v2/vault/import', { headers, ...(signal ? { signal } : {}) }),
  );
  let since: string | null = null;
  let mode: 'update' | 'replace' = 'update';
  if (state.export !== null && state.unchanged) since = state.export;
  else if (!state.empty) {
    if (!options.replace)
      throw new CellaMoveError(
        'TARGET_NOT_EMPTY',
        `the vault at ${to.baseUrl} holds data of its own (${state.export === null ? 'not imported' : `written since it imported export ${state.export}`}): moving would replace it; move with replace to do so, or delete that vault first`,
      );
    mode = 'replace';
  }

  for (let round = 1; round <= rounds; round++) {
    // The source's answer is cut when the import fails (or the caller aborts): nothing stays open.
    const transfer = new AbortController();
    const stop = () => transfer.abort(signal?.reason);
    signal?.addEventListener('abort', stop, { once: true });
    try {
      const sent = await copyOnce(ends, since, mode, round, transfer.signal, options);
      const result = sent.result;
      const { exportId, content } = sent;
      const held = await contentOf(to, signal);
      if (held !== content)
        throw new CellaMoveError(
          'MISMATCH',
          `after importing export ${exportId}, ${to.baseUrl} holds content ${held}, not ${content} as ${from.baseUrl} exported it: the source was not marked moved`,
        );
      await onStep?.({ step: 'compared', round, content });
      const moved = await markMoved(from, url, exportId, signal);
      const settled =
        moved !== null &&
        (await sleep(options.settleMs ?? 2000, signal).then(() => contentOf(from, signal))) === content;
      if (moved !== null && settled)
        return {
          to: url,
          export: exportId,
          content,
          transfers: round,
          documents: result.documents,
          files: result.files,
          file_bytes: result.file_bytes,
          moved_at: moved,
        };
      // Written since the export (refused mark, or a write that committed just after it): what
      // changed travels next round, then the mark is tried (again).
      await onStep?.({ step: 'changed', round });
      since = exportId;
      mode = 'update';
    } catch (error) {
      transfer.abort(error);
      throw error;
    } finally {
      signal?.removeEventListener('abort', stop);
    }
  }
  throw new CellaMoveError(
    'STILL_CHANGING',
    `the vault at ${from.baseUrl} was written during each of ${rounds} rounds: ${to.baseUrl} holds it as of the last one; stop the apps writing to it and move again (the next move sends only what changed)`,
  );
}

/** Marks the source moved with `exportId`: when, or null when it was written since that export (409). */
async function markMoved(
  from: Http,
  url: string,
  exportId: string,
  signal?: AbortSignal,
): Promise<number | null> {
  try {
    const moved = await from.call<{ moved_at: number }>((headers) =>
      from.api.PUT('/api/v2/vault/moved', {
        headers,
        body: { to: url, export: exportId },
        ...(signal ? { signal } : {}),
      }),
    );
    return moved.moved_at;
  } catch (error) {
    if (error instanceof CellaApiError && error.code === 'VAULT_CHANGED') return null;
    throw error;
  }
}

/** One export of the source streamed into the target's import; the target's answer checked against it. */
async function copyOnce(
  { from, to }: MoveEnds,
  since: string | null,
  mode: 'update' | 'replace',
  round: number,
  signal: AbortSignal,
  { onStep, onProgress }: MoveOptions,
): Promise<{ exportId: string; content: string; result: VaultImportResult }> {
  const response = await openExport(from, since, signal);
  const exportId = response.headers.get('x-cella-export-root');
  const content = response.headers.get('x-cella-export-content');
  const length = Number(response.headers.get('content-length'));
  if (!exportId || !content || !response.body)
    throw new CellaMoveError('MISMATCH', `${from.baseUrl} answered its export without its root or content`);
  await onStep?.({
    step: 'export',
    round,
    export: exportId,
    incremental: response.headers.has('x-cella-export-base'),
    bytes: length,
  });
  const result = await importVault(to, response.body, {
    mode,
    signal,
    ...(Number.isSafeInteger(length) ? { size: length } : {}),
    ...(onProgress ? { onProgress } : {}),
  });
  await onStep?.({ step: 'imported', round, result });
  if (result.export !== exportId)
    throw new CellaMoveError(
      'MISMATCH',
      `${to.baseUrl} imported export ${result.export}, not ${exportId} that ${from.baseUrl} sent`,
    );
  return { exportId, content, result };
}
