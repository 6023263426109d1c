/**
 * The direct paths of the mingo layer give exactly what mingo gives: the same documents, the
 * same key order, the same types, the same errors. Compared on random documents (nested
 * objects, arrays, nulls, Dates, ObjectIds, integer-like keys) against mingo's own projection,
 * its own `updateOne` and its own `$expr` matching (the code paths the engine used before,
 * still used for what the direct paths leave to mingo).
 */
import { ObjectId } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { StoreError } from '../src/document-store.js';
import type { Document, Projection, Update } from '../src/document-store.js';
import { optionsReused } from '../src/mingo/compute-options.js';
import { numericExpr } from '../src/mingo/numeric-expr.js';
import {
  applyUpdate,
  applyUpdateWithUpdater,
  compileFilter,
  matchWithMingo,
  project,
  projectWithMingo,
} from '../src/mingo/semantics.js';
import { applySimpleUpdate } from '../src/mingo/simple-update.js';
import { topLevelProjector } from '../src/mingo/top-level-projection.js';
import { checkProjection, checkUpdate } from '../src/query-guard.js';
import { decodeDocument, encodeDocument } from '../src/sqlite/codec.js';

/** Deterministic PRNG (mulberry32) so a failure reproduces. */
function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;
const pick = <T>(r: Random, items: readonly T[]): T => items[Math.floor(r() * items.length)] as T;

const KEYS = ['a', 'b', 'c', 'n', 'x', 'y', '2', '10', 'Zed', 'é', 'arr'] as const;

function scalar(r: Random): unknown {
  return pick(r, [
    () => Math.floor(r() * 7) - 2,
    () => Math.floor(r() * 100) / 8,
    () => 0,
    () => pick(r, ['', 's', 'long text', '0']),
    () => r() < 0.5,
    () => null,
    () => new Date(Date.UTC(2024, 0, 1 + Math.floor(r() * 3))),
    () => new ObjectId(pick(r, ['000000000000000000000001', 'ffffffffffffffffffffffff'])),
    () => 2 ** 31 + 0.5,
  ])();
}

function value(r: Random, depth: number): unknown {
  const roll = r();
  if (depth < 3 && roll < 0.2) {
    const o: Record<string, unknown> = {};
    for (let i = Math.floor(r() * 4); i > 0; i--) o[pick(r, KEYS)] = value(r, depth + 1);
    return o;
  }
  if (depth < 3 && roll < 0.3) return Array.from({ length: Math.floor(r() * 3) }, () => value(r, depth + 1));
  return scalar(r);
}

function randomDoc(r: Random, i: number): Document {
  const doc: Document = { _id: i % 2 ? `id${i}` : i };
  for (let k = Math.floor(r() * 6); k > 0; k--) doc[pick(r, KEYS)] = value(r, 1);
  return doc;
}

/** A copy that keeps Dates and ObjectIds (the engine's own codec). */
const clone = (doc: Document): Document => decodeDocument(encodeDocument(doc));

type Outcome = { ok: true; text: string; doc: unknown } | { ok: false; code: string };

function outcome(fn: () => unknown): Outcome {
  try {
    const result = fn();
    return { ok: true, text: JSON.stringify(result, (_k, v: unknown) => v), doc: result };
  } catch (err) {
    if (!(err instanceof StoreError)) throw err;
    return { ok: false, code: err.code };
  }
}

function expectSame(got: Outcome, want: Outcome, label: string): void {
  expect(got.ok, label).toBe(want.ok);
  if (got.ok && want.ok) {
    // Key order (JSON text, which also tells ObjectId and Date apart from strings) and types.
    expect(got.text, label).toBe(want.text);
    expect(got.doc, label).toStrictEqual(want.doc);
    if (Array.isArray(got.doc))
      expect(
        (got.doc as Document[]).map((d) => encodeDocument(d)),
        label,
      ).toEqual((want.doc as Document[]).map((d) => encodeDocument(d)));
    else expect(encodeDocument(got.doc as Document), label).toBe(encodeDocument(want.doc as Document));
  } else if (!got.ok && !want.ok) {
    expect(got.code, label).toBe(want.code);
  }
}

function randomProjection(r: Random): Projection {
  const projection: Record<string, unknown> = {};
  const mode = r();
  for (let k = 1 + Math.floor(r() * 3); k > 0; k--) {
    const key = pick(r, [...KEYS, '_id', '_id', 'missing', 'a.x', 'toString', 'b.2']);
    projection[key] = mode < 0.45 ? pick(r, [1, true]) : mode < 0.9 ? pick(r, [0, false]) : pick(r, [0, 1]);
  }
  if (r() < 0.3) projection._id = pick(r, [0, 1, false, true]);
  return projection as Projection;
}

const PATHS = [
  'a',
  'b',
  'n',
  'x',
  '2',
  'Zed',
  'a.x',
  'a.y',
  'b.x',
  'b.2',
  'c.x.y',
  'n.x',
  'arr.0',
  'd.e',
  'é.é',
];

function conflicts(a: string, b: string): boolean {
  return a === b || a.startsWith(`${b}.`) || b.startsWith(`${a}.`);
}

