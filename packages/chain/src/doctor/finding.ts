import type { ComponentId } from '../layout/components.js';

export type Severity = 'error' | 'warning';

/** One problem found in a stack, with the fix an operator can apply. */
export interface Finding {
  /** Stable identifier of the check, e.g. `credential-mode`. */
  check: string;
  severity: Severity;
  component: ComponentId | 'global';
  /** File concerned, displayed with `~` for the home directory. */
  file?: string;
  message: string;
  fix: string;
}
