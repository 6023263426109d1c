/**
 * A direct path for `$expr` filters that compare sums of numeric top-level fields, such as the one
 * the node runs on every charged write (VaultService.charge:
 * `{$expr: {$lte: [{$add: ['$dbUsed', '$filesUsed', delta]}, '$quota']}}`). mingo builds a Query
 * (~3 µs) and evaluates it through its expression machinery (~5 µs) for that one document; this
 * evaluates it directly.
 *
 * Shape: `{$expr: <comparison>}` as numeric-comparison.ts parses it. The predicate answers only
 * when every value it reads and every sum is a finite number: then mingo's rules come down to JS
 * addition (left to right from 0, as mingo's `$add`) and comparison. Otherwise (a missing field,
 * a string, a Date, an array, NaN ...) it answers undefined and mingo decides. Anything of another
 * shape gives null (mingo only). `test/mingo-fast-paths.test.ts` compares both.
 */
import type { Document, Filter } from '../document-store.js';
import { parseNumericComparison, type NumericTerm } from '../numeric-comparison.js';

/** true/false, or undefined when mingo must decide for this document. */
export type NumericPredicate = (doc: Document) => boolean | undefined;

type Operand = (doc: Document) => number | undefined;

const COMPARE: Record<string, (a: number, b: number) => boolean> = {
  $lt: (a, b) => a < b,
  $lte: (a, b) => a <= b,
  $gt: (a, b) => a > b,
  $gte: (a, b) => a >= b,
};

const finite = (n: number): number | undefined => (Number.isFinite(n) ? n : undefined);

function operand(term: NumericTerm): Operand {
  if ('number' in term) {
    const n = term.number;
    return () => n;
  }
  if ('field' in term) {
    const key = term.field;
    return (doc) => {
      const v = Object.prototype.hasOwnProperty.call(doc, key) ? doc[key] : undefined;
      return typeof v === 'number' ? finite(v) : undefined;
    };
  }
  const terms = term.add.map(operand);
  return (doc) => {
    let sum = 0;
    for (const t of terms) {
      const v = t(doc);
      if (v === undefined) return undefined;
      sum += v;
    }
    return finite(sum);
  };
}

export function numericExpr(filter: Filter): NumericPredicate | null {
  const keys = Object.keys(filter);
  if (keys.length !== 1 || keys[0] !== '$expr') return null;
  const comparison = parseNumericComparison(filter.$expr);
  if (!comparison) return null;
  const compare = COMPARE[comparison.op]!;
  const a = operand(comparison.left);
  const b = operand(comparison.right);
  return (doc) => {
    const x = a(doc);
    const y = x === undefined ? undefined : b(doc);
    return x === undefined || y === undefined ? undefined : compare(x, y);
  };
}
