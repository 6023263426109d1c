/**
 * Regular expressions in linear time, for every pattern a caller hands the DocumentStore.
 *
 * JavaScript's RegExp backtracks: `^(a+)+$` against 30 a's and a `!` took 49 s and froze the
 * node. Patterns are therefore compiled with RE2's algorithm (the `re2js` port: an automaton, no
 * backtracking), and no JavaScript RegExp ever runs a caller's pattern. What that means for
 * callers (docs/document-store.md "Regular expressions"):
 * - the syntax is RE2's: no lookahead/lookbehind, backreferences, possessive quantifiers, atomic
 *   groups or `\u` escapes (use `\x{…}`); such a pattern is refused with BAD_QUERY before anything
 *   runs, on every engine (a real MongoDB never sees it);
 * - options: `i`, `m`, `s`, and `u` (accepted, no effect: patterns always work on code points);
 *   `x` and anything else are refused;
 * - time is linear in the text, but the constant grows with the compiled pattern, so the work of
 *   one evaluation (program size × text length) is capped, and so is the time all evaluations
 *   of one query may take (see `RegexBudget`). Both caps answer BAD_QUERY with the reason.
 *
 * `LinearRegex` is a `BSONRegExp`: the MongoDB driver sends it as a BSON regular expression, and
 * Extended JSON writes it as `{"$regularExpression": …}`; it is not a RegExp, so mingo never
 * mistakes it for one (mingo/regex.ts plugs it into mingo).
 */
import { createRequire } from 'node:module';
import { BSONRegExp } from 'bson';
import type * as Re2js from 're2js';
import type { RE2JS } from 're2js';
import { isRegexValue, isWellFormedString } from './bson-values.js';
import { StoreError } from './document-store.js';

/** Longest pattern accepted, in characters. */
export const MAX_REGEX_LENGTH = 1024;
/** Largest compiled pattern, in RE2 instructions (`[\s\S]{999}` is about 1,000). */
export const MAX_REGEX_PROGRAM = 2000;
/**
 * Most work one evaluation may need: compiled instructions × text characters. RE2's automaton
 * usually runs in time proportional to the text alone, but a pattern whose automaton cannot be
 * cached (`[ab]*a[ab]{500}$`) costs up to ~40 ns per unit here: 10 M units ≈ 0.4 s.
 */
export const MAX_REGEX_WORK = 10_000_000;
/** Default time all regular-expression evaluations of one query may take together. */
export const REGEX_QUERY_BUDGET_MS = 1000;

let loaded: typeof Re2js | undefined;
/**
 * re2js, loaded by the first pattern compiled (its CommonJS build, synchronously): ~1.5 MiB of
 * memory in every thread that loads it, so a node and its read workers that never see a regular
 * expression never pay for it (issue 21's RSS figure).
 */
function re2js(): typeof Re2js {
  return (loaded ??= createRequire(import.meta.url)('re2js') as typeof Re2js);
}

const OPTION_FLAGS: Record<string, 'CASE_INSENSITIVE' | 'MULTILINE' | 'DOTALL' | null> = {
  i: 'CASE_INSENSITIVE',
  m: 'MULTILINE',
  s: 'DOTALL',
  u: null,
};

function refuse(message: string): never {
  throw new StoreError('BAD_QUERY', message);
}

/** One match as MongoDB's `$regexFind` answers it (`idx` counts code points). */
export interface RegexMatch {
  match: string;
  idx: number;
  captures: (string | null)[];
}

/**
 * The time every regular-expression evaluation of one query may take together. A compiled filter
 * owns one (mingo/semantics.ts) and makes it active while it tests a document; evaluations outside
 * any budget are bounded by MAX_REGEX_WORK alone.
 */
export class RegexBudget {
  private spentMs = 0;
  /** Patterns compiled during the query (`$regexMatch` on a pattern read from each document). */
  private compiled: Map<string, LinearRegex> | null = null;
  constructor(readonly limitMs: number = REGEX_QUERY_BUDGET_MS) {}

