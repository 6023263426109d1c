/**
 * Cella's backup state in the reference's values (`/vault/content`): state idle → `stop`, result
 * running → `process`; the message as it is. Never the reference's transient `stop` result, which
 * the Hive SDK cannot parse.
 */
import type { BackupStateView } from '../../../backup/jobs.js';

export function backupResultOf(view: Pick<BackupStateView, 'state' | 'result' | 'message'>) {
  return {
    state: view.state === 'idle' ? ('stop' as const) : view.state,
    result: view.result === 'running' ? ('process' as const) : view.result,
    message: view.message,
  };
}