function randomUpdate(r: Random, simpleOnly: boolean): Update {
  const used: string[] = [];
  const freshPath = (): string | null => {
    for (let tries = 0; tries < 10; tries++) {
      const path = pick(r, PATHS);
      if (!used.some((u) => conflicts(u, path))) {
        used.push(path);
        return path;
      }
    }
    return null;
  };
  const simple = ['$set', '$unset', '$inc'];
  const others = ['$mul', '$min', '$max', '$rename', '$push', '$addToSet', '$pull', '$pullAll', '$pop'];
  const update: Record<string, Record<string, unknown>> = {};
  for (let k = 1 + Math.floor(r() * 3); k > 0; k--) {
    const op = simpleOnly || r() < 0.7 ? pick(r, simple) : pick(r, others);
    const fields = (update[op] ??= {});
    for (let f = 1 + Math.floor(r() * 2); f > 0; f--) {
      const path = freshPath();
      if (!path) break;
      switch (op) {
        case '$inc':
        case '$mul':
          fields[path] = pick(r, [1, -2, 0.5, 5, 0]);
          break;
        case '$unset':
          fields[path] = '';
          break;
        case '$rename': {
          const target = freshPath();
          if (target && !target.includes('.')) fields[path] = target;
          break;
        }
        case '$pop':
          fields[path] = pick(r, [1, -1]);
          break;
        case '$pullAll':
          fields[path] = [scalar(r), scalar(r)];
          break;
        case '$push':
          fields[path] = r() < 0.5 ? value(r, 2) : { $each: [scalar(r), scalar(r)], $slice: -3 };
          break;
        default:
          fields[path] = value(r, 1);
      }
    }
  }
  return update;
}

/** A numeric `$expr` operand: a number, a field, or an `$add` of those (sometimes not numeric at all). */
function randomOperand(r: Random, depth = 0): unknown {
  const roll = r();
  if (depth < 2 && roll < 0.3)
    return { $add: Array.from({ length: 1 + Math.floor(r() * 3) }, () => randomOperand(r, depth + 1)) };
  if (roll < 0.45) return pick(r, [0, -1, 2.5, 10, 1e308]);
  if (roll < 0.5) return pick(r, ['$$ROOT', 'text', '$a.x', { $multiply: [2, '$n'] }]);
  return `$${pick(r, [...KEYS, 'missing', 'toString', 'q', 'quota', 'used'])}`;
}

function randomNumericDoc(r: Random, i: number): Document {
  const doc = randomDoc(r, i);
  // Mostly numbers in the fields the expressions read, so the direct path answers often.
  for (const key of ['n', 'q', 'quota', 'used', 'a']) {
    if (r() < 0.75) doc[key] = pick(r, [0, 1, -3, 7.25, 1e308, 2 ** 53, Number.NaN, Infinity, 5]);
  }
  return doc;
}

