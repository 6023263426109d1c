/**
 * The `$expr` shape both fast paths of the quota charge understand (mingo/numeric-expr.ts in
 * JavaScript, sqlite/counter-update.ts in SQL): `{<$lt|$lte|$gt|$gte>: [a, b]}` where an operand
 * is a finite number, `'$field'` (a top-level field with a plain name) or `{$add: [operands...]}`.
 * Parsed once into a small tree; each path compiles it with its own rules.
 */
export type NumericTerm = { number: number } | { field: string } | { add: NumericTerm[] };

export type ComparisonOp = '$lt' | '$lte' | '$gt' | '$gte';

export interface NumericComparison {
  op: ComparisonOp;
  left: NumericTerm;
  right: NumericTerm;
}

const OPS = new Set<string>(['$lt', '$lte', '$gt', '$gte']);

/** A top-level field with a plain name: letters, digits and `_`, not starting with a digit. */
export const PLAIN_FIELD = /^[A-Za-z_][A-Za-z0-9_]*$/;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;

function term(expr: unknown): NumericTerm | null {
  if (typeof expr === 'number') return Number.isFinite(expr) ? { number: expr } : null;
  if (typeof expr === 'string') {
    const field = expr.slice(1);
    return expr.startsWith('$') && PLAIN_FIELD.test(field) ? { field } : null;
  }
  if (
    !isRecord(expr) ||
    Object.keys(expr).length !== 1 ||
    !Array.isArray(expr.$add) ||
    expr.$add.length === 0
  )
    return null;
  const terms: NumericTerm[] = [];
  for (const part of expr.$add) {
    const parsed = term(part);
    if (!parsed) return null;
    terms.push(parsed);
  }
  return { add: terms };
}

/** The comparison an `$expr` value states, or null for any other shape. */
export function parseNumericComparison(expr: unknown): NumericComparison | null {
  if (!isRecord(expr)) return null;
  const ops = Object.keys(expr);
  const op = ops[0] as string;
  const args = expr[op];
  if (ops.length !== 1 || !OPS.has(op) || !Array.isArray(args) || args.length !== 2) return null;
  const left = term(args[0]);
  const right = left === null ? null : term(args[1]);
  return left && right ? { op: op as ComparisonOp, left, right } : null;
}