  compile(pattern: string, options: string): LinearRegex {
    const key = `${options}/${pattern}`;
    this.compiled ??= new Map();
    let re = this.compiled.get(key);
    if (!re) {
      re = LinearRegex.compile(pattern, options);
      if (this.compiled.size < 16) this.compiled.set(key, re);
    }
    return re;
  }

  charge(ms: number): void {
    this.spentMs += ms;
    if (this.spentMs > this.limitMs)
      refuse(
        `the regular expressions of this query ran longer than ${this.limitMs} ms in total: narrow the filter or simplify the pattern`,
      );
  }
}

let active: RegexBudget | null = null;

/** Runs `fn` (synchronous) with `budget` charged for every regular-expression evaluation in it. */
export function withRegexBudget<T>(budget: RegexBudget, fn: () => T): T {
  const previous = active;
  active = budget;
  try {
    return fn();
  } finally {
    active = previous;
  }
}

function compile(pattern: unknown, options: unknown): RE2JS {
  if (typeof pattern !== 'string') refuse('a regular expression must be a string');
  if (typeof options !== 'string') refuse('regular expression options must be a string');
  if (pattern.length > MAX_REGEX_LENGTH)
    refuse(`regular expression longer than ${MAX_REGEX_LENGTH} characters`);
  if (pattern.includes('\0')) refuse('a regular expression must not contain NUL (write \\x00)');
  if (!isWellFormedString(pattern)) refuse('a regular expression must be valid Unicode');
  const re2 = re2js();
  let flags = 0;
  for (const option of options) {
    const flag = OPTION_FLAGS[option];
    if (flag === undefined)
      refuse(`regular expression option "${option}" is not supported (options: i, m, s, u)`);
    if (flag) flags |= re2.RE2JS[flag];
  }
  let re: RE2JS;
  try {
    re = re2.RE2JS.compile(pattern, flags);
  } catch (error) {
    if (error instanceof re2.RE2JSSyntaxException) {
      const where = error.getPattern();
      refuse(
        `unsupported regular expression: ${error.getDescription()}${where ? ` at \`${where}\`` : ''}. ` +
          'Patterns use RE2 syntax: no lookahead or lookbehind, backreferences, possessive quantifiers or atomic groups',
      );
    }
    refuse(`unsupported regular expression: ${(error as Error).message}`);
  }
  if (re.programSize() > MAX_REGEX_PROGRAM)
    refuse(
      `regular expression too large: ${re.programSize()} instructions once compiled (at most ${MAX_REGEX_PROGRAM}); lower its repetition counts`,
    );
  return re;
}

/**
 * The pattern and options a regular expression stands for: a string with `options`, or a RegExp /
 * BSONRegExp with its own options or, when it has none, `options` (`{$regex: /a/, $options: "i"}`).
 * Options on both sides are refused, as MongoDB does (its error 51075).
 */
export function patternOf(
  regex: unknown,
  options?: unknown,
  what = '$regex',
): [pattern: unknown, options: unknown] {
  const extra = options ?? '';
  if (!isRegexValue(regex)) return [regex, extra];
  // `g`, `y`, `d` of a RegExp do not change what matches.
  const own = regex instanceof RegExp ? regex.flags.replace(/[gyd]/g, '') : regex.options;
  const source = regex instanceof RegExp ? regex.source : regex.pattern;
  if (extra === '') return [source, own];
  if (own !== '') refuse(`${what}: options set both in the regular expression and in its options`);
  return [source, extra];
}

/**
 * Patterns (with their options) that compiled before: the guard checks a filter in the service and
 * again in the engine, and the same patterns recur, while compiling costs 20–90 µs. Only keys are
 * kept (a compiled pattern may hold megabytes of automaton), at most VALIDATED_MAX of them.
 */
const validated = new Set<string>();
const VALIDATED_MAX = 512;

/** Validates a regular expression (see `patternOf`) as `LinearRegex.from` would, keeping nothing. */
export function checkRegex(regex: unknown, options?: unknown, what?: string): void {
  if (regex instanceof LinearRegex && (options ?? '') === '') return;
  const [pattern, opts] = patternOf(regex, options, what);
  const key = typeof pattern === 'string' && typeof opts === 'string' ? `${opts}/${pattern}` : null;
  if (key !== null && validated.has(key)) return;
  compile(pattern, opts);
  if (key === null) return;
  if (validated.size >= VALIDATED_MAX) validated.clear();
  validated.add(key);
}

/** Compiles a regular expression (see `patternOf`), reusing what the active query compiled already. */
export function compileInQuery(regex: unknown, options?: unknown, what?: string): LinearRegex {
  if (regex instanceof LinearRegex && (options ?? '') === '') return regex;
  const [pattern, opts] = patternOf(regex, options, what);
  if (active && typeof pattern === 'string' && typeof opts === 'string') return active.compile(pattern, opts);
  return LinearRegex.compile(pattern, opts);
}

export class LinearRegex extends BSONRegExp {
  readonly #re: RE2JS;
  readonly #size: number;

  private constructor(pattern: string, options: string, re: RE2JS) {
    super(pattern, options);
    this.#re = re;
    this.#size = re.programSize();
  }

  /** Compiles a pattern with MongoDB options; anything unsupported is a StoreError BAD_QUERY. */
  static compile(pattern: unknown, options: unknown = ''): LinearRegex {
    const re = compile(pattern, options);
    return new LinearRegex(pattern as string, options as string, re);
  }

  /** A regular expression (see `patternOf`); a LinearRegex without extra options is itself. */
  static from(regex: unknown, options?: unknown, what?: string): LinearRegex {
    if (regex instanceof LinearRegex && (options ?? '') === '') return regex;
    return LinearRegex.compile(...patternOf(regex, options, what));
  }

  /** Whether the pattern matches anywhere in `text` (MongoDB's `$regex`). */
  test(text: string): boolean {
    return this.run(text, () => this.#re.test(text));
  }

  /** The first match, or every match, as MongoDB's `$regexFind` / `$regexFindAll` answer them. */
  find(text: string, all: boolean): RegexMatch[] {
    return this.run(text, () => {
      if (!all) {
        const m = this.#re.exec(text);
        return m ? [toMatch(m, codePointIndex(text, 0, (m as RegExpExecArray).index, 0))] : [];
      }
      const out: RegexMatch[] = [];
      let unit = 0;
      let point = 0;
      for (const m of this.#re.matchAll(text)) {
        const index = m.index ?? 0;
        point = codePointIndex(text, unit, index, point);
        unit = index;
        out.push(toMatch(m, point));
      }
      return out;
    });
  }

  private run<T>(text: string, evaluate: () => T): T {
    const work = this.#size * (text.length + 1);
    if (work > MAX_REGEX_WORK)
      refuse(
        `the regular expression is too complex for a text of ${text.length} characters ` +
          `(${this.#size} instructions × ${text.length} characters is over ${MAX_REGEX_WORK}): simplify the pattern`,
      );
    const budget = active;
    if (!budget) return evaluate();
    const started = performance.now();
    try {
      return evaluate();
    } finally {
      budget.charge(performance.now() - started);
    }
  }
}

function toMatch(m: RegExpMatchArray | unknown[], idx: number): RegexMatch {
  const groups = m as (string | undefined)[];
  return {
    match: groups[0] ?? '',
    idx,
    captures: groups.slice(1).map((c) => c ?? null),
  };
}

/** Code points in `text` before UTF-16 index `to`, counting on from (`fromUnit`, `fromPoint`). */
function codePointIndex(text: string, fromUnit: number, to: number, fromPoint: number): number {
  let points = fromPoint;
  for (let i = fromUnit; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < to) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    points++;
  }
  return points;
}
