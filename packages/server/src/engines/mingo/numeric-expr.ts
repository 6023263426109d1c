/**
 * A direct path for `$expr` filters that compare sums of numeric top-level fields, such as the one
 * the node runs on every charged write (VaultService.charge:
 * `{$expr: {$lte: [{$add: ['$dbUsed', '$filesUsed', delta]}, '$quota']}}`). mingo builds a Query
 * (~3 µs) and evaluates it through its expression machinery (~5 µs) for that one document; this
 * evaluates it directly.
 *
 * Shape: `{$expr: {<$lt|$lte|$gt|$gte>: [a, b]}}` where an operand is a finite number, `'$field'`
 * (a top-level field with a plain name), or `{$add: [operands...]}`. The predicate answers only
 * when every value it reads and every sum is a finite number: then mingo's rules come down to JS
 * addition (left to right from 0, as mingo's `$add`) and comparison. Otherwise (a missing field,
 * a string, a Date, an array, NaN ...) it answers undefined and mingo decides. Anything of another
 * shape gives null (mingo only). `test/document-store/mingo-fast-paths.test.ts` compares both.
 */
import type { Document, Filter } from '../document-store.js';

/** true/false, or undefined when mingo must decide for this document. */
export type NumericPredicate = (doc: Document) => boolean | undefined;

type Operand = (doc: Document) => number | undefined;

const FIELD = /^\$[A-Za-z_][A-Za-z0-9_]*$/;

const COMPARE: Record<string, (a: number, b: number) => boolean> = {
  $lt: (a, b) => a < b,
  $lte: (a, b) => a <= b,
  $gt: (a, b) => a > b,
  $gte: (a, b) => a >= b,
};

const isRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;

const finite = (n: number): number | undefined => (Number.isFinite(n) ? n : undefined);

function operand(expr: unknown): Operand | null {
  if (typeof expr === 'number') {
    const n = finite(expr);
    return n === undefined ? null : () => n;
  }
  if (typeof expr === 'string') {
    if (!FIELD.test(expr)) return null;
    const key = expr.slice(1);
    return (doc) => {
      const v = Object.prototype.hasOwnProperty.call(doc, key) ? doc[key] : undefined;
      return typeof v === 'number' ? finite(v) : undefined;
    };
  }
  if (
    !isRecord(expr) ||
    Object.keys(expr).length !== 1 ||
    !Array.isArray(expr.$add) ||
    expr.$add.length === 0
  )
    return null;
  const terms: Operand[] = [];
  for (const term of expr.$add) {
    const compiled = operand(term);
    if (!compiled) return null;
    terms.push(compiled);
  }
  return (doc) => {
    let sum = 0;
    for (const term of terms) {
      const v = term(doc);
      if (v === undefined) return undefined;
      sum += v;
    }
    return finite(sum);
  };
}

export function numericExpr(filter: Filter): NumericPredicate | null {
  const keys = Object.keys(filter);
  if (keys.length !== 1 || keys[0] !== '$expr' || !isRecord(filter.$expr)) return null;
  const ops = Object.keys(filter.$expr);
  const op = ops[0] as string;
  const compare = COMPARE[op];
  const args = filter.$expr[op];
  if (ops.length !== 1 || !compare || !Array.isArray(args) || args.length !== 2) return null;
  const a = operand(args[0]);
  const b = operand(args[1]);
  if (!a || !b) return null;
  return (doc) => {
    const x = a(doc);
    const y = x === undefined ? undefined : b(doc);
    return x === undefined || y === undefined ? undefined : compare(x, y);
  };
}