describe('mingo layer direct paths', () => {
  it('matches numeric $expr comparisons exactly as mingo does (5,000 random documents and filters)', () => {
    const r = prng(77);
    let direct = 0;
    for (let i = 0; i < 5000; i++) {
      const doc = randomNumericDoc(r, i);
      const filter = {
        $expr: { [pick(r, ['$lt', '$lte', '$gt', '$gte', '$eq'])]: [randomOperand(r), randomOperand(r)] },
      };
      const label = `${JSON.stringify(filter)} on ${encodeDocument(doc)}`;
      const want = outcome(() => matchWithMingo(filter)(clone(doc)));
      expectSame(
        outcome(() => compileFilter(filter)(clone(doc))),
        want,
        label,
      );
      if (numericExpr(filter)?.(doc) !== undefined) direct++;
    }
    // The direct path answered a good share itself (the rest went to mingo).
    expect(direct).toBeGreaterThan(300);
    // The quota charge's filter is one it answers.
    const charge = { $expr: { $lte: [{ $add: ['$dbUsed', '$filesUsed', 100] }, '$quota'] } };
    expect(numericExpr(charge)?.({ dbUsed: 10, filesUsed: 5, quota: 115 })).toBe(true);
    expect(numericExpr(charge)?.({ dbUsed: 10, filesUsed: 6, quota: 115 })).toBe(false);
    expect(numericExpr(charge)?.({ dbUsed: 10, quota: 115 })).toBeUndefined();
  });

  it('reuses initialised mingo options (no operator-table copy per query)', () => {
    expect(optionsReused).toBe(true);
  });

  it('projects top-level fields exactly as mingo does (3,000 random documents and projections)', () => {
    const r = prng(7);
    let direct = 0;
    for (let i = 0; i < 3000; i++) {
      const docs = [randomDoc(r, i), randomDoc(r, i + 1)];
      let projection: Projection | undefined;
      try {
        projection = checkProjection(randomProjection(r));
      } catch {
        continue;
      }
      if (!projection) continue;
      if (topLevelProjector(projection)) direct++;
      const label = `${JSON.stringify(projection)} on ${encodeDocument(docs[0] as Document)}`;
      expectSame(
        outcome(() => project(docs.map(clone), projection)),
        outcome(() => projectWithMingo(docs.map(clone), projection)),
        label,
      );
    }
    // Most cases took the direct path (the rest are dotted paths, mixes, prototype names).
    expect(direct).toBeGreaterThan(1500);
  });

  it('applies $set/$unset/$inc exactly as mingo does (5,000 random documents and updates)', () => {
    const r = prng(11);
    let direct = 0;
    for (let i = 0; i < 5000; i++) {
      const doc = randomDoc(r, i);
      let update: Update;
      try {
        update = checkUpdate(randomUpdate(r, true));
      } catch {
        continue;
      }
      if (applySimpleUpdate(clone(doc), update as Record<string, unknown>)) direct++;
      const label = `${JSON.stringify(update)} on ${encodeDocument(doc)}`;
      expectSame(
        outcome(() => applyUpdate(clone(doc), update, {})),
        outcome(() => applyUpdateWithUpdater(clone(doc), update, {})),
        label,
      );
    }
    // Most took the direct path (the rest meet arrays, Dates or scalars on their way).
    expect(direct).toBeGreaterThan(3000);
  });

  it('applies every other update operator exactly as mingo updateOne does (3,000 random cases)', () => {
    const r = prng(13);
    for (let i = 0; i < 3000; i++) {
      const doc = randomDoc(r, i);
      let update: Update;
      try {
        update = checkUpdate(randomUpdate(r, false));
      } catch {
        continue;
      }
      const label = `${JSON.stringify(update)} on ${encodeDocument(doc)}`;
      expectSame(
        outcome(() => applyUpdate(clone(doc), update, {})),
        outcome(() => applyUpdateWithUpdater(clone(doc), update, {})),
        label,
      );
    }
  });

  it('handles the positional operator and _id paths as mingo does', () => {
    const doc: Document = {
      _id: 1,
      grades: [80, 85, 90],
      items: [
        { k: 'a', q: 1 },
        { k: 'b', q: 2 },
      ],
    };
    const cases: [Update, Document][] = [
      [{ $set: { 'grades.$': 82 } }, { _id: 1, grades: 85 }],
      [{ $inc: { 'items.$.q': 5 } }, { _id: 1, 'items.k': 'b' }],
      [{ $inc: { 'grades.$[]': 1 } }, { _id: 1 }],
      [{ $inc: { _id: 1 } }, { _id: 1 }],
      [{ $set: { '_id.x': 1 } }, { _id: 1 }],
      [{ $rename: { grades: '_id' } }, { _id: 1 }],
      [{ $rename: { grades: 'g' }, $inc: { _id: 0 } }, { _id: 1 }],
      [{ $unset: { 'grades.1': '' } }, { _id: 1 }],
      [{ $set: { 'items.0.k': 'z' } }, { _id: 1 }],
    ];
    for (const [update, filter] of cases) {
      expectSame(
        outcome(() => applyUpdate(clone(doc), update, filter)),
        outcome(() => applyUpdateWithUpdater(clone(doc), update, filter)),
        JSON.stringify(update),
      );
    }
  });

  it("keeps mingo's own rules on the direct path", () => {
    const cases: [Document, Update, Document][] = [
      // An equal object (mingo ignores key order) is not rewritten.
      [{ _id: 1, a: { x: 1, y: 2 } }, { $set: { a: { y: 2, x: 1 } } }, { _id: 1, a: { x: 1, y: 2 } }],
      // $inc leaves a non-number alone (MongoDB would refuse; mingo does not).
      [{ _id: 1, a: 'text' }, { $inc: { a: 1, b: 2 } }, { _id: 1, a: 'text', b: 2 }],
      // A null on the way becomes an object for $set/$inc, and stops $unset.
      [{ _id: 1, a: null }, { $set: { 'a.b.c': 1 } }, { _id: 1, a: { b: { c: 1 } } }],
      [{ _id: 1, a: null, b: 1 }, { $unset: { 'a.x': '', b: '' } }, { _id: 1, a: null }],
      // New fields go last, existing ones keep their place.
      [{ _id: 1, a: 1, b: 2 }, { $set: { c: 3, a: 0 } }, { _id: 1, a: 0, b: 2, c: 3 }],
    ];
    for (const [doc, update, expected] of cases) {
      const got = applyUpdate(clone(doc), update, {});
      expect(encodeDocument(got)).toBe(encodeDocument(expected));
      expect(encodeDocument(applyUpdateWithUpdater(clone(doc), update, {}))).toBe(encodeDocument(expected));
    }
  });

  it('leaves the document untouched when it declines an update', () => {
    const doc: Document = { _id: 1, a: [1, 2], b: { c: 1 } };
    const before = encodeDocument(doc);
    expect(applySimpleUpdate(doc, { $set: { 'b.d': 1, 'a.x': 2 } })).toBe(false);
    expect(encodeDocument(doc)).toBe(before);
    expect(applySimpleUpdate(doc, { $inc: { 'b.c': 1 }, $push: { a: 3 } })).toBe(false);
    expect(encodeDocument(doc)).toBe(before);
  });
});
