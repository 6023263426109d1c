/** The bounds of the scripting service, in one place (docs/scripts.md lists them). */

/** Conditions nest at most this many levels (the root is level 1), as the reference. */
export const MAX_CONDITION_DEPTH = 5;

/** Operands of one `and` / `or`, and executables of one `aggregated`. */
export const MAX_OPERANDS = 16;

/** A `find` executable returns at most this many documents per run (`total` still counts all). */
export const MAX_SCRIPT_FIND_LIMIT = 1000;

/** Longest file path an executable may name after substitution (bytes, UTF-8). */
export const MAX_SCRIPT_PATH_BYTES = 1024;

/** Largest stored script (JSON characters of condition + executable). */
export const MAX_SCRIPT_CHARS = 128 * 1024;

/**
 * Operators refused in stored filters, documents and updates already at registration. The engines'
 * query guard refuses them again at run time; refusing early tells the script's author at once.
 */
export const FORBIDDEN_OPERATORS: ReadonlySet<string> = new Set([
  '$where',
  '$function',
  '$accumulator',
  '$eval',
  '$out',
  '$merge',
]);
